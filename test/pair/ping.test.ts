/** ping in both directions. */
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createBridgePair } from '../helpers/bridges.js'
import { watch } from '../helpers/outcome.js'
import { request } from '../helpers/messages.js'

afterEach(() => {
  vi.useRealTimers()
})

describe('ping', () => {
  test('host → view: the view answers {} and host.ping() resolves', async () => {
    const { host, pair, connect } = createBridgePair()
    await connect()
    const start = pair.log.length
    await expect(host.ping()).resolves.toBeUndefined()
    await pair.flush()
    // Id 2: both bridges live in this one realm, whose request ids are shared, and the view's ui/initialize took 1.
    expect(pair.log.slice(start)).toStrictEqual([
      { from: 'host', targetOrigin: '*', message: { jsonrpc: '2.0', id: 2, method: 'ping', params: {} } },
      { from: 'view', targetOrigin: pair.hostOrigin, message: { jsonrpc: '2.0', id: 2, result: {} } },
    ])
  })

  test('view → host: a ping request is answered {} with the same id', async () => {
    const { pair, connect } = createBridgePair()
    await connect()
    pair.injectToHost(request('p-1', 'ping'))
    await pair.flush()
    expect(pair.sent('host').at(-1)).toStrictEqual({ jsonrpc: '2.0', id: 'p-1', result: {} })
  })

  test('host.ping() before initialized waits for it, then pings', async () => {
    const { host, pair, connect } = createBridgePair()
    const ping = watch(host.ping())
    await pair.flush()
    expect(ping.state).toBe('pending')
    expect(pair.log).toEqual([])
    await connect()
    await pair.flush()
    expect(ping.state).toBe('fulfilled')
    expect(pair.sent('host').map((m) => m.method ?? 'response')).toEqual(['response', 'ping'])
  })

  test('host.ping() to a view that never initializes rejects with TIMEOUT', async () => {
    vi.useFakeTimers()
    const { host, pair } = createBridgePair({ host: { timeoutMs: 2_000 } })
    const ping = watch(host.ping())
    await vi.advanceTimersByTimeAsync(1_999)
    expect(ping.state).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    expect(ping.code).toBe('TIMEOUT')
    expect(pair.log).toEqual([])
  })
})
