/** Session: ids, response correlation, result and error mapping, exactly-once settlement. */
import { describe, expect, test, vi } from 'vitest'
import { thrown } from '../helpers/notes.js'
import { createLoneSession, createSessionPair } from '../helpers/sessions.js'
import { rejection, watch } from '../helpers/outcome.js'
import { failure, success } from '../helpers/messages.js'

describe('requests', () => {
  test('ids start at 1 and increase; the wire payload is exact', async () => {
    const { a, b, link } = createSessionPair()
    b.handle('echo', (params) => params)
    await Promise.all([a.request('echo', { n: 1 }), a.request('echo', { n: 2 }), a.request('echo')])
    expect(link.sent('a')).toStrictEqual([
      { jsonrpc: '2.0', id: 1, method: 'echo', params: { n: 1 } },
      { jsonrpc: '2.0', id: 2, method: 'echo', params: { n: 2 } },
      { jsonrpc: '2.0', id: 3, method: 'echo', params: {} },
    ])
  })

  test('responses are correlated by id, whatever order they come in', async () => {
    const { a, link } = createLoneSession()
    const first = a.request('x')
    const second = a.request('y')
    link.inject('a', success(2, { which: 'second' }))
    link.inject('a', success(1, { which: 'first' }))
    expect(await first).toEqual({ which: 'first' })
    expect(await second).toEqual({ which: 'second' })
    expect(a.pendingCount).toBe(0)
  })

  test('a handler result travels back as the result object', async () => {
    const { a, b, link } = createSessionPair()
    b.handle('sum', (params) => ({ total: (params.x as number) + (params.y as number) }))
    expect(await a.request('sum', { x: 2, y: 3 })).toEqual({ total: 5 })
    expect(link.sent('b')).toStrictEqual([{ jsonrpc: '2.0', id: 1, result: { total: 5 } }])
  })

  test('an error answer rejects with the mapped BridgeError, keeping rpcCode and data', async () => {
    const { a, link } = createLoneSession()
    const pending = a.request('ui/open-link', { url: 'x' })
    link.inject('a', failure(1, -32000, 'Link opening denied', { url: 'x' }))
    const error = await rejection(pending)
    expect(error.code).toBe('DENIED')
    expect(error.rpcCode).toBe(-32000)
    expect(error.data).toEqual({ url: 'x' })
  })

  test('an unknown error code becomes REMOTE', async () => {
    const { a, link } = createLoneSession()
    const pending = a.request('x')
    link.inject('a', failure(1, -32099, 'custom'))
    expect(await rejection(pending)).toMatchObject({ code: 'REMOTE', rpcCode: -32099 })
  })

  test('a second response to the same id is ignored with an UNEXPECTED warning', async () => {
    const { a, link, warnings } = createLoneSession()
    const pending = watch(a.request('x'))
    link.inject('a', success(1, { n: 1 }))
    link.inject('a', success(1, { n: 2 }))
    link.inject('a', failure(1, -32603, 'late'))
    await link.flush()
    expect(pending.state).toBe('fulfilled')
    expect(pending.value).toEqual({ n: 1 })
    expect(warnings.map((w) => w.code)).toEqual(['UNEXPECTED', 'UNEXPECTED'])
  })

  test('a response to an id never used is reported, not thrown', async () => {
    const { link, warnings } = createLoneSession()
    link.inject('a', success(99, {}))
    await link.flush()
    expect(warnings).toEqual([expect.objectContaining({ code: 'UNEXPECTED' })])
  })

  test('a response whose id is the string form of a pending number id does not settle it', async () => {
    const { a, link, warnings } = createLoneSession()
    const pending = watch(a.request('x', {}, { timeoutMs: 1000 }))
    link.inject('a', success('1', {}))
    await link.flush()
    expect(pending.state).toBe('pending')
    expect(warnings.map((w) => w.code)).toEqual(['UNEXPECTED'])
  })

  test('a malformed response to a pending id rejects it with PROTOCOL', async () => {
    const { a, link, warnings } = createLoneSession()
    const pending = a.request('x')
    link.inject('a', { jsonrpc: '2.0', id: 1, result: 'not an object' })
    expect((await rejection(pending)).code).toBe('PROTOCOL')
    expect(warnings.map((w) => w.code)).toEqual(['MALFORMED'])
  })

  test('params that cannot be cloned reject with INVALID_PARAMS and nothing is pending', async () => {
    const { a, link } = createLoneSession()
    const error = await rejection(a.request('x', { callback: () => 1 }))
    expect(error.code).toBe('INVALID_PARAMS')
    expect(error.message).toContain('x')
    expect(a.pendingCount).toBe(0)
    expect(link.log).toEqual([])
  })
})

