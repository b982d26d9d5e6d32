/** Tool input / partial / result / cancelled end to end, with the host-side queue and order of A.2. */
import { describe, expect, test } from 'vitest'
import { APP_INFO, createBridgePair, methods } from '../helpers/bridges.js'
import type { CallToolResult } from '../../src/protocol/mcp-types.js'
import type { HostBridge } from '../../src/host/index.js'
import { ViewBridge } from '../../src/view/index.js'

const INPUT = 'ui/notifications/tool-input'
const PARTIAL = 'ui/notifications/tool-input-partial'
const RESULT = 'ui/notifications/tool-result'
const CANCELLED = 'ui/notifications/tool-cancelled'
const CONTEXT = 'ui/notifications/host-context-changed'
const result: CallToolResult = { content: [{ type: 'text', text: '21°C' }], structuredContent: { temperature: 21 } }

/** The host's notifications to the view (responses left out). */
const hostNotifications = (pair: { sent(from: 'host'): any[] }) => pair.sent('host').filter((m) => 'method' in m)

function recordViewEvents(view: ReturnType<typeof createBridgePair>['view']) {
  const events: Array<[string, unknown]> = []
  view.on('toolinputpartial', (p) => void events.push(['partial', p]))
  view.on('toolinput', (p) => void events.push(['input', p]))
  view.on('toolresult', (p) => void events.push(['result', p]))
  view.on('toolcancelled', (p) => void events.push(['cancelled', p]))
  return events
}

describe('held until initialized', () => {
  test('nothing reaches the view before ui/notifications/initialized; then it is flushed in protocol order', async () => {
    const { host, view, pair, connect } = createBridgePair({ host: { hostContext: { theme: 'dark' } } })
    const events = recordViewEvents(view)
    host.sendToolInputPartial({ city: 'Par' })
    host.sendToolInput({ city: 'Paris' })
    host.sendToolResult(result)
    host.setHostContext({ theme: 'light' })
    await pair.flush()
    expect(pair.log).toEqual([])
    expect(host.toolPhase).toBe('result')
    await connect()
    expect(methods(pair.sent('host'))).toEqual(['response:1', INPUT, RESULT])
    expect(pair.sent('host').slice(1)).toStrictEqual([
      { jsonrpc: '2.0', method: INPUT, params: { arguments: { city: 'Paris' } } },
      { jsonrpc: '2.0', method: RESULT, params: result },
    ])
    // The context change made before the handshake travelled inside the answer.
    expect(pair.sent('host')[0].result.hostContext).toStrictEqual({ theme: 'light' })
    expect(events).toStrictEqual([
      ['input', { arguments: { city: 'Paris' } }],
      ['result', result],
    ])
  })

  test('context changed after the answer but before initialized is flushed first, then the tool data', async () => {
    const { host, view, pair } = createBridgePair({ host: { hostContext: { theme: 'dark' } } })
    host.sendToolInput({ q: 1 })
    host.on('traffic', (direction, message) => {
      if (direction === 'out' && 'result' in message) host.setHostContext({ theme: 'light' })
    })
    await view.connect()
    await pair.flush()
    expect(methods(hostNotifications(pair))).toEqual([CONTEXT, INPUT])
  })

  test('only the latest held partial is sent when no input was produced yet', async () => {
    const { host, pair, connect } = createBridgePair()
    host.sendToolInputPartial({ city: 'P' })
    host.sendToolInputPartial({ city: 'Pa' })
    host.sendToolInputPartial({ city: 'Par' })
    await connect()
    expect(hostNotifications(pair)).toStrictEqual([{ jsonrpc: '2.0', method: PARTIAL, params: { arguments: { city: 'Par' } } }])
    expect(host.toolPhase).toBe('streaming')
  })

  test('a held partial is dropped once the input exists', async () => {
    const { host, pair, connect } = createBridgePair()
    host.sendToolInputPartial({ city: 'Par' })
    host.sendToolInput({ city: 'Paris' })
    await connect()
    expect(methods(hostNotifications(pair))).toEqual([INPUT])
  })

  test('a held cancellation follows the held input; held partials are dropped', async () => {
    const { host, pair, connect } = createBridgePair()
    host.sendToolInputPartial({ city: 'Pa' })
    host.sendToolCancelled('user stopped the call')
    await connect()
    expect(hostNotifications(pair)).toStrictEqual([{ jsonrpc: '2.0', method: CANCELLED, params: { reason: 'user stopped the call' } }])
  })

  test('the first listener registered late still gets input and result that arrived before it', async () => {
    const { host, view, connect } = createBridgePair()
    host.sendToolInput({ a: 1 })
    host.sendToolResult(result)
    await connect()
    const seen: unknown[] = []
    view.on('toolinput', (p) => void seen.push(p))
    view.on('toolresult', (p) => void seen.push(p))
    await Promise.resolve()
    expect(seen).toStrictEqual([{ arguments: { a: 1 } }, result])
  })
})

