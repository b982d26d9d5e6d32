/** Timeouts across the pair, on fake timers (message delivery stays real, see courier.ts). */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createBridgePair, createLoneView } from '../helpers/bridges.js'
import { watch } from '../helpers/outcome.js'
import { stall } from '../helpers/stall.js'
import { HANDSHAKE_TIMEOUT_MS } from '../../src/view/index.js'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('a view request the host never answers', () => {
  function stalledHost() {
    const message = stall()
    const bridges = createBridgePair({ view: { timeoutMs: 1_000 }, host: { capabilities: { message: {} }, handlers: { message: message.handler } } })
    return { ...bridges, signal: () => message.signal, finish: message.finish }
  }

  test('rejects with TIMEOUT at the deadline and tells the host, whose handler is aborted', async () => {
    const { view, pair, connect, signal } = stalledHost()
    await connect()
    const sending = watch(view.sendMessage('hello'))
    await pair.flush()
    await vi.advanceTimersByTimeAsync(999)
    expect(sending.state).toBe('pending')
    expect(signal()!.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await pair.flush()
    expect(sending.code).toBe('TIMEOUT')
    expect(pair.sent('view').at(-1)).toStrictEqual({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2, reason: 'timeout' } })
    expect(signal()!.aborted).toBe(true)
  })

  test('the host does not answer once the view gave up', async () => {
    const { view, pair, connect, finish, warnings } = stalledHost()
    await connect()
    const sending = watch(view.sendMessage('hello'))
    await pair.flush()
    await vi.advanceTimersByTimeAsync(1_000)
    await pair.flush()
    const before = pair.log.length
    finish()
    await pair.flush()
    expect(sending.code).toBe('TIMEOUT')
    expect(pair.log.length).toBe(before)
    expect(warnings.view).toEqual([])
  })

  test('the default request timeout is 30 s', async () => {
    const { view, pair, connect } = createBridgePair({
      host: { capabilities: { message: {} }, handlers: { message: () => new Promise(() => {}) } },
    })
    await connect()
    const sending = watch(view.sendMessage('hello'))
    await pair.flush()
    await vi.advanceTimersByTimeAsync(29_999)
    expect(sending.state).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    expect(sending.code).toBe('TIMEOUT')
  })
})

describe('handshake timeout', () => {
  test('defaults to 10 s', () => {
    expect(HANDSHAKE_TIMEOUT_MS).toBe(10_000)
  })

  test('no answer: connect() rejects with TIMEOUT, the view closes and stops listening', async () => {
    const { view, pair, startConnect } = createLoneView()
    const closed: string[] = []
    view.on('close', (reason) => void closed.push(reason))
    const { connecting } = await startConnect()
    const outcome = watch(connecting)
    await vi.advanceTimersByTimeAsync(9_999)
    expect(outcome.state).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    expect(outcome.code).toBe('TIMEOUT')
    expect(closed).toHaveLength(1)
    expect(pair.messageListeners('view')).toBe(0)
    expect(pair.sent('view').map((m) => m.method)).toEqual(['ui/initialize', 'notifications/cancelled'])
  })

  test('handshakeTimeoutMs sets it; a late answer changes nothing', async () => {
    const { view, pair, startConnect } = createLoneView({ handshakeTimeoutMs: 500 })
    const { connecting } = await startConnect()
    const outcome = watch(connecting)
    await vi.advanceTimersByTimeAsync(500)
    expect(outcome.code).toBe('TIMEOUT')
    pair.injectToView({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2026-01-26', hostInfo: { name: 'h', version: '1' } } })
    await pair.flush()
    expect(view.hostInfo).toBeUndefined()
    expect(pair.sent('view').map((m) => m.method)).toEqual(['ui/initialize', 'notifications/cancelled'])
  })

  test('after a failed handshake every call rejects with CLOSED', async () => {
    const { view, startConnect } = createLoneView({ handshakeTimeoutMs: 100 })
    const { connecting } = await startConnect()
    await vi.advanceTimersByTimeAsync(100)
    await expect(connecting).rejects.toMatchObject({ code: 'TIMEOUT' })
    await expect(view.sendMessage('x')).rejects.toMatchObject({ code: 'CLOSED' })
    expect(view.sendSizeChanged({ width: 1 })).toBe(false)
  })
})
