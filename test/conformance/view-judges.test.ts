/**
 * View judges on records the browser runs rarely produce: a view that never completed the
 * handshake has no verdict its probes did not earn.
 */
import { describe, expect, it } from 'vitest'
import { notReached } from '../../src/conformance/verdict.js'
import { judgeViewHandshake } from '../../src/conformance/view/checks/handshake.js'
import { judgeViewContext } from '../../src/conformance/view/checks/context.js'
import { judgeViewDisplayMode } from '../../src/conformance/view/checks/display-mode.js'
import { judgeViewRpc } from '../../src/conformance/view/checks/rpc.js'
import { judgeViewSandbox } from '../../src/conformance/view/checks/sandbox.js'
import { judgeViewSize } from '../../src/conformance/view/checks/size.js'
import { judgeViewTeardown } from '../../src/conformance/view/checks/teardown.js'
import type { ViewRecord } from '../../src/conformance/view/record.js'

const request = { source: 'host' as const, seq: 1, kind: 'in' as const, message: { jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: {} } }

describe('view judges', () => {
  it('size: a view that never sent initialized was not reached, not failed', () => {
    const record = { main: { name: 'main', log: [request], errors: [], initializeRequest: request, hasProbe: false } } as ViewRecord
    const verdicts = notReached(judgeViewSize(record), { main: 'the view never completed the handshake' })
    expect(verdicts).toMatchObject([{ id: 'view-size-changed', status: 'NOT APPLICABLE', evidence: ['not reached: the view never completed the handshake'] }])
  })

  it('teardown: a success whose result is not an object fails (it is no error answer either)', () => {
    const main = { name: 'main', log: [], errors: [], hasProbe: false }
    const answer = (message: Record<string, unknown>) => ({ main, teardown: { response: { source: 'host' as const, seq: 9, kind: 'in' as const, message: { jsonrpc: '2.0', id: 5, ...message } } } }) as ViewRecord
    expect(judgeViewTeardown(answer({ result: null }))).toMatchObject([{ status: 'FAIL' }])
    expect(judgeViewTeardown(answer({ result: 'done' }))).toMatchObject([{ status: 'FAIL' }])
    expect(judgeViewTeardown(answer({ result: {} }))).toMatchObject([{ status: 'PASS' }])
    expect(judgeViewTeardown(answer({ error: { code: -32000, message: 'Teardown error' } }))).toMatchObject([{ status: 'PASS' }])
    expect(judgeViewTeardown(answer({ error: { code: -32601, message: 'Method not found' } }))).toMatchObject([{ status: 'FAIL' }])
  })

  it('context: a merged context is compared by value, not by the order of nested keys or the first 1,000 characters', () => {
    const main = { name: 'main', log: [], errors: [], hasProbe: true }
    const before = { theme: 'light', containerDimensions: { width: 400, maxHeight: 600 }, styles: { variables: { '--font-sans': `${'x'.repeat(1200)}, serif` } } }
    const merged = (probed: Record<string, unknown>) => judgeViewContext({ main, context: { change: { theme: 'dark' }, before, probed } } as unknown as ViewRecord)
    expect(merged({ ...before, theme: 'dark', containerDimensions: { maxHeight: 600, width: 400 } })).toMatchObject([{ status: 'PASS' }])
    expect(merged({ ...before, theme: 'dark', styles: { variables: { '--font-sans': `${'x'.repeat(1200)}, sans-serif` } } })).toMatchObject([{ status: 'FAIL' }])
  })

  it('a view that never sent a message has passed neither one-response nor no-sandbox-messages', () => {
    const record = { main: { name: 'main', log: [], errors: [], hasProbe: false } } as unknown as ViewRecord
    expect(judgeViewSandbox(record)).toMatchObject([{ id: 'view-no-sandbox-messages', status: 'NOT APPLICABLE' }])
    expect(judgeViewRpc(record).find((verdict) => verdict.id === 'view-one-response')).toMatchObject({ status: 'NOT APPLICABLE' })
  })

  it('handshake: a view that never sent ui/initialize is shown its own uncaught errors and what to check', () => {
    const record = { main: { name: 'main', log: [], errors: ['Error: boom'], hasProbe: false } } as unknown as ViewRecord
    const [params] = judgeViewHandshake(record)
    expect(params).toMatchObject({ id: 'view-initialize-params', status: 'FAIL' })
    expect(params!.evidence[0]).toMatch(/^the view sent no ui\/initialize within 10 s: is the HTML self-contained\?/)
    expect(params!.evidence).toContain('uncaught in the view: Error: boom')
  })

  it('handshake: a view that never sent ui/initialize is shown what the browser refused to load, once each', () => {
    const refused = "Loading the script 'https://cdn.example.com/app.js' violates the following Content Security Policy directive: \"script-src 'self' 'unsafe-inline'\"."
    const record = { main: { name: 'main', log: [], errors: [], consoleErrors: [refused, `${refused} Note that 'script-src-elem' was not explicitly set.`, 'Failed to load resource: the server responded with a status of 404 (Not Found)'], hasProbe: false } } as unknown as ViewRecord
    const [params] = judgeViewHandshake(record)
    expect(params!.evidence.slice(1)).toEqual([`console error: ${refused}`, 'console error: Failed to load resource: the server responded with a status of 404 (Not Found)'])
  })

  it('size: a view that never reported its size is told why a host needs it, and how the official App does it', () => {
    const initialized = { source: 'host' as const, seq: 3, kind: 'in' as const, message: { jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} } }
    const [size] = judgeViewSize({ main: { name: 'main', log: [initialized], errors: [], hasProbe: false, initialized } } as unknown as ViewRecord)
    expect(size).toMatchObject({ status: 'FAIL' })
    expect(size!.evidence[1]).toMatch(/^the host offered a flexible height \(containerDimensions \{"maxHeight":2000\}\): such a host sizes the view's frame from these reports/)
    expect(size!.evidence[1]).toContain('autoResize')
  })

  it('display mode: a view asking for a mode the host does not offer is shown the list it should have read', () => {
    const sent = (seq: number, mode: string) => ({ source: 'host' as const, seq, kind: 'in' as const, message: { jsonrpc: '2.0', id: seq, method: 'ui/request-display-mode', params: { mode } } })
    const action = (seq: number, mode: string, answer: string) => ({ action: 'requestDisplayMode', method: 'ui/request-display-mode', outcome: { ok: true, value: answer }, sent: [sent(seq, mode)] })
    const record = { main: { name: 'main', log: [], errors: [], hasProbe: true }, displayMode: { offered: ['inline', 'fullscreen'], pip: action(4, 'pip', 'inline'), fullscreen: action(6, 'fullscreen', 'inline'), granted: action(8, 'fullscreen', 'fullscreen'), notOffered: action(10, 'fullscreen', 'inline') } }
    const [checks] = judgeViewDisplayMode(record as unknown as ViewRecord)
    expect(checks).toMatchObject({ id: 'view-checks-display-modes', status: 'FAIL' })
    expect(checks!.evidence[2]).toBe('the host\'s hostContext.availableDisplayModes was ["inline","fullscreen"] in the main session and ["inline"] in the minimal session: read it before ui/request-display-mode (the official App leaves that check to the app)')
  })

  it('says how to fix the two failures official example views show: no display modes declared, no teardown handler', () => {
    const initialize = { ...request, message: { ...request.message, params: { appInfo: { name: 'v', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' } } }
    const main = { name: 'main', log: [], errors: [], hasProbe: false, initializeRequest: initialize }
    const modes = judgeViewHandshake({ main } as unknown as ViewRecord).find((verdict) => verdict.id === 'view-declares-display-modes')
    expect(modes).toMatchObject({ status: 'FAIL', evidence: ['appCapabilities.availableDisplayModes is undefined: the view must list the modes it supports, at least the one it renders in (e.g. ["inline"])'] })
    const response = { source: 'host' as const, seq: 9, kind: 'in' as const, message: { jsonrpc: '2.0', id: 5, error: { code: -32601, message: 'Method not found' } } }
    const [teardown] = judgeViewTeardown({ main, teardown: { response } } as unknown as ViewRecord)
    expect(teardown!.evidence[0]).toMatch(/^the view does not implement ui\/resource-teardown \(handle it and answer \{\} once its state is saved; the official App: set app\.onteardown\)/)
  })
})
