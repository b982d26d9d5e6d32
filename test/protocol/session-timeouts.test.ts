/** Session: per-request timeouts and progress, on fake timers. */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { DEFAULT_TIMEOUT_MS } from '../../src/protocol/session.js'
import { createLoneSession } from '../helpers/sessions.js'
import { watch } from '../helpers/outcome.js'
import { notification, success } from '../helpers/messages.js'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('timeouts', () => {
  test('the default timeout is 30 s', () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(30_000)
  })

  test('an unanswered request rejects with TIMEOUT exactly at the deadline and cancels on the wire', async () => {
    const { a, link } = createLoneSession()
    const pending = watch(a.request('slow', { x: 1 }))
    await vi.advanceTimersByTimeAsync(29_999)
    expect(pending.state).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    expect(pending.code).toBe('TIMEOUT')
    expect((pending.error as Error).message).toContain('slow')
    expect(a.pendingCount).toBe(0)
    expect(link.sent('a')).toStrictEqual([
      { jsonrpc: '2.0', id: 1, method: 'slow', params: { x: 1 } },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, reason: 'timeout' } },
    ])
  })

  test('the session option sets the default for every request', async () => {
    const { a } = createLoneSession({ timeoutMs: 500 })
    const pending = watch(a.request('x'))
    await vi.advanceTimersByTimeAsync(500)
    expect(pending.code).toBe('TIMEOUT')
  })

  test('a per-request timeout overrides the session default', async () => {
    const { a } = createLoneSession({ timeoutMs: 500 })
    const short = watch(a.request('short', {}, { timeoutMs: 100 }))
    const long = watch(a.request('long', {}, { timeoutMs: 5_000 }))
    await vi.advanceTimersByTimeAsync(100)
    expect(short.code).toBe('TIMEOUT')
    await vi.advanceTimersByTimeAsync(4_000)
    expect(long.state).toBe('pending')
    await vi.advanceTimersByTimeAsync(900)
    expect(long.code).toBe('TIMEOUT')
  })

  test('a shorter request sent after a longer one still times out at its own deadline', async () => {
    const { a } = createLoneSession()
    const long = watch(a.request('long', {}, { timeoutMs: 5_000 }))
    const short = watch(a.request('short', {}, { timeoutMs: 100 }))
    await vi.advanceTimersByTimeAsync(100)
    expect([short.code, long.state]).toEqual(['TIMEOUT', 'pending'])
    await vi.advanceTimersByTimeAsync(4_900)
    expect(long.code).toBe('TIMEOUT')
  })

  test('requests in flight share one timer', async () => {
    const { a } = createLoneSession()
    const pending = Array.from({ length: 64 }, (_, i) => watch(a.request('x', {}, { timeoutMs: 1_000 + i })))
    expect(vi.getTimerCount()).toBe(1)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(pending.map((p) => p.state).filter((state) => state === 'pending')).toHaveLength(63)
    await vi.advanceTimersByTimeAsync(63)
    expect(pending.every((p) => p.code === 'TIMEOUT')).toBe(true)
    expect(a.pendingCount).toBe(0)
  })

  test('a shorter request after a longer one re-arms the one timer instead of adding a second', async () => {
    const { a } = createLoneSession()
    const long = watch(a.request('long', {}, { timeoutMs: 5_000 }))
    const short = watch(a.request('short', {}, { timeoutMs: 100 }))
    expect(vi.getTimerCount()).toBe(1)
    await vi.advanceTimersByTimeAsync(100)
    expect([short.code, long.state]).toEqual(['TIMEOUT', 'pending'])
    expect(vi.getTimerCount()).toBe(1)
  })

  test('requests sent together with the same timeout arm the timer once', () => {
    const { a } = createLoneSession()
    const armed = vi.spyOn(globalThis, 'setTimeout')
    try {
      void watch(a.request('x', {}, { timeoutMs: 1_000 }))
      void watch(a.request('y', {}, { timeoutMs: 1_000 }))
      expect(armed).toHaveBeenCalledTimes(1)
    } finally {
      armed.mockRestore()
    }
  })

  test('a timeout larger than setTimeout can hold is clamped instead of firing at once', async () => {
    const { a } = createLoneSession()
    const pending = watch(a.request('x', {}, { timeoutMs: Number.MAX_SAFE_INTEGER }))
    await vi.advanceTimersByTimeAsync(60_000)
    expect(pending.state).toBe('pending')
  })

  test('a timeout larger than setTimeout can hold arms the timer once, not again at every tick', async () => {
    const { a } = createLoneSession()
    const armed = vi.spyOn(globalThis, 'setTimeout')
    try {
      const pending = watch(a.request('x', {}, { timeoutMs: 40 * 24 * 3600 * 1000 }))
      await vi.advanceTimersByTimeAsync(1_000)
      expect(pending.state).toBe('pending')
      expect(armed).toHaveBeenCalledTimes(1)
    } finally {
      armed.mockRestore()
    }
  })

  test('the timer waits the timeout as given up to 2^31 − 1 ms (about 24.8 days), at most that beyond it', () => {
    const { a } = createLoneSession()
    const day = 24 * 3600 * 1000
    const armed = vi.spyOn(globalThis, 'setTimeout')
    try {
      void watch(a.request('x', {}, { timeoutMs: 20 * day }))
      expect(armed).toHaveBeenLastCalledWith(expect.any(Function), 20 * day)
      a.close()
      const { a: other } = createLoneSession()
      void watch(other.request('y', {}, { timeoutMs: 30 * day }))
      expect(armed).toHaveBeenLastCalledWith(expect.any(Function), 2 ** 31 - 1)
    } finally {
      armed.mockRestore()
    }
  })

  test('closing the session leaves no timer behind', () => {
    const { a } = createLoneSession()
    void watch(a.request('x'))
    expect(vi.getTimerCount()).toBe(1)
    a.close()
    expect(vi.getTimerCount()).toBe(0)
  })

  test('an answer before the deadline clears the timer: nothing is cancelled later', async () => {
    const { a, link } = createLoneSession()
    const pending = watch(a.request('x'))
    link.inject('a', success(1, { ok: true }))
    await link.flush()
    expect(pending.state).toBe('fulfilled')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(link.sent('a').map((m) => m.method)).toEqual(['x'])
    expect(vi.getTimerCount()).toBe(0)
  })

  test('a late answer after the timeout is reported and changes nothing', async () => {
    const { a, link, warnings } = createLoneSession()
    const pending = watch(a.request('x', {}, { timeoutMs: 10 }))
    await vi.advanceTimersByTimeAsync(10)
    link.inject('a', success(1, {}))
    await link.flush()
    expect(pending.code).toBe('TIMEOUT')
    expect(warnings.map((w) => w.code)).toEqual(['UNEXPECTED'])
  })
})