describe('request ids', () => {
  test('a fresh realm numbers its first request 1', async () => {
    vi.resetModules()
    const { SessionCore } = await import('../../src/protocol/session-core.js')
    const sent: Array<{ id?: unknown }> = []
    const session = new SessionCore({ transport: { send: (m) => void sent.push(m as { id?: unknown }), listen: () => () => {} } })
    void session.request('x').catch(() => {})
    session.close()
    // The request, then its cancellation at close (a notification: no id).
    expect(sent.map((m) => m.id)).toEqual([1, undefined])
  })
})

describe('notifications', () => {
  test('notify sends params, or no params key when none are given', async () => {
    const { a, b, link } = createSessionPair()
    const seen: unknown[] = []
    b.on('n', (params) => void seen.push(params))
    a.notify('n', { x: 1 })
    a.notify('n')
    await link.flush()
    expect(link.sent('a')).toStrictEqual([{ jsonrpc: '2.0', method: 'n', params: { x: 1 } }, { jsonrpc: '2.0', method: 'n' }])
    expect(seen).toEqual([{ x: 1 }, {}])
  })

  test('notify with params that cannot be cloned throws INVALID_PARAMS', () => {
    const { a } = createSessionPair()
    expect(thrown(() => a.notify('n', { f: () => 1 })).code).toBe('INVALID_PARAMS')
  })

  test('an unhandled notification is reported as UNEXPECTED', async () => {
    const { a, link, warnings } = createSessionPair()
    a.notify('nobody/listens')
    await link.flush()
    expect(warnings.b).toEqual([expect.objectContaining({ code: 'UNEXPECTED' })])
    expect(warnings.b[0]!.message).toContain('nobody/listens')
  })

  test('a warning about no particular message has no data key at all', async () => {
    const { a, link, warnings } = createSessionPair()
    a.notify('nobody/listens')
    await link.flush()
    expect(warnings.b).toStrictEqual([{ code: 'UNEXPECTED', message: 'nobody/listens: ignored' }])
    expect(Object.hasOwn(warnings.b[0]!, 'data')).toBe(false)
  })

  test('a throwing notification handler is reported and the session keeps working', async () => {
    const { a, b, link, warnings } = createSessionPair()
    b.on('boom', () => {
      throw new Error('listener bug')
    })
    a.notify('boom')
    await link.flush()
    expect(warnings.b.map((w) => w.code)).toEqual(['MALFORMED'])
    expect(await a.request('ping')).toEqual({})
  })
})

describe('tracing', () => {
  test('onTrace sees every message sent and every message accepted, in order', async () => {
    const traceA: Array<[string, unknown]> = []
    const { a, link } = createSessionPair({ a: { onTrace: (direction, message) => void traceA.push([direction, message]) } })
    await a.request('ping')
    link.inject('a', { jsonrpc: '1.0', method: 'foreign' })
    await link.flush()
    expect(traceA).toStrictEqual([
      ['out', { jsonrpc: '2.0', id: 1, method: 'ping', params: {} }],
      ['in', { jsonrpc: '2.0', id: 1, result: {} }],
    ])
  })

  test('onTrace does not see a message that could not be sent', async () => {
    const trace: Array<[string, unknown]> = []
    const { a } = createLoneSession({ onTrace: (direction, message) => void trace.push([direction, message]) })
    expect((await rejection(a.request('x', { f: () => 1 }))).code).toBe('INVALID_PARAMS')
    expect(trace).toEqual([])
  })

  test('a throwing onWarning does not break message handling', async () => {
    const { a, link } = createLoneSession({
      onWarning: () => {
        throw new Error('hook bug')
      },
    })
    link.inject('a', success(42, {}))
    await link.flush()
    const ping = a.request('ping')
    link.inject('a', success(1, {}))
    expect(await ping).toEqual({})
  })
})
