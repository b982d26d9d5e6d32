/**
 * host-capability-gating ties each side effect to the gated request that caused it by what the
 * effect carries (the request's tag) or, without a tag, by its kind, never by when it came: a
 * late effect is not blamed on the request that happened to be in flight.
 */
import { describe, expect, it } from 'vitest'
import { attributeSideEffects, judgeCapabilities, type GatedCall, type GatingObservation } from '../../src/conformance/host/checks/capabilities.js'
import type { HostRecord } from '../../src/conformance/host/record.js'
import type { WireEvent } from '../../src/conformance/wire.js'

const refused = (id: number): WireEvent => ({ source: 'view', seq: id, kind: 'in', message: { jsonrpc: '2.0', id, error: { code: -32601, message: 'not advertised' } } })
const call = (method: string, capability: string, tag: string, id: number): GatedCall => ({ method, capability, tag, response: refused(id), caused: [] })
const CALLS = [
  call('ui/open-link', 'openLinks', 'gated-open-link', 1),
  call('ui/message', 'message', 'gated-message', 2),
  call('resources/list', 'serverResources', 'gated-resources-list', 3),
]
let seq = 0
const mark = (name: 'effect' | 'server-call', data: unknown): WireEvent => ({ source: 'runtime', seq: ++seq, kind: 'mark', mark: name, data })

describe('host-capability-gating side effects', () => {
  it('are tied to the request whose tag they carry, whenever they come', () => {
    // The open-link effect comes last, after the message request was sent: still open-link's.
    const { calls, unexplained } = attributeSideEffects(CALLS, [mark('effect', { kind: 'message', params: { content: [{ type: 'text', text: 'kit gated-message' }] } }), mark('effect', { kind: 'openLink', params: { url: 'https://example.com/?probe=gated-open-link' } })])
    expect(calls.map((entry) => entry.caused.length)).toEqual([1, 1, 0])
    expect(calls[0]!.caused[0]).toMatch(/^effect \{"kind":"openLink"/)
    expect(calls[1]!.caused[0]).toMatch(/^effect \{"kind":"message"/)
    expect(unexplained).toEqual([])
  })

  it('without a tag, are tied by kind; what no gated request causes is unexplained, and fails the check', () => {
    const events = [mark('server-call', { method: 'resources/list' }), mark('effect', { kind: 'openLink', params: { url: 'https://example.com/' } }), mark('server-call', { method: 'tools/list' })]
    const { calls, unexplained } = attributeSideEffects(CALLS, events)
    expect(calls.map((entry) => entry.caused)).toEqual([['effect {"kind":"openLink","params":{"url":"https://example.com/"}}'], [], ['server call {"method":"resources/list"}']])
    expect(unexplained).toEqual(['server call {"method":"tools/list"}'])
    const observed: GatingObservation = { calls: CALLS, unexplained, advertisedAnyway: [], logging: { reportedWhenAdvertised: true, advertisedInMinimal: false, caused: [] } }
    const [gating] = judgeCapabilities({ gating: observed } as HostRecord)
    expect(gating).toMatchObject({ id: 'host-capability-gating', status: 'FAIL' })
    expect(gating!.evidence[0]).toBe('while the gated requests were handled, the host also caused: server call {"method":"tools/list"}')
  })
})
