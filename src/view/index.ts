/**
 * `mcp-app-bridge/view`: everything an MCP App needs inside its iframe. The script-tag bundle
 * (`mcp-app-bridge/view.iife.js`) exposes the same names on the global `McpAppBridge`.
 */
export { ViewBridge, HANDSHAKE_TIMEOUT_MS, type ViewBridgeOptions, type ViewBridgeEvents, type ViewConnection } from './view-bridge.js'
export type { AppToolDefinition, AppToolHandler } from './app-tools.js'
export { ParentTransport, type ParentTransportOptions, type MessageSource, type MessageTarget } from './parent-transport.js'
export { applyHostStyles, applyDocumentTheme, applyHostStyleVariables, applyHostFonts, type HostContextSource } from './host-styles.js'
export { BridgeError, type BridgeErrorCode } from '../protocol/errors.js'
export type { BridgeWarning, BridgeWarningCode } from '../protocol/transport.js'
export type { RequestOptions, RequestContext } from '../protocol/session.js'
export type * from '../protocol/types.js'
export type * from '../protocol/mcp-types.js'
export type { McpUiStyles, McpUiStyleVariableKey } from '../protocol/style-variables.js'
