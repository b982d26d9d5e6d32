import { describe, expect, test } from 'vitest'
import {
  BridgeError,
  RPC_DENIED,
  RPC_INTERNAL_ERROR,
  RPC_INVALID_PARAMS,
  RPC_INVALID_REQUEST,
  RPC_METHOD_NOT_FOUND,
  RPC_PARSE_ERROR,
  RPC_REQUEST_TIMEOUT,
  fromRpcError,
  toRpcError,
  type BridgeErrorCode,
} from '../../src/protocol/errors.js'
import { RPC_CODE_OF } from '../helpers/error-codes.js'

describe('BridgeError', () => {
  test('is an Error with a stable code, rpcCode, data and cause', () => {
    const cause = new Error('root')
    const error = new BridgeError('DENIED', 'Link opening denied', { rpcCode: -32000, data: { url: 'x' }, cause })
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('BridgeError')
    expect(error.code).toBe('DENIED')
    expect(error.rpcCode).toBe(-32000)
    expect(error.data).toEqual({ url: 'x' })
    expect(error.cause).toBe(cause)
  })

  test('without options it has no rpcCode, data or cause', () => {
    const error = new BridgeError('TIMEOUT', 't')
    expect(error.rpcCode).toBeUndefined()
    expect(error.data).toBeUndefined()
    expect('cause' in error).toBe(false)
  })
})

describe('wire code constants', () => {
  test('are the JSON-RPC 2.0 and MCP values', () => {
    expect([RPC_PARSE_ERROR, RPC_INVALID_REQUEST, RPC_METHOD_NOT_FOUND, RPC_INVALID_PARAMS, RPC_INTERNAL_ERROR, RPC_DENIED, RPC_REQUEST_TIMEOUT]).toEqual([
      -32700, -32600, -32601, -32602, -32603, -32000, -32001,
    ])
  })
})

describe('toRpcError: what a handler threw becomes the error answered', () => {
  test.for(RPC_CODE_OF)('BridgeError %s answers %i with its message', ([code, rpc]) => {
    expect(toRpcError(new BridgeError(code, 'why'))).toEqual({ code: rpc, message: 'why' })
  })

  test('a BridgeError keeps an explicit rpcCode (a relayed server error) and its data', () => {
    expect(toRpcError(new BridgeError('REMOTE', 'server said no', { rpcCode: -32050, data: { detail: 1 } }))).toEqual({
      code: -32050,
      message: 'server said no',
      data: { detail: 1 },
    })
  })

  test("a BridgeError's explicit rpcCode wins over the one its code maps to", () => {
    expect(toRpcError(new BridgeError('DENIED', 'not today', { rpcCode: -32042 }))).toEqual({ code: -32042, message: 'not today' })
  })

  test('an error with an integer code (the MCP SDK McpError) keeps the code and data', () => {
    const mcpError = Object.assign(new Error('Resource not found'), { code: -32002, data: { uri: 'ui://x' } })
    expect(toRpcError(mcpError)).toEqual({ code: -32002, message: 'Resource not found', data: { uri: 'ui://x' } })
  })

  test('a non-integer code is not trusted: internal error', () => {
    expect(toRpcError(Object.assign(new Error('m'), { code: 'ENOENT' }))).toEqual({ code: -32603, message: 'm' })
    expect(toRpcError(Object.assign(new Error('m'), { code: 1.5 }))).toEqual({ code: -32603, message: 'm' })
    expect(toRpcError(Object.assign(new Error('m'), { code: -32000.5 }))).toEqual({ code: -32603, message: 'm' })
    expect(toRpcError(Object.assign(new Error('m'), { code: Number.NEGATIVE_INFINITY }))).toEqual({ code: -32603, message: 'm' })
  })

  test("a DOMException's legacy code, or any code that is not negative (zero too), is not a JSON-RPC code: internal error", () => {
    expect(toRpcError(new DOMException('Popup blocked', 'SecurityError'))).toEqual({ code: -32603, message: 'Popup blocked' })
    expect(toRpcError(Object.assign(new Error('m'), { code: 404 }))).toEqual({ code: -32603, message: 'm' })
    // Zero is not negative either: it is what a `DOMException` without a legacy code carries.
    expect(toRpcError(new DOMException('Not allowed', 'NotAllowedError'))).toEqual({ code: -32603, message: 'Not allowed' })
    expect(toRpcError(Object.assign(new Error('m'), { code: 0 }))).toEqual({ code: -32603, message: 'm' })
  })

  test('a thrown value with no string form is still an answer: internal error with a placeholder', () => {
    expect(toRpcError(Object.create(null))).toEqual({ code: -32603, message: 'a value with no string form' })
    expect(toRpcError({ toString: 1 })).toEqual({ code: -32603, message: 'a value with no string form' })
    expect(toRpcError('plain text')).toEqual({ code: -32603, message: 'plain text' })
  })

  test('a plain Error is an internal error with its message', () => {
    expect(toRpcError(new TypeError('x is undefined'))).toEqual({ code: -32603, message: 'x is undefined' })
  })

  test('only a string message is the message: anything else is the value as text', () => {
    expect(toRpcError({ message: 42 })).toEqual({ code: -32603, message: '[object Object]' })
    expect(toRpcError(new Error(''))).toEqual({ code: -32603, message: '' })
  })

  test('thrown non-errors are stringified', () => {
    expect(toRpcError('nope')).toEqual({ code: -32603, message: 'nope' })
    expect(toRpcError(null)).toEqual({ code: -32603, message: 'null' })
    expect(toRpcError(42)).toEqual({ code: -32603, message: '42' })
  })
})

describe('fromRpcError: an error answer becomes a BridgeError', () => {
  test.for<[number, BridgeErrorCode]>([
    [-32601, 'NOT_SUPPORTED'],
    [-32602, 'INVALID_PARAMS'],
    [-32000, 'DENIED'],
    [-32001, 'TIMEOUT'],
    [-32603, 'REMOTE'],
    [-32600, 'REMOTE'],
    [-32002, 'REMOTE'],
    [42, 'REMOTE'],
  ])('%i becomes %s, keeping rpcCode', ([rpc, code]) => {
    const error = fromRpcError({ code: rpc, message: 'm' })
    expect(error).toBeInstanceOf(BridgeError)
    expect(error.code).toBe(code)
    expect(error.rpcCode).toBe(rpc)
    expect(error.message).toBe('m')
  })

  test('data travels along', () => {
    expect(fromRpcError({ code: -32000, message: 'm', data: [1] }).data).toEqual([1])
  })

  test('round trip: a relayed error answers with the code it arrived with', () => {
    const incoming = { code: -32002, message: 'Resource not found', data: { uri: 'ui://a' } }
    expect(toRpcError(fromRpcError(incoming))).toEqual(incoming)
  })
})
