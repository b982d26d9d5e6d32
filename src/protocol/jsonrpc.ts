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

const hasOwn = Object.prototype.hasOwnProperty

/** A JSON-RPC id we can answer: a string or a finite number (never `null`, never `NaN`). */
export function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))
}

/** A plain-ish object: not null, not an array. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Sorts one incoming value into a {@link Classified} kind. */
export function classify(data: unknown): Classified {
  if (!isObject(data) || data.jsonrpc !== '2.0') return { kind: 'foreign' }
  const hasId = hasOwn.call(data, 'id')
  const id = data.id
  const method = data.method
  if (hasOwn.call(data, 'method')) {
    if (typeof method !== 'string' || method === '') {
      return hasId && isRequestId(id)
        ? { kind: 'invalid', reason: 'method must be a non-empty string', id, reply: RPC_INVALID_REQUEST }
        : { kind: 'invalid', reason: 'method must be a non-empty string' }
    }
    if (hasId && !isRequestId(id)) return { kind: 'invalid', reason: `${method}: bad id` }
    const params = data.params
    if (params !== undefined && !isObject(params)) {
      return hasId
        ? { kind: 'invalid', reason: `${method}: params must be an object`, id: id as RequestId, reply: RPC_INVALID_PARAMS }
        : { kind: 'invalid', reason: `${method}: params must be an object` }
    }
    const p = (params ?? {}) as Record<string, unknown>
    return hasId ? { kind: 'request', id: id as RequestId, method, params: p } : { kind: 'notification', method, params: p }
  }
  if (!hasId || !isRequestId(id)) return { kind: 'invalid', reason: 'response without id' }
  const hasResult = hasOwn.call(data, 'result')
  const hasError = hasOwn.call(data, 'error')
  if (hasResult === hasError) return { kind: 'invalid', reason: 'response needs result or error', id }
  if (hasResult) {
    return isObject(data.result)
      ? { kind: 'result', id, result: data.result }
      : { kind: 'invalid', reason: 'result must be an object', id }
  }
  const error = data.error
  if (!isObject(error) || typeof error.code !== 'number' || typeof error.message !== 'string') {
    return { kind: 'invalid', reason: 'bad error object', id }
  }
  return { kind: 'error', id, error: hasOwn.call(error, 'data') ? { code: error.code, message: error.message, data: error.data } : { code: error.code, message: error.message } }
}
