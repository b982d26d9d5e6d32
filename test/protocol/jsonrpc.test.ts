import { describe, expect, test } from 'vitest'
import { classify, isObject, isRequestId } from '../../src/protocol/jsonrpc.js'
import { RPC_INVALID_PARAMS, RPC_INVALID_REQUEST } from '../../src/protocol/errors.js'

describe('classify: well-formed messages', () => {
  test('a request keeps id, method and params', () => {
    expect(classify({ jsonrpc: '2.0', id: 7, method: 'ui/message', params: { role: 'user' } })).toEqual({
      kind: 'request',
      id: 7,
      method: 'ui/message',
      params: { role: 'user' },
    })
  })

  test('a string id is as good as a number', () => {
    expect(classify({ jsonrpc: '2.0', id: 'abc', method: 'ping' })).toMatchObject({ kind: 'request', id: 'abc' })
  })

  test('only an own id makes a request: an inherited one is no id', () => {
    const data = Object.assign(Object.create({ id: 1 }), { jsonrpc: '2.0', method: 'ping' })
    expect(classify(data)).toEqual({ kind: 'notification', method: 'ping', params: {} })
  })

  test('absent params become an empty object', () => {
    expect(classify({ jsonrpc: '2.0', method: 'ui/notifications/initialized' })).toEqual({
      kind: 'notification',
      method: 'ui/notifications/initialized',
      params: {},
    })
  })

  test('a result response', () => {
    expect(classify({ jsonrpc: '2.0', id: 1, result: { ok: true } })).toEqual({ kind: 'result', id: 1, result: { ok: true } })
  })

  test('an error response keeps code, message and data, nothing else', () => {
    expect(classify({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'no', data: { x: 1 }, extra: 1 } })).toEqual({
      kind: 'error',
      id: 1,
      error: { code: -32000, message: 'no', data: { x: 1 } },
    })
  })

  test('an error response without data has no data key', () => {
    const classified = classify({ jsonrpc: '2.0', id: 1, error: { code: -1, message: 'm' } })
    expect(classified).toEqual({ kind: 'error', id: 1, error: { code: -1, message: 'm' } })
    expect('data' in (classified as { error: object }).error).toBe(false)
  })
})

describe('classify: not JSON-RPC 2.0 at all is foreign (other scripts share postMessage)', () => {
  test.for([
    ['null', null],
    ['a string', '{"jsonrpc":"2.0","method":"ping","id":1}'],
    ['a number', 42],
    ['an array', [{ jsonrpc: '2.0', method: 'ping' }]],
    ['jsonrpc 1.0', { jsonrpc: '1.0', id: 1, method: 'ping' }],
    ['jsonrpc as a number', { jsonrpc: 2.0, id: 1, method: 'ping' }],
    ['no jsonrpc field', { id: 1, method: 'ping' }],
    ['undefined', undefined],
  ] as const)('%s', ([, data]) => {
    expect(classify(data)).toEqual({ kind: 'foreign' })
  })
})

describe('classify: malformed JSON-RPC is invalid, with a reply code only when the id is usable', () => {
  test('non-string method with a usable id: reply -32600', () => {
    expect(classify({ jsonrpc: '2.0', id: 3, method: 42 })).toMatchObject({ kind: 'invalid', id: 3, reply: RPC_INVALID_REQUEST })
  })

  test('empty method with a usable id: reply -32600', () => {
    expect(classify({ jsonrpc: '2.0', id: 'x', method: '' })).toMatchObject({ kind: 'invalid', id: 'x', reply: RPC_INVALID_REQUEST })
  })

  test('non-string method without an id: no reply', () => {
    const classified = classify({ jsonrpc: '2.0', method: null })
    expect(classified).toMatchObject({ kind: 'invalid' })
    expect(classified).not.toHaveProperty('reply')
    expect(classified).not.toHaveProperty('id')
  })

  test.for([
    ['null', null],
    ['an object', {}],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['a boolean', true],
  ])('request id %s: invalid, unanswerable', ([, id]) => {
    const classified = classify({ jsonrpc: '2.0', id, method: 'ping' })
    expect(classified.kind).toBe('invalid')
    expect(classified).not.toHaveProperty('reply')
    expect((classified as { reason: string }).reason).toContain('ping')
  })

  test.for([
    ['an array', [1, 2]],
    ['a string', 'x'],
    ['null', null],
    ['a number', 5],
  ])('request params %s: reply -32602 naming the method', ([, params]) => {
    const classified = classify({ jsonrpc: '2.0', id: 9, method: 'ui/message', params })
    expect(classified).toMatchObject({ kind: 'invalid', id: 9, reply: RPC_INVALID_PARAMS })
    expect((classified as { reason: string }).reason).toContain('ui/message')
  })

  test('notification params that are not an object: invalid, no reply', () => {
    const classified = classify({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: [] })
    expect(classified).toMatchObject({ kind: 'invalid' })
    expect(classified).not.toHaveProperty('reply')
  })

  test('a response without an id', () => {
    expect(classify({ jsonrpc: '2.0', result: {} })).toEqual({ kind: 'invalid', reason: expect.any(String) })
  })

  test('a response with id null (JSON-RPC parse-error form) cannot settle anything', () => {
    expect(classify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse' } })).toEqual({
      kind: 'invalid',
      reason: expect.any(String),
    })
  })

  test('a response with both result and error names the id it would settle', () => {
    expect(classify({ jsonrpc: '2.0', id: 4, result: {}, error: { code: 1, message: 'm' } })).toMatchObject({ kind: 'invalid', id: 4 })
  })

  test('a malformed response carries the id it settles but no reply code', () => {
    const classified = classify({ jsonrpc: '2.0', id: 4, result: [] })
    expect(classified).toStrictEqual({ kind: 'invalid', reason: expect.any(String), id: 4 })
    expect(classified).not.toHaveProperty('reply')
  })

  test('a response with neither result nor error', () => {
    expect(classify({ jsonrpc: '2.0', id: 4 })).toMatchObject({ kind: 'invalid', id: 4 })
  })

  test.for([
    ['a number', 5],
    ['an array', []],
    ['null', null],
    ['a string', 'ok'],
  ])('result %s is not an object', ([, result]) => {
    expect(classify({ jsonrpc: '2.0', id: 4, result })).toMatchObject({ kind: 'invalid', id: 4 })
  })

  test.for([
    ['a string', 'boom'],
    ['code as a string', { code: '-32000', message: 'm' }],
    ['message missing', { code: -32000 }],
    ['null', null],
  ])('error %s is malformed', ([, error]) => {
    expect(classify({ jsonrpc: '2.0', id: 4, error })).toMatchObject({ kind: 'invalid', id: 4 })
  })
})

describe('isRequestId and isObject', () => {
  test('request ids are strings and finite numbers', () => {
    expect([0, -1, 1.5, '', 'a'].every(isRequestId)).toBe(true)
    expect([null, undefined, Number.NaN, Number.POSITIVE_INFINITY, {}, [], true].some(isRequestId)).toBe(false)
  })

  test('objects exclude null and arrays', () => {
    expect(isObject({})).toBe(true)
    expect(isObject(Object.create(null))).toBe(true)
    expect([null, [], 'x', 1, undefined].some(isObject)).toBe(false)
  })
})
