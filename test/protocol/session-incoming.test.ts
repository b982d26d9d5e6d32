/** Session: what happens to malformed, oversized and hostile incoming messages. */
import { describe, expect, test } from 'vitest'
import { createLoneSession } from '../helpers/sessions.js'
import { watch } from '../helpers/outcome.js'
import { nested, notification, request, success } from '../helpers/messages.js'
import { DEFAULT_LIMITS, inspectMessage } from '../../src/protocol/index.js'

/** The inspection a host plugs in, with small limits so the tests stay light. */
const limits = { inspect: (data: unknown) => inspectMessage(data, { maxBytes: 10_000, maxDepth: 20 }) }
/** The host's default inspection. */
const defaults = { inspect: (data: unknown) => inspectMessage(data, DEFAULT_LIMITS) }

describe('foreign data is ignored quietly', () => {
  test.for([null, 'hello', 42, [], { type: 'webpackOk' }, { jsonrpc: '1.0', id: 1, method: 'ping' }])('%j', async (data) => {
    const { link, warnings } = createLoneSession()
    link.inject('a', data)
    await link.flush()
    expect(link.log).toEqual([])
    expect(warnings).toEqual([])
  })
})

describe('malformed JSON-RPC', () => {
  test('a request with a bad method and a usable id is answered -32600', async () => {
    const { link, warnings } = createLoneSession()
    link.inject('a', { jsonrpc: '2.0', id: 'k', method: 7 })
    await link.flush()
    expect(link.sent('a')).toStrictEqual([{ jsonrpc: '2.0', id: 'k', error: { code: -32600, message: expect.any(String) } }])
    expect(warnings.map((w) => w.code)).toEqual(['MALFORMED'])
  })

  test('a request with array params is answered -32602 and never reaches the handler', async () => {
    const { a, link } = createLoneSession()
    let called = false
    a.handle('m', () => void (called = true))
    link.inject('a', request(3, 'm', [1, 2]))
    await link.flush()
    expect(called).toBe(false)
    expect(link.sent('a')).toStrictEqual([{ jsonrpc: '2.0', id: 3, error: { code: -32602, message: expect.stringContaining('m') } }])
  })

  test.for([
    ['a request with a null id', request(null, 'ping')],
    ['a request with an object id', request({}, 'ping')],
    ['a notification with string params', notification('n', 'x')],
    ['a response without an id', { jsonrpc: '2.0', result: {} }],
    ['an empty JSON-RPC object', { jsonrpc: '2.0' }],
  ])('%s is dropped with a MALFORMED warning and no answer', async ([, data]) => {
    const { link, warnings } = createLoneSession()
    link.inject('a', data)
    await link.flush()
    expect(link.log).toEqual([])
    expect(warnings.map((w) => w.code)).toEqual(['MALFORMED'])
  })
})

