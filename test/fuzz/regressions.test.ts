/**
 * Every failure the fuzzers found, as the shrunk sequence fast-check reported, replayed through
 * the same runner and invariants (`runHost`, `runView`), next to a direct test of the behaviour
 * that was wrong. A new finding goes here with its fix, counterexample unchanged.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { inspectMessage } from '../../src/protocol/inspect.js'
import { createLoneView, initializeResult } from '../helpers/bridges.js'
import { request, success } from '../helpers/messages.js'
import { watch } from '../helpers/outcome.js'
import { createLoneSession } from '../helpers/sessions.js'
import { stall } from '../helpers/stall.js'
import { watchCrashes } from './crashes.js'
import { runHost } from './host-run.js'
import type { HostConfig, HostScenario } from './host-scenario.js'
import { nest } from './values.js'
import { runView } from './view-run.js'
import type { ViewConfig, ViewScenario } from './view-scenario.js'

const host = (config: Partial<HostConfig>, steps: HostScenario['steps']): HostScenario => ({
  config: { capabilities: {}, hostContext: {}, small: false, generous: false, server: 'client', forwardHandlers: false, denyActions: false, maxConcurrentCalls: 2, ...config },
  steps,
})
const view = (config: Partial<ViewConfig>, steps: ViewScenario['steps']): ViewScenario => ({
  config: { modes: undefined, tools: false, teardown: 'none', connectFirst: true, handshakeAt: 0, capabilities: {}, ...config },
  steps,
})
const message = (data: unknown) => ({ kind: 'message' as const, data })

/** The counterexamples, each named for what it broke and the fix. */
const HOST_CASES: Array<[string, HostScenario]> = [
  [
    'a malformed request with the id of one in flight (Fix: session answered it at once)',
    host({ capabilities: { serverTools: { listChanged: false } }, small: true }, [
      message({ jsonrpc: '2.0', id: 0, method: 'ui/initialize', params: { appInfo: { name: '', version: '1.0.0' }, appCapabilities: {}, protocolVersion: '2026-01-26' } }),
      message({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'hang-tool' } }),
      message({ jsonrpc: '2.0', id: 2, method: null, params: { role: 'user', content: [] } }),
    ]),
  ],
  [
    'an oversized request with an empty method (Fix: session left it unanswered)',
    host({}, [message({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: '' }, params: { payload: nest(150, false) }, method: '' })]),
  ],
  [
    'a CSP violation report whose blockedURI has a non-function toString (Fix: the warning converted it, and threw)',
    host({ small: true }, [message({ jsonrpc: '2.0', method: 'mcp-app-bridge/csp-violation', params: { blockedURI: { toString: {} }, directive: 'script-src' } })]),
  ],
]

const VIEW_CASES: Array<[string, ViewScenario]> = [
  [
    'a tool registered while the handshake is in flight (Fix: announced before initialized)',
    view({ tools: true, handshakeAt: 1 }, [{ kind: 'app', action: { do: 'registerTool', name: 'late' } }]),
  ],
]

describe('replayed counterexamples', () => {
  let crashes: ReturnType<typeof watchCrashes>
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] })
    crashes = watchCrashes()
  })
  afterAll(() => {
    crashes.stop()
    vi.useRealTimers()
  })

  it.for(HOST_CASES)('host: %s', async ([, scenario]) => {
    await runHost(scenario, crashes)
  })

  it.for(VIEW_CASES)('view: %s', async ([, scenario]) => {
    await runView(scenario, crashes)
  })
})

describe('the behaviour each counterexample broke', () => {
  it('a malformed request with the id of a request in flight is dropped, not answered: the first keeps its answer', async () => {
    const { a, link, warnings } = createLoneSession()
    const slow = stall()
    a.handle('slow', slow.handler)
    link.inject('a', request(2, 'slow'))
    await link.flush()
    link.inject('a', { jsonrpc: '2.0', id: 2, method: null })
    link.inject('a', request(2, 'ping', 'not an object'))
    await link.flush()
    expect(link.sent('a')).toEqual([])
    expect(warnings.map((warning) => warning.code)).toEqual(['MALFORMED', 'UNEXPECTED', 'MALFORMED', 'UNEXPECTED'])
    slow.finish()
    await link.flush()
    expect(link.sent('a')).toEqual([{ jsonrpc: '2.0', id: 2, result: {} }])
  })

  it('an oversized request with the id of a request in flight is dropped, not answered', async () => {
    const { a, link } = createLoneSession({ inspect: (data) => inspectMessage(data, { maxBytes: 1024, maxDepth: 10 }) })
    const slow = stall()
    a.handle('slow', slow.handler)
    link.inject('a', request(2, 'slow'))
    await link.flush()
    link.inject('a', request(2, 'ping', { payload: 'x'.repeat(2048) }))
    await link.flush()
    slow.finish()
    await link.flush()
    expect(link.sent('a')).toEqual([{ jsonrpc: '2.0', id: 2, result: {} }])
  })

  it('an oversized request with a malformed method is answered -32600, and never settles a pending request with its id', async () => {
    const { a, link } = createLoneSession({ inspect: (data) => inspectMessage(data) })
    const ping = watch(a.request('ping'))
    await link.flush()
    const pingId = link.sent('a')[0].id
    link.inject('a', { jsonrpc: '2.0', id: pingId, method: '', params: { payload: nest(150, false) } })
    link.inject('a', { jsonrpc: '2.0', id: 'big', method: 42, params: { payload: nest(150, true) } })
    await link.flush()
    expect(link.sent('a').slice(1)).toEqual([
      { jsonrpc: '2.0', id: pingId, error: { code: -32600, message: 'Message too deep' } },
      { jsonrpc: '2.0', id: 'big', error: { code: -32600, message: 'Message too deep' } },
    ])
    expect(ping.state).toBe('pending')
    link.inject('a', success(pingId, {}))
    await link.flush()
    expect(ping.state).toBe('fulfilled')
  })

  it('a tool registered while the handshake is in flight is announced only after it', async () => {
    const { view: bridge, pair, startConnect } = createLoneView()
    bridge.registerTool('first', {}, () => ({ content: [] }))
    const { connecting } = await startConnect()
    bridge.registerTool('late', {}, () => ({ content: [] }))
    await pair.flush()
    expect(pair.sent('view').map((sent) => sent.method)).toEqual(['ui/initialize'])
    pair.injectToView(success(pair.sent('view')[0].id, initializeResult()))
    await connecting
    bridge.registerTool('later', {}, () => ({ content: [] }))
    await pair.flush()
    expect(pair.sent('view').map((sent) => sent.method)).toEqual(['ui/initialize', 'ui/notifications/initialized', 'notifications/tools/list_changed'])
  })
})
