/**
 * JSON-RPC 2.0 message shapes, and the classifier every incoming message goes through before a
 * session looks at it. Classification never throws and never trusts a field it has not checked.
 */
import type { RequestId } from './mcp-types.js'
import { RPC_INVALID_PARAMS, RPC_INVALID_REQUEST, type RpcErrorObject } from './errors.js'

export interface JsonRpcRequest {
  jsonrpc: '2.0'
  id: RequestId
  method: string
  params?: Record<string, unknown>
}

export interface JsonRpcNotification {
  jsonrpc: '2.0'
  method: string
  params?: Record<string, unknown>
}

export interface JsonRpcSuccess {
  jsonrpc: '2.0'
  id: RequestId
  result: Record<string, unknown>
}

export interface JsonRpcFailure {
  jsonrpc: '2.0'
  id: RequestId | null
  error: RpcErrorObject
}

export type JsonRpcResponse = JsonRpcSuccess | JsonRpcFailure
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse

/** What an incoming value turned out to be. */
export type Classified =
  | { kind: 'request'; id: RequestId; method: string; params: Record<string, unknown> }
  | { kind: 'notification'; method: string; params: Record<string, unknown> }
  | { kind: 'result'; id: RequestId; result: Record<string, unknown> }
  | { kind: 'error'; id: RequestId; error: RpcErrorObject }
  /**
   * Claims JSON-RPC 2.0 but is malformed. A malformed request whose id is usable carries the
   * error code to `reply` with; a malformed response carries the `id` of the request it settles.
   */
  | { kind: 'invalid'; reason: string; id?: RequestId; reply?: number }
  /** Not JSON-RPC 2.0 at all: other scripts share `postMessage`, so this is ignored quietly. */
  | { kind: 'foreign' }

/** A JSON-RPC id we can answer: a string or a finite number (never `null`, never `NaN`). */
export function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || Number.isFinite(value)
}

/** A plain-ish object: not null, not an array. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Sorts one incoming value into a {@link Classified} kind. */
export function classify(data: unknown): Classified {
  if (!isObject(data) || data.jsonrpc !== '2.0') return { kind: 'foreign' }
  const has = (key: string) => Object.hasOwn(data, key)
  const { id, method, params = {}, result, error } = data
  // Only a usable id can be answered (a request) or matched (a response).
  const answerable = has('id') && isRequestId(id)
  const invalid = (reason: string, reply?: number): Classified => ({ kind: 'invalid', reason, ...(answerable && { id, ...(reply && { reply }) }) })
  if (has('method')) {
    if (typeof method !== 'string' || !method) return invalid('bad method', RPC_INVALID_REQUEST)
    if (has('id') && !answerable) return invalid(`${method}: bad id`)
    if (!isObject(params)) return invalid(`${method}: bad params`, RPC_INVALID_PARAMS)
    return answerable ? { kind: 'request', id, method, params } : { kind: 'notification', method, params }
  }
  if (!answerable) return invalid('response: bad id')
  if (has('result') === has('error')) return invalid('response: result xor error')
  if (has('result')) return isObject(result) ? { kind: 'result', id, result } : invalid('response: bad result')
  return isObject(error) && typeof error.code === 'number' && typeof error.message === 'string'
    ? { kind: 'error', id, error: { code: error.code, message: error.message, ...(Object.hasOwn(error, 'data') && { data: error.data }) } }
    : invalid('response: bad error')
}
