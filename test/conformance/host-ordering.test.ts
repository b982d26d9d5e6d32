/**
 * host-nothing-before-initialized judges a window, not all time: its evidence says how long the
 * view held `initialized` back after the last hook, so a PASS states what it covers.
 */
import { describe, expect, it } from 'vitest'
import { judgeOrdering } from '../../src/conformance/host/checks/ordering.js'
import type { HostRecord, SessionRecord } from '../../src/conformance/host/record.js'
import type { WireEvent } from '../../src/conformance/wire.js'

const delivered = (seq: number, method: string): WireEvent => ({ source: 'view', seq, kind: 'in', trusted: true, message: { jsonrpc: '2.0', method, params: {} } })
const main = (view: WireEvent[], initializedSeq: number) => ({ name: 'main', view, runtime: [], errors: [], initializedSeq, requestedVersion: '2026-01-26', viewDisplayModes: [] }) as SessionRecord

describe('host-nothing-before-initialized', () => {
  it('passes a host that delivered only after initialized, stating the window it watched', () => {
    const [verdict] = judgeOrdering({ main: main([delivered(5, 'ui/notifications/tool-input')], 4), ordering: { heldMs: 412 } } as HostRecord)
    expect(verdict).toMatchObject({ id: 'host-nothing-before-initialized', status: 'PASS' })
    expect(verdict!.evidence).toContain('main: 0 request(s)/notification(s) before initialized, 1 after')
    expect(verdict!.evidence.at(-1)).toMatch(/^main: initialized held back 412 ms after the last hook \(a ping round trip, then 150 ms\): .*later than that \(a timer, a debounce\) arrives after initialized and is not told apart from a flush$/)
  })

  it('fails a host that delivered before initialized, naming the message and the fix', () => {
    const [verdict] = judgeOrdering({ main: main([delivered(3, 'ui/notifications/tool-input'), delivered(5, 'ui/notifications/tool-result')], 4), ordering: { heldMs: 300 } } as HostRecord)
    expect(verdict).toMatchObject({ status: 'FAIL' })
    expect(verdict!.evidence[0]).toMatch(/^main: received before initialized: #3 in ui\/notifications\/tool-input/)
    // What the kit did, and what a host does instead.
    expect(verdict!.evidence[1]).toMatch(/^the kit \(a chat UI whose tool call finished while the view loaded\) called setHostContext, .* before the view sent initialized: queue what the view should get until initialized arrives/)
  })
})