describe('size and depth limits', () => {
  test('an oversized request is answered -32600 and reported TOO_LARGE; the handler never runs', async () => {
    const { a, link, warnings } = createLoneSession(limits)
    let called = false
    a.handle('ui/message', () => void (called = true))
    link.inject('a', request(1, 'ui/message', { role: 'user', content: [{ type: 'text', text: 'x'.repeat(20_000) }] }))
    await link.flush()
    expect(called).toBe(false)
    expect(link.sent('a')).toStrictEqual([{ jsonrpc: '2.0', id: 1, error: { code: -32600, message: expect.any(String) } }])
    expect(warnings.map((w) => w.code)).toEqual(['TOO_LARGE'])
  })

  test('an oversized request whose id is unusable (null) is reported, not answered: there is no id to answer', async () => {
    const { a, link, warnings } = createLoneSession(limits)
    a.handle('m', () => ({}))
    link.inject('a', request(null, 'm', { blob: 'x'.repeat(20_000) }))
    await link.flush()
    expect(link.log).toEqual([])
    expect(warnings.map((w) => w.code)).toEqual(['TOO_LARGE'])
  })

  test('an oversized notification is dropped and reported', async () => {
    const { a, link, warnings } = createLoneSession(limits)
    let called = false
    a.on('n', () => void (called = true))
    link.inject('a', notification('n', { blob: 'x'.repeat(20_000) }))
    await link.flush()
    expect(called).toBe(false)
    expect(link.log).toEqual([])
    expect(warnings.map((w) => w.code)).toEqual(['TOO_LARGE'])
  })

  test('an oversized answer rejects the pending request with PROTOCOL', async () => {
    const { a, link } = createLoneSession(limits)
    const pending = watch(a.request('x'))
    link.inject('a', success(1, { blob: 'x'.repeat(20_000) }))
    await link.flush()
    expect(pending.code).toBe('PROTOCOL')
  })

  test('a too-deep request is answered -32600', async () => {
    const { a, link, warnings } = createLoneSession(limits)
    a.handle('m', () => ({}))
    link.inject('a', request(1, 'm', nested(30)))
    await link.flush()
    expect(link.sent('a')[0].error.code).toBe(-32600)
    expect(warnings.map((w) => w.code)).toEqual(['TOO_LARGE'])
  })

  test('a cyclic request (structured clone allows it) is answered -32600', async () => {
    const { a, link } = createLoneSession(limits)
    a.handle('m', () => ({}))
    const params: Record<string, unknown> = {}
    params.self = params
    link.inject('a', request(1, 'm', params))
    await link.flush()
    expect(link.sent('a')).toStrictEqual([{ jsonrpc: '2.0', id: 1, error: { code: -32600, message: expect.any(String) } }])
  })

  test('the default limit is 4 MiB', async () => {
    const { a, link } = createLoneSession(defaults)
    a.handle('m', () => ({ ok: true }))
    link.inject('a', request(1, 'm', { text: 'x'.repeat(4 * 1024 * 1024 - 1024) }))
    link.inject('a', request(2, 'm', { text: 'x'.repeat(4 * 1024 * 1024 + 1) }))
    await link.flush()
    expect(link.sent('a')).toStrictEqual([
      { jsonrpc: '2.0', id: 1, result: { ok: true } },
      { jsonrpc: '2.0', id: 2, error: { code: -32600, message: expect.any(String) } },
    ])
  })
})

describe('__proto__ keys', () => {
  test('are stripped before the handler sees the params, with a MALFORMED warning; the request is still served', async () => {
    const { a, link, warnings } = createLoneSession(defaults)
    const seen: Array<Record<string, unknown>> = []
    a.handle('m', (params) => {
      seen.push(params)
      return {}
    })
    link.inject('a', JSON.parse('{"jsonrpc":"2.0","id":1,"method":"m","params":{"__proto__":{"isAdmin":true},"data":{"__proto__":{"x":1},"y":2}}}'))
    await link.flush()
    expect(seen).toHaveLength(1)
    expect(Object.keys(seen[0]!)).toEqual(['data'])
    expect(seen[0]!.isAdmin).toBeUndefined()
    expect(JSON.stringify(seen[0])).toBe('{"data":{"y":2}}')
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
    expect(warnings.map((w) => w.code)).toEqual(['MALFORMED'])
    expect(link.sent('a')).toStrictEqual([{ jsonrpc: '2.0', id: 1, result: {} }])
  })
})

describe('without an inspect hook (a view: only its parent can reach it)', () => {
  test('a large, deep message is handled as is', async () => {
    const { a, link, warnings } = createLoneSession()
    a.handle('m', () => ({ ok: true }))
    link.inject('a', request(1, 'm', { deep: nested(200), text: 'x'.repeat(5 * 1024 * 1024) }))
    await link.flush()
    expect(link.sent('a')).toStrictEqual([{ jsonrpc: '2.0', id: 1, result: { ok: true } }])
    expect(warnings).toEqual([])
  })
})
