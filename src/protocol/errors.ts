/**
 * The one error type of mcp-app-bridge. Callers branch on `code`, never on message text.
 *
 * - `TIMEOUT`: the peer did not answer in time.
 * - `CLOSED`: the bridge closed (or was never connected) while the call was pending.
 * - `CANCELLED`: the caller aborted the request through its `AbortSignal`.
 * - `NOT_SUPPORTED`: the peer did not advertise the capability, or does not know the method.
 * - `INVALID_PARAMS`: a request's params failed validation (ours before sending, or the peer's).
 * - `DENIED`: the peer or a policy refused the action (e.g. a link, a model-only tool).
 * - `RATE_LIMITED`: host-side code over a rate limit. A view receives the host's rate-limit refusal
 *   (`-32000`) as `DENIED`, its message naming the limit: retry later rather than treat it as the user's no.
 * - `PROTOCOL`: a call broke the protocol's ordering rules, or the peer sent something malformed.
 * - `REMOTE`: the peer answered with another JSON-RPC error; see `rpcCode` and `data`.
 */
export type BridgeErrorCode =
  | 'TIMEOUT'
  | 'CLOSED'
  | 'CANCELLED'
  | 'NOT_SUPPORTED'
  | 'INVALID_PARAMS'
  | 'DENIED'
  | 'RATE_LIMITED'
  | 'PROTOCOL'
  | 'REMOTE'

/** JSON-RPC 2.0 error codes used on the wire. */
export const RPC_PARSE_ERROR = -32700
export const RPC_INVALID_REQUEST = -32600
export const RPC_METHOD_NOT_FOUND = -32601
export const RPC_INVALID_PARAMS = -32602
export const RPC_INTERNAL_ERROR = -32603
/** Implementation-defined; the spec uses it for denials. */
export const RPC_DENIED = -32000
/** MCP's request timeout code. */
export const RPC_REQUEST_TIMEOUT = -32001

export class BridgeError extends Error {
  // `declare`: assigned in the constructor, so no field initializers are emitted.
  /** Stable machine-readable reason. */
  declare readonly code: BridgeErrorCode
  /** The JSON-RPC error code, when the error came from (or goes to) the wire. */
  declare readonly rpcCode: number | undefined
  /** The JSON-RPC error's `data`, when there was one. */
  declare readonly data: unknown

  constructor(code: BridgeErrorCode, message: string, { rpcCode, data, cause }: { rpcCode?: number; data?: unknown; cause?: unknown } = {}) {
    super(message, cause === undefined ? undefined : { cause })
    Object.assign(this, { name: 'BridgeError', code, rpcCode, data })
  }
}

/** JSON-RPC error object. */
export interface RpcErrorObject {
  code: number
  message: string
  data?: unknown
}

const CODE_BY_RPC: Record<number, BridgeErrorCode> = {
  [RPC_METHOD_NOT_FOUND]: 'NOT_SUPPORTED',
  [RPC_INVALID_PARAMS]: 'INVALID_PARAMS',
  [RPC_DENIED]: 'DENIED',
  [RPC_REQUEST_TIMEOUT]: 'TIMEOUT',
}

const RPC_BY_CODE: Partial<Record<BridgeErrorCode, number>> = {
  NOT_SUPPORTED: RPC_METHOD_NOT_FOUND,
  INVALID_PARAMS: RPC_INVALID_PARAMS,
  DENIED: RPC_DENIED,
  RATE_LIMITED: RPC_DENIED,
  TIMEOUT: RPC_REQUEST_TIMEOUT,
  PROTOCOL: RPC_INVALID_REQUEST,
}

/** The fields {@link toRpcError} and {@link describeThrown} read from whatever was thrown. */
type Thrown = { code?: unknown; message?: unknown; data?: unknown } | null | undefined

/** Turns an error answer from the peer into a {@link BridgeError}. */
export function fromRpcError(error: RpcErrorObject): BridgeError {
  return new BridgeError(CODE_BY_RPC[error.code] ?? 'REMOTE', error.message, { rpcCode: error.code, data: error.data })
}

/**
 * Turns whatever a request handler threw into the JSON-RPC error to answer with.
 * A {@link BridgeError} keeps its meaning; an error carrying a negative integer `code` (the MCP
 * SDK's `McpError`, say) keeps that code, so a server's answer is relayed unchanged; anything else
 * is an internal error. Positive codes are not JSON-RPC codes in practice: they are what browser
 * APIs throw (a `DOMException`'s legacy `code`, 18 for a `SecurityError`), not an answer.
 */
export function toRpcError(thrown: unknown): RpcErrorObject {
  // Cast where read rather than aliased once: the alias would survive minification.
  const code = thrown instanceof BridgeError ? (thrown.rpcCode ?? RPC_BY_CODE[thrown.code] ?? RPC_INTERNAL_ERROR) : (thrown as Thrown)?.code
  const message = describeThrown(thrown)
  // A JSON-RPC code must be an integer: anything else is answered as an internal error.
  return Number.isInteger(code) && (code as number) < 0 ? { code: code as number, message, ...((thrown as Thrown)!.data !== undefined && { data: (thrown as Thrown)!.data }) } : { code: RPC_INTERNAL_ERROR, message }
}

/**
 * A thrown value as text: its `message` when it has one, else `String()`, which itself throws for
 * a value with no string form (`Object.create(null)`, `{ toString: 1 }`): then a placeholder, so
 * that reporting a failure never fails in turn (a handler's junk left its request unanswered).
 * Shared with the session engine; the protocol entry leaves it out (no public API).
 */
export function describeThrown(thrown: unknown): string {
  try {
    return typeof (thrown as Thrown)?.message === 'string' ? (thrown as Error).message : String(thrown)
  } catch {
    return 'a value with no string form'
  }
}
