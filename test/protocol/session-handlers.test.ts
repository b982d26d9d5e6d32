/** Session: the handler registry and how handler outcomes become answers. */
import { describe, expect, test } from 'vitest'
import { BridgeError } from '../../src/protocol/errors.js'
import { RPC_CODE_OF } from '../helpers/error-codes.js'
import { createLoneSession, createSessionPair } from '../helpers/sessions.js'
import { rejection } from '../helpers/outcome.js'
import { request } from '../helpers/messages.js'
import { thrown } from '../helpers/notes.js'

describe('registry', () => {
  test('a second handler for a method throws PROTOCOL instead of replacing the first', () => {
    const { a } = createLoneSession()
    a.handle('m', () => ({}))
    expect(thrown(() => a.handle('m', () => ({}))).code).toBe('PROTOCOL')
    a.on('n', () => {})
    expect(thrown(() => a.on('n', () => {})).code).toBe('PROTOCOL')
  })

  test('the returned function removes the handler; then the method is unknown again', async () => {
    const { a, b } = createSessionPair()
    const off = b.handle('m', () => ({ ok: true }))
    expect(await a.request('m')).toEqual({ ok: true })
    off()
    expect((await rejection(a.request('m'))).code).toBe('NOT_SUPPORTED')
    b.handle('m', () => ({ again: true }))
    expect(await a.request('m')).toEqual({ again: true })
  })

  test('a stale remover does not remove a newer handler', async () => {
    const { a, b } = createSessionPair()
    const off = b.handle('m', () => ({ first: true }))
    off()
    b.handle('m', () => ({ second: true }))
    off()
    expect(await a.request('m')).toEqual({ second: true })
  })

  test('ping is answered with {} without registration, and may be replaced once', async () => {
    const { a, b, link } = createSessionPair()
    expect(await a.request('ping')).toEqual({})
    expect(link.sent('b')).toStrictEqual([{ jsonrpc: '2.0', id: 1, result: {} }])
    const remove = b.handle('ping', () => ({ pong: true }))
    expect(await a.request('ping')).toEqual({ pong: true })
    // Not replaced silently a second time; and removing the handler brings the built-in answer back.
    expect(() => b.handle('ping', () => ({}))).toThrow(expect.objectContaining({ code: 'PROTOCOL' }))
    remove()
    expect(await a.request('ping')).toEqual({})
  })

  test('an unknown method is answered -32601 naming it', async () => {
    const { a, link } = createSessionPair()
    const error = await rejection(a.request('nope/never'))
    expect(error.code).toBe('NOT_SUPPORTED')
    expect(link.sent('b')).toStrictEqual([{ jsonrpc: '2.0', id: 1, error: { code: -32601, message: expect.stringContaining('nope/never') } }])
  })

  test.for(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('method %s is unknown, not an inherited property', async (method) => {
    const { a, link } = createLoneSession()
    link.inject('a', request(1, method))
    await link.flush()
    expect(link.sent('a')).toStrictEqual([{ jsonrpc: '2.0', id: 1, error: { code: -32601, message: expect.any(String) } }])
  })
})

describe('answers', () => {
  test.for(RPC_CODE_OF)('a handler throwing BridgeError %s answers %i', async ([code, rpc]) => {
    const { a, b, link } = createSessionPair()
    b.handle('m', () => {
      throw new BridgeError(code, 'refused: field x')
    })
    await rejection(a.request('m'))
    expect(link.sent('b')).toStrictEqual([{ jsonrpc: '2.0', id: 1, error: { code: rpc, message: 'refused: field x' } }])
  })

  test('an async handler rejecting is answered the same way', async () => {
    const { a, b, link } = createSessionPair()
    b.handle('m', async () => {
      throw new BridgeError('DENIED', 'no')
    })
    expect((await rejection(a.request('m'))).code).toBe('DENIED')
    expect(link.sent('b')[0].error.code).toBe(-32000)
  })

  test('a plain Error is an internal error (-32603), seen as REMOTE by the caller', async () => {
    const { a, b, link } = createSessionPair()
    b.handle('m', () => {
      throw new TypeError('cannot read x')
    })
    const error = await rejection(a.request('m'))
    expect(error.code).toBe('REMOTE')
    expect(error.rpcCode).toBe(-32603)
    expect(link.sent('b')[0]).toStrictEqual({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'cannot read x' } })
  })

  test('throwing undefined or rejecting with nothing still answers -32603', async () => {
    const { a, b } = createSessionPair()
    b.handle('sync', () => {
      throw undefined
    })
    b.handle('async', () => Promise.reject())
    expect((await rejection(a.request('sync'))).rpcCode).toBe(-32603)
    expect((await rejection(a.request('async'))).rpcCode).toBe(-32603)
  })

  test('a result that is not an object is answered as {}', async () => {
    const { a, b, link } = createSessionPair()
    b.handle('undef', () => undefined)
    b.handle('num', () => 42)
    b.handle('arr', async () => [1, 2])
    expect(await a.request('undef')).toEqual({})
    expect(await a.request('num')).toEqual({})
    expect(await a.request('arr')).toEqual({})
    expect(link.sent('b').map((m) => m.result)).toStrictEqual([{}, {}, {}])
  })

  test('a result that cannot be cloned is answered with -32603 instead', async () => {
    const { a, b, link } = createSessionPair()
    b.handle('m', () => ({ fn: () => 1 }))
    const error = await rejection(a.request('m'))
    expect(error.rpcCode).toBe(-32603)
    expect(link.sent('b')).toStrictEqual([{ jsonrpc: '2.0', id: 1, error: { code: -32603, message: expect.any(String) } }])
  })

  test('an answer that cannot be sent is reported on this side, naming the id', async () => {
    const { a, b, warnings } = createSessionPair()
    b.handle('m', () => ({ fn: () => 1 }))
    await rejection(a.request('m'))
    expect(warnings.b).toEqual([{ code: 'UNEXPECTED', message: expect.stringMatching(/^Response failed: .*\(id 1\)$/) }])
  })

  test('a request id is free again once answered: a later request reusing it is served', async () => {
    const { a, link, warnings } = createLoneSession()
    let calls = 0
    a.handle('m', async () => ({ n: ++calls }))
    link.inject('a', request(1, 'm'))
    await link.flush()
    link.inject('a', request(1, 'm'))
    await link.flush()
    expect(link.sent('a')).toStrictEqual([
      { jsonrpc: '2.0', id: 1, result: { n: 1 } },
      { jsonrpc: '2.0', id: 1, result: { n: 2 } },
    ])
    expect(warnings).toEqual([])
  })

  test('a thenable that calls back twice is answered once', async () => {
    const { a, link } = createLoneSession()
    a.handle('m', () => ({
      then(resolve: (value: unknown) => void, reject: (error: unknown) => void) {
        resolve({ n: 1 })
        resolve({ n: 2 })
        reject(new Error('late'))
      },
    }))
    link.inject('a', request(1, 'm'))
    await link.flush()
    expect(link.sent('a')).toStrictEqual([{ jsonrpc: '2.0', id: 1, result: { n: 1 } }])
  })

  test('the handler receives params and a context with the peer id', async () => {
    const { link, a } = createLoneSession()
    const seen: unknown[] = []
    a.handle('m', (params, context) => void seen.push(params, context.id, context.progressToken))
    link.inject('a', request('req-7', 'm', { q: 1, _meta: { progressToken: 'tok' } }))
    await link.flush()
    expect(seen).toEqual([{ q: 1, _meta: { progressToken: 'tok' } }, 'req-7', 'tok'])
  })

  test('a progress token that is no usable id (null, an object) counts as none: sendProgress sends nothing', async () => {
    const { link, a } = createLoneSession()
    const tokens: unknown[] = []
    a.handle('m', (_params, context) => {
      tokens.push(context.progressToken)
      context.sendProgress({ progress: 1 })
      return {}
    })
    link.inject('a', request(1, 'm', { _meta: { progressToken: null } }))
    link.inject('a', request(2, 'm', { _meta: { progressToken: { id: 1 } } }))
    await link.flush()
    expect(tokens).toEqual([undefined, undefined])
    expect(link.sent('a')).toStrictEqual([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: 2, result: {} },
    ])
  })

  test('sendProgress reaches the caller only when it asked for progress', async () => {
    const { a, b, link } = createSessionPair()
    b.handle('m', (_params, context) => {
      context.sendProgress({ progress: 1, total: 2 })
      return {}
    })
    const seen: unknown[] = []
    await a.request('m', {}, { onprogress: (p) => void seen.push(p) })
    await a.request('m')
    expect(seen).toEqual([{ progress: 1, total: 2 }])
    expect(link.sent('b').filter((m) => m.method === 'notifications/progress')).toStrictEqual([
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1, total: 2 } },
    ])
  })

  test('afterResponse runs right after the answer is sent, in order; a throwing action is reported', async () => {
    const { a, link, warnings } = createLoneSession()
    a.handle('m', (_params, context) => {
      context.afterResponse(() => a.notify('after/1'))
      context.afterResponse(() => {
        throw new Error('oops')
      })
      context.afterResponse(() => a.notify('after/2'))
      return { ok: true }
    })
    link.inject('a', request(1, 'm'))
    await link.flush()
    expect(link.sent('a')).toStrictEqual([
      { jsonrpc: '2.0', id: 1, result: { ok: true } },
      { jsonrpc: '2.0', method: 'after/1' },
      { jsonrpc: '2.0', method: 'after/2' },
    ])
    expect(warnings.map((w) => w.code)).toEqual(['LISTENER'])
  })

  test('a duplicate id while the first is in flight is dropped; the first is answered once', async () => {
    const { a, link, warnings } = createLoneSession()
    let calls = 0
    let finish: (value: unknown) => void = () => {}
    a.handle('m', () => {
      calls++
      return new Promise((resolve) => (finish = resolve))
    })
    link.inject('a', request(1, 'm', { n: 1 }))
    link.inject('a', request(1, 'm', { n: 2 }))
    await link.flush()
    finish({ n: 1 })
    await link.flush()
    expect(calls).toBe(1)
    expect(link.sent('a')).toStrictEqual([{ jsonrpc: '2.0', id: 1, result: { n: 1 } }])
    expect(warnings.map((w) => w.code)).toEqual(['UNEXPECTED'])
  })

  test('a malformed request reusing an id in flight is not answered either; the first is answered once', async () => {
    const { a, link, warnings } = createLoneSession()
    let finish: (value: unknown) => void = () => {}
    a.handle('m', () => new Promise((resolve) => (finish = resolve)))
    link.inject('a', request(1, 'm'))
    // Array params: malformed, would be answered -32602 were its id not already in flight.
    link.inject('a', request(1, 'm', [1]))
    await link.flush()
    expect(link.sent('a')).toEqual([])
    finish({ first: true })
    await link.flush()
    expect(link.sent('a')).toStrictEqual([{ jsonrpc: '2.0', id: 1, result: { first: true } }])
    expect(warnings.map((w) => w.code)).toEqual(['MALFORMED', 'UNEXPECTED'])
  })
})
