/**
 * `mcp-app-bridge/protocol`: the pure, shared core of both bridges. No DOM, no globals, no
 * runtime dependency: method names, types, guards, the JSON-RPC session engine, host-context
 * diff and merge, version and capability rules, tool visibility, and the CSP builder.
 */
export * from './methods.js'
export type * from './mcp-types.js'
export type * from './types.js'
export { STYLE_VARIABLE_KEYS, type McpUiStyleVariableKey, type McpUiStyles } from './style-variables.js'
// Not `*`: `describeThrown` is shared with the session engine, no public API.
export {
  BridgeError,
  fromRpcError,
  toRpcError,
  RPC_DENIED,
  RPC_INTERNAL_ERROR,
  RPC_INVALID_PARAMS,
  RPC_INVALID_REQUEST,
  RPC_METHOD_NOT_FOUND,
  RPC_PARSE_ERROR,
  RPC_REQUEST_TIMEOUT,
  type BridgeErrorCode,
  type RpcErrorObject,
} from './errors.js'
export * from './jsonrpc.js'
export * from './inspect.js'
export type * from './transport.js'
// Not `*`: `failure` is shared with the view bridge, no public API.
export {
  DEFAULT_TIMEOUT_MS,
  MAX_TIMER_DELAY,
  SessionCore,
  type NotificationHandler,
  type RequestContext,
  type RequestHandler,
  type RequestOptions,
  type SessionCoreOptions,
} from './session-core.js'
export * from './session.js'
export * from './guards.js'
export * from './host-guards.js'
export * from './host-context.js'
export * from './version.js'
export * from './capabilities.js'
export * from './tools.js'
export * from './csp.js'
