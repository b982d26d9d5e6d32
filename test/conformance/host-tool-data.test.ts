/**
 * The tool-data verdicts' evidence is about tool data: the hooks the host refused at the call
 * site are listed when they are tool-data hooks, not a refused display mode or context change.
 */
import { describe, expect, it } from 'vitest'
import { judgeToolData } from '../../src/conformance/host/checks/tool-data.js'
import type { HostRecord, SessionRecord } from '../../src/conformance/host/record.js'
import type { WireEvent } from '../../src/conformance/wire.js'

const delivered = (seq: number, method: string, params: unknown): WireEvent => ({ source: 'view', seq, kind: 'in', trusted: true, message: { jsonrpc: '2.0', method, params } })
const refused = (seq: number, name: string, error: string): WireEvent => ({ source: 'runtime', seq, kind: 'mark', mark: 'hook', data: { name, ok: false, error } })

describe('tool-data evidence', () => {
  it('lists the tool-data hooks the host refused, and no other hook', () => {
    const main = {
      name: 'main',
      view: [delivered(5, 'ui/notifications/tool-input', { arguments: { city: 'Paris' } }), delivered(6, 'ui/notifications/tool-result', { content: [{ type: 'text', text: 'Weather in Paris: sunny' }] })],
      runtime: [refused(1, 'sendToolInput', 'tool-input out of order (after result)'), refused(2, 'setHostContext', 'displayMode: pip not declared by the view')],
      errors: [],
      initializedSeq: 4,
      requestedVersion: '2026-01-26',
      viewDisplayModes: ['inline'],
    } as SessionRecord
    const once = judgeToolData({ main } as HostRecord).find((verdict) => verdict.id === 'host-tool-input-once')!
    expect(once.status).toBe('PASS')
    expect(once.evidence).toContain('main: the host refused sendToolInput at the call site ("tool-input out of order (after result)")')
    expect(once.evidence.join('\n')).not.toContain('setHostContext')
  })

  it('says, for a host that delivered what it should have refused, what the kit asked and what a host does instead', () => {
    const input = (seq: number) => delivered(seq, 'ui/notifications/tool-input', { arguments: { city: 'Paris' } })
    const main = { name: 'main', view: [input(5), delivered(6, 'ui/notifications/tool-result', { content: [] }), input(7)], runtime: [], errors: [], initializedSeq: 4, requestedVersion: '2026-01-26', viewDisplayModes: ['inline'] } as SessionRecord
    const once = judgeToolData({ main } as HostRecord).find((verdict) => verdict.id === 'host-tool-input-once')!
    expect(once.status).toBe('FAIL')
    expect(once.evidence[0]).toMatch(/^main: tool-input delivered 2 times/)
    expect(once.evidence[1]).toBe('the kit (a chat UI) called sendToolInput again after the result: deliver the input once, and refuse (throw) or drop a second one')
  })
})