describe('progress', () => {
  test('onprogress asks for progress with the request id as token, keeping other _meta', () => {
    const { a, link } = createLoneSession()
    void watch(a.request('tools/call', { name: 't', _meta: { trace: 'abc' } }, { onprogress: () => {} }))
    expect(link.sent('a')[0]).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 't', _meta: { trace: 'abc', progressToken: 1 } },
    })
  })

  test('without onprogress no token is added', () => {
    const { a, link } = createLoneSession()
    void watch(a.request('tools/call', { name: 't' }))
    expect(link.sent('a')[0].params).toStrictEqual({ name: 't' })
  })

  test('each progress notification is delivered and restarts the timeout', async () => {
    const { a, link } = createLoneSession()
    const seen: unknown[] = []
    const pending = watch(a.request('long', {}, { timeoutMs: 1_000, onprogress: (p) => void seen.push(p) }))
    for (let step = 1; step <= 3; step++) {
      await vi.advanceTimersByTimeAsync(900)
      link.inject('a', notification('notifications/progress', { progressToken: 1, progress: step, total: 3, message: `step ${step}` }))
      await link.flush()
    }
    expect(pending.state).toBe('pending')
    expect(seen).toEqual([
      { progress: 1, total: 3, message: 'step 1' },
      { progress: 2, total: 3, message: 'step 2' },
      { progress: 3, total: 3, message: 'step 3' },
    ])
    await vi.advanceTimersByTimeAsync(1_000)
    expect(pending.code).toBe('TIMEOUT')
  })

  test('progress fields of the wrong type are left out', async () => {
    const { a, link } = createLoneSession()
    const seen: unknown[] = []
    void watch(a.request('long', {}, { onprogress: (p) => void seen.push(p) }))
    link.inject('a', notification('notifications/progress', { progressToken: 1, progress: 5, total: '10', message: 7 }))
    await link.flush()
    expect(seen).toStrictEqual([{ progress: 5 }])
  })

  test('progress for an unknown token, or without a numeric progress, is reported and does not extend anything', async () => {
    const { a, link, warnings } = createLoneSession()
    const pending = watch(a.request('long', {}, { timeoutMs: 1_000, onprogress: () => {} }))
    await vi.advanceTimersByTimeAsync(900)
    link.inject('a', notification('notifications/progress', { progressToken: 2, progress: 1 }))
    link.inject('a', notification('notifications/progress', { progressToken: 1, progress: '50%' }))
    await link.flush()
    expect(warnings.map((w) => w.code)).toEqual(['UNEXPECTED', 'UNEXPECTED'])
    await vi.advanceTimersByTimeAsync(100)
    expect(pending.code).toBe('TIMEOUT')
  })

  test('progress for a request that asked for none is reported and does not extend it', async () => {
    const { a, link, warnings } = createLoneSession()
    const pending = watch(a.request('long', {}, { timeoutMs: 1_000 }))
    for (let step = 1; step <= 3; step++) {
      await vi.advanceTimersByTimeAsync(300)
      link.inject('a', notification('notifications/progress', { progressToken: 1, progress: step }))
      await link.flush()
    }
    expect(warnings.map((w) => w.code)).toEqual(['UNEXPECTED', 'UNEXPECTED', 'UNEXPECTED'])
    await vi.advanceTimersByTimeAsync(100)
    expect(pending.code).toBe('TIMEOUT')
  })

  test('a throwing onprogress is reported as LISTENER; the request still completes', async () => {
    const { a, link, warnings } = createLoneSession()
    const pending = watch(
      a.request('long', {}, {
        onprogress: () => {
          throw new Error('ui bug')
        },
      }),
    )
    link.inject('a', notification('notifications/progress', { progressToken: 1, progress: 1 }))
    link.inject('a', success(1, { done: true }))
    await link.flush()
    expect(warnings.map((w) => w.code)).toEqual(['LISTENER'])
    expect(pending.value).toEqual({ done: true })
  })
})
