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
  return !!value && typeof value === 'object' && !Array.isArray(value)
}

/**
 * What {@link route} calls for each kind of incoming value, with checked values only. `data` is
 * the value as it arrived, for reports.
 */
export interface Routes<T> {
  request(id: RequestId, method: string, params: Record<string, unknown>): T
  notification(method: string, params: Record<string, unknown>): T
  result(id: RequestId, result: Record<string, unknown>, data: unknown): T
  error(id: RequestId, error: RpcErrorObject, data: unknown): T
  /**
   * Claims JSON-RPC 2.0 but is malformed. `id` when it is usable (a request to answer with the
   * `reply` code, or the request a response settles).
   */
  invalid(reason: string, data: unknown, id?: RequestId, reply?: number): T
  /** Not JSON-RPC 2.0 at all: other scripts share `postMessage`, so this is ignored quietly. */
  foreign(): T
}

/** True when `data` claims to be JSON-RPC 2.0 (whether or not it is well-formed). */
export function isJsonRpc(data: unknown): data is Record<string, unknown> {
  return isObject(data) && data.jsonrpc === '2.0'
}

/**
 * Hands one incoming value to the route for its kind: the one place that knows what is valid
 * JSON-RPC. A session routes straight to its handlers, with nothing allocated on the way.
 */
export function route<T>(data: unknown, to: Routes<T>): T {
  if (!isJsonRpc(data)) return to.foreign()
  const has = (key: string) => Object.hasOwn(data, key)
  const { id, method, params = {}, result, error } = data
  // Only a usable id can be answered (a request) or matched (a response).
  const answerable = has('id') && isRequestId(id)
  const invalid = (reason: string, reply?: number) => (answerable ? to.invalid(reason, data, id, reply) : to.invalid(reason, data))
  if (has('method')) {
    if (typeof method !== 'string' || !method) return invalid('bad method', RPC_INVALID_REQUEST)
    if (has('id') && !answerable) return invalid(`${method}: bad id`)
    if (!isObject(params)) return invalid(`${method}: bad params`, RPC_INVALID_PARAMS)
    return answerable ? to.request(id, method, params) : to.notification(method, params)
  }
  if (!answerable) return invalid('response: bad id')
  if (has('result') === has('error')) return invalid('response: result xor error')
  if (has('result')) return isObject(result) ? to.result(id, result, data) : invalid('response: bad result')
  return isObject(error) && typeof error.code === 'number' && typeof error.message === 'string'
    ? to.error(id, { code: error.code, message: error.message, ...(Object.hasOwn(error, 'data') && { data: error.data }) }, data)
    : invalid('response: bad error')
}

const CLASSIFY: Routes<Classified> = {
  request: (id, method, params) => ({ kind: 'request', id, method, params }),
  notification: (method, params) => ({ kind: 'notification', method, params }),
  result: (id, result) => ({ kind: 'result', id, result }),
  error: (id, error) => ({ kind: 'error', id, error }),
  invalid: (reason, _data, id, reply) => ({ kind: 'invalid', reason, ...(id !== undefined && { id, ...(reply && { reply }) }) }),
  foreign: () => ({ kind: 'foreign' }),
}

/** Sorts one incoming value into a {@link Classified} kind. */
export function classify(data: unknown): Classified {
  return route(data, CLASSIFY)
}