describe('after initialized: sent at once, in order', () => {
  test('partials stream, then the input, then the result', async () => {
    const { host, view, pair, connect } = createBridgePair()
    await connect()
    const events = recordViewEvents(view)
    const start = pair.log.length
    host.sendToolInputPartial({ city: 'P' })
    host.sendToolInputPartial({ city: 'Par' })
    host.sendToolInput({ city: 'Paris' })
    host.sendToolResult(result)
    await pair.flush()
    expect(pair.sent('host', start)).toStrictEqual([
      { jsonrpc: '2.0', method: PARTIAL, params: { arguments: { city: 'P' } } },
      { jsonrpc: '2.0', method: PARTIAL, params: { arguments: { city: 'Par' } } },
      { jsonrpc: '2.0', method: INPUT, params: { arguments: { city: 'Paris' } } },
      { jsonrpc: '2.0', method: RESULT, params: result },
    ])
    expect(events.map(([kind]) => kind)).toEqual(['partial', 'partial', 'input', 'result'])
  })

  test('a zero-argument tool gets arguments: {}', async () => {
    const { host, pair, connect } = createBridgePair()
    await connect()
    host.sendToolInput()
    expect(pair.sent('host').at(-1)).toStrictEqual({ jsonrpc: '2.0', method: INPUT, params: { arguments: {} } })
  })

  test('cancelled instead of a result: reason object or string, or nothing', async () => {
    const { host, pair, connect } = createBridgePair()
    await connect()
    host.sendToolInput({})
    host.sendToolCancelled({ reason: 'timeout' })
    expect(pair.sent('host').at(-1)).toStrictEqual({ jsonrpc: '2.0', method: CANCELLED, params: { reason: 'timeout' } })
    const other = createBridgePair()
    await other.connect()
    other.host.sendToolCancelled()
    expect(other.pair.sent('host').at(-1)).toStrictEqual({ jsonrpc: '2.0', method: CANCELLED, params: {} })
  })

  test('toolPhase follows the call', async () => {
    const { host, connect } = createBridgePair()
    await connect()
    const phases = [host.toolPhase]
    host.sendToolInputPartial({})
    phases.push(host.toolPhase)
    host.sendToolInput({})
    phases.push(host.toolPhase)
    host.sendToolResult(result)
    phases.push(host.toolPhase)
    expect(phases).toEqual(['none', 'streaming', 'input', 'result'])
  })
})

