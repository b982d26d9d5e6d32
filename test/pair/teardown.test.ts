/** ui/resource-teardown end to end: the view's reply, then the host closes. */
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createBridgePair } from '../helpers/bridges.js'
import { listenedFrames } from '../../src/host/index.js'
import { request } from '../helpers/messages.js'
import { watch } from '../helpers/outcome.js'

afterEach(() => {
  vi.useRealTimers()
})

describe('teardown', () => {
  test('the exact exchange: request with reason, view answers {}, host closes and stops listening', async () => {
    const { host, view, pair, connect } = createBridgePair()
    await connect()
    const reasons: unknown[] = []
    view.on('teardown', (params) => void reasons.push(params))
    const closed: string[] = []
    host.on('close', (reason) => void closed.push(reason))
    const start = pair.log.length
    await host.teardown('conversation deleted')
    // Id 2: both bridges live in this one realm, whose request ids are shared, and the view's ui/initialize took 1.
    expect(pair.log.slice(start)).toStrictEqual([
      { from: 'host', targetOrigin: '*', message: { jsonrpc: '2.0', id: 2, method: 'ui/resource-teardown', params: { reason: 'conversation deleted' } } },
      { from: 'view', targetOrigin: pair.hostOrigin, message: { jsonrpc: '2.0', id: 2, result: {} } },
    ])
    expect(reasons).toStrictEqual([{ reason: 'conversation deleted' }])
    expect(host.closed).toBe(true)
    expect(closed).toEqual(['conversation deleted'])
    expect(listenedFrames(pair.host as never)).toBe(0)
  })

  test('the view answers only after every teardown listener settled (so it can save state)', async () => {
    const { host, view, pair, connect } = createBridgePair()
    await connect()
    let release: () => void = () => {}
    view.on('teardown', () => new Promise<void>((resolve) => (release = resolve)))
    const teardown = watch(host.teardown())
    await pair.flush()
    expect(pair.sent('view').filter((m) => 'result' in m || 'error' in m)).toEqual([])
    expect(teardown.state).toBe('pending')
    release()
    await pair.flush()
    expect(pair.sent('view').at(-1)).toStrictEqual({ jsonrpc: '2.0', id: 2, result: {} })
    expect(teardown.state).toBe('fulfilled')
  })

  test('a failing listener answers -32000 "Teardown error"; the host reports it and closes anyway', async () => {
    const { host, view, pair, connect, warnings } = createBridgePair()
    await connect()
    view.on('teardown', () => Promise.reject(new Error('disk full')))
    await host.teardown()
    expect(pair.sent('view').at(-1)).toStrictEqual({ jsonrpc: '2.0', id: 2, error: { code: -32000, message: expect.stringContaining('disk full') } })
    expect(host.closed).toBe(true)
    expect(warnings.host.map((w) => w.code)).toEqual(['UNEXPECTED'])
  })

  test('a listener failing with a value that has no string form still answers -32000 "Teardown error"', async () => {
    const { host, view, pair, connect } = createBridgePair()
    await connect()
    view.on('teardown', () => Promise.reject(Object.create(null)))
    await host.teardown()
    expect(pair.sent('view').at(-1)).toStrictEqual({ jsonrpc: '2.0', id: 2, error: { code: -32000, message: 'Teardown error: a value with no string form' } })
  })

  test('a view that never answers: the host waits 5 s by default, then closes and reports it', async () => {
    vi.useFakeTimers()
    const { host, view, pair, connect, warnings } = createBridgePair()
    await connect()
    view.on('teardown', () => new Promise(() => {}))
    const teardown = watch(host.teardown())
    await pair.flush()
    await vi.advanceTimersByTimeAsync(4_999)
    expect(teardown.state).toBe('pending')
    expect(host.closed).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(teardown.state).toBe('fulfilled')
    expect(host.closed).toBe(true)
    expect(warnings.host.map((w) => w.code)).toEqual(['UNEXPECTED'])
    expect(listenedFrames(pair.host as never)).toBe(0)
  })

  test('teardownTimeoutMs shortens the wait', async () => {
    vi.useFakeTimers()
    const { host, view, pair, connect } = createBridgePair({ host: { teardownTimeoutMs: 100 } })
    await connect()
    view.on('teardown', () => new Promise(() => {}))
    const teardown = watch(host.teardown())
    await pair.flush()
    await vi.advanceTimersByTimeAsync(100)
    expect(teardown.state).toBe('fulfilled')
  })

  test('teardown() twice returns the same promise and sends one request', async () => {
    const { host, pair, connect } = createBridgePair()
    await connect()
    const first = host.teardown()
    expect(host.teardown()).toBe(first)
    await first
    expect(pair.sent('host').filter((m) => m.method === 'ui/resource-teardown')).toHaveLength(1)
  })

  test('before the view initialized nothing is sent; the host just closes', async () => {
    const { host, pair } = createBridgePair()
    await host.teardown()
    expect(pair.log).toEqual([])
    expect(host.closed).toBe(true)
  })

  test('the spec form {} and the SDK form {reason} are both answered; a non-string reason is -32602', async () => {
    const { pair, connect } = createBridgePair()
    await connect()
    pair.injectToView(request('t1', 'ui/resource-teardown', {}))
    pair.injectToView(request('t2', 'ui/resource-teardown', { reason: 'bye' }))
    pair.injectToView(request('t3', 'ui/resource-teardown', { reason: 42 }))
    await pair.flush()
    expect(pair.sent('view').slice(-3)).toStrictEqual([
      { jsonrpc: '2.0', id: 't1', result: {} },
      { jsonrpc: '2.0', id: 't2', result: {} },
      { jsonrpc: '2.0', id: 't3', error: { code: -32602, message: expect.stringContaining('reason') } },
    ])
  })

  test('the view asking for teardown reaches the host as an event', async () => {
    const { host, view, pair, connect } = createBridgePair()
    await connect()
    let asked = 0
    host.on('requestteardown', () => void asked++)
    expect(view.requestTeardown()).toBe(true)
    await pair.flush()
    expect(pair.sent('view').at(-1)).toStrictEqual({ jsonrpc: '2.0', method: 'ui/notifications/request-teardown', params: {} })
    expect(asked).toBe(1)
  })
})
