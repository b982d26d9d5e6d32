/**
 * `mcp-app-bridge/host`: everything a chat UI needs to embed MCP Apps safely.
 */
export { HostBridge, TEARDOWN_TIMEOUT_MS, type HostBridgeOptions, type HostBridgeEvents } from './host-bridge.js'
export type { HostHandlers, HostRequestContext, ForwardingContext } from './view-requests.js'
export { FrameTransport, type FrameTransportOptions } from './frame-transport.js'
export { listenedFrames, type HubWindow } from './message-hub.js'
export { DEFAULT_RATE_LIMITS, type RateLimit, type RateLimits } from './rate-limit.js'
export { listAllTools, ToolDirectory, type McpClient, type McpRequestOptions } from './server-proxy.js'
export type { ToolPhase } from './tool-data.js'
export { BridgeError, type BridgeErrorCode } from '../protocol/errors.js'
export type { BridgeWarning, BridgeWarningCode, Transport } from '../protocol/transport.js'
export type * from '../protocol/types.js'
export type * from '../protocol/mcp-types.js'
export { filterModelTools, getToolUiResourceUri, getToolVisibility, isCallableByApp, isVisibleToModel } from '../protocol/tools.js'
export { buildAllowAttribute, buildCsp, DEFAULT_CSP, type BuiltCsp, type CspRelaxations } from '../protocol/csp.js'
export { EXTENSION_ID, RESOURCE_MIME_TYPE } from '../protocol/methods.js'