describe('violations throw at the call site and send nothing', () => {
  type Step = (host: HostBridge) => void
  const violations: Array<[name: string, setup: Step, act: Step]> = [
    ['a partial after the input', (h) => h.sendToolInput({}), (h) => h.sendToolInputPartial({})],
    ['a second input', (h) => h.sendToolInput({}), (h) => h.sendToolInput({})],
    ['a result before the input', () => {}, (h) => h.sendToolResult(result)],
    ['a result while still streaming', (h) => h.sendToolInputPartial({}), (h) => h.sendToolResult(result)],
    ['a second result', (h) => (h.sendToolInput({}), h.sendToolResult(result)), (h) => h.sendToolResult(result)],
    ['a result after cancelled', (h) => (h.sendToolInput({}), h.sendToolCancelled()), (h) => h.sendToolResult(result)],
    ['cancelled after the result', (h) => (h.sendToolInput({}), h.sendToolResult(result)), (h) => h.sendToolCancelled()],
    ['cancelled twice', (h) => h.sendToolCancelled(), (h) => h.sendToolCancelled()],
    ['an input after cancelled', (h) => h.sendToolCancelled(), (h) => h.sendToolInput({})],
    ['a partial after cancelled', (h) => h.sendToolCancelled(), (h) => h.sendToolInputPartial({})],
  ]

  test.for(violations)('%s: PROTOCOL, after the handshake', async ([, setup, act]) => {
    const { host, pair, connect } = createBridgePair()
    await connect()
    setup(host)
    await pair.flush()
    const before = pair.log.length
    const phase = host.toolPhase
    expect(() => act(host)).toThrow(expect.objectContaining({ code: 'PROTOCOL' }))
    await pair.flush()
    expect(pair.log.length).toBe(before)
    expect(host.toolPhase).toBe(phase)
  })

  test.for(violations)('%s: PROTOCOL, while held before the handshake; the held data is unharmed', async ([, setup, act]) => {
    const reference = createBridgePair()
    setup(reference.host)
    await reference.connect()
    const { host, pair, connect } = createBridgePair()
    setup(host)
    expect(() => act(host)).toThrow(expect.objectContaining({ code: 'PROTOCOL' }))
    await connect()
    expect(pair.sent('host').slice(1)).toStrictEqual(reference.pair.sent('host').slice(1))
  })

  test('after close every send throws CLOSED', async () => {
    const { host, connect } = createBridgePair()
    await connect()
    host.close()
    for (const act of [() => host.sendToolInputPartial({}), () => host.sendToolInput({}), () => host.sendToolResult(result), () => host.sendToolCancelled(), () => host.setHostContext({ theme: 'dark' })]) {
      expect(act).toThrow(expect.objectContaining({ code: 'CLOSED' }))
    }
  })
})

describe('a repeated initialized notification', () => {
  test('is reported and does not resend tool data', async () => {
    const { host, pair, connect, warnings } = createBridgePair()
    host.sendToolInput({ a: 1 })
    await connect()
    const before = pair.log.length
    pair.injectToHost({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} })
    await pair.flush()
    expect(pair.log.length).toBe(before)
    expect(warnings.host.map((w) => w.code)).toEqual(['UNEXPECTED'])
  })
})

describe('a view bridge re-created in the same window after the handshake (React Fast Refresh, a remount, hot reload)', () => {
  test('the new bridge gets the tool input and result, or the cancellation, the first one had', async () => {
    for (const finish of [(host: HostBridge) => host.sendToolResult(result), (host: HostBridge) => host.sendToolCancelled('user stopped it')]) {
      const { pair, host, view: first, connect } = createBridgePair({ host: { hostContext: { theme: 'dark' } } })
      await connect()
      host.sendToolInput({ city: 'Oslo' })
      finish(host)
      await pair.flush()
      first.close('component unmounted')
      const second = new ViewBridge({ appInfo: APP_INFO, target: pair.parent, self: pair.view as never, autoResize: false })
      const events = recordViewEvents(second)
      const connection = await second.connect()
      await pair.flush()
      expect(connection.hostContext.theme).toBe('dark')
      expect(events).toStrictEqual([['input', { arguments: { city: 'Oslo' } }], host.toolPhase === 'result' ? ['result', result] : ['cancelled', { reason: 'user stopped it' }]])
      second.close()
    }
  })
})
