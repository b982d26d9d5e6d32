/**
 * `mcp-app-bridge/host`: everything a chat UI needs to embed MCP Apps safely.
 *
 * - `mountApp`: the one call that reads a tool's resource, frames it and connects it.
 * - `HostBridge`: the protocol, for hosts that frame views themselves.
 * - The pieces `mountApp` is made of, and the model-side tool helpers.
 */
export { mountApp, type MountAppOptions, type MountedApp, type MountedView, type SandboxMode } from './mount-app.js'
export { HostBridge, TEARDOWN_TIMEOUT_MS, type HostBridgeOptions, type HostBridgeEvents } from './host-bridge.js'
export type { HostHandlers, HostRequestContext, ForwardingContext } from './view-requests.js'
export { FrameTransport, type FrameTransportOptions } from './frame-transport.js'
export { ProxyTransport, type ProxyTransportOptions } from './proxy-transport.js'
export { DeferredTransport } from './deferred-transport.js'
export { listenedFrames, type HubWindow } from './message-hub.js'
export { DEFAULT_RATE_LIMITS, type RateLimit, type RateLimits } from './rate-limit.js'
export { listAllTools, toolDirectoryFor, ToolDirectory, type McpClient, type McpRequestOptions } from './server-proxy.js'
export { readUiResource, parseUiResource, isAppMimeType, decodeBase64Utf8, type UiResource, type ReadUiResourceOptions } from './ui-resource.js'
export { createAppFrame, prepareAppFrame, PROXY_SANDBOX, SRCDOC_SANDBOX, type AppFrameOptions, type AppFrameSource } from './app-frame.js'
export { injectCspMeta } from './csp-meta.js'
export { FRAME_MOVED, watchFrame } from './frame-watch.js'
export { createFrameSizer, type FrameSizeOptions } from './frame-size.js'
export { createDisplayModeApplier } from './display-mode.js'
export { buildSandboxUrl, type SandboxUrlParams } from './sandbox-url.js'
export type { ToolPhase } from './tool-data.js'
export { BridgeError, type BridgeErrorCode } from '../protocol/errors.js'
export type { BridgeWarning, BridgeWarningCode, Transport } from '../protocol/transport.js'
export type * from '../protocol/types.js'
export type * from '../protocol/mcp-types.js'
export { filterModelTools, getToolUiResourceUri, getToolVisibility, isCallableByApp, isVisibleToModel } from '../protocol/tools.js'
export { buildAllowAttribute, buildCsp, DEFAULT_CSP, type BuiltCsp, type CspRelaxations, type DroppedCspEntry } from '../protocol/csp.js'
export { EXTENSION_ID, RESOURCE_MIME_TYPE } from '../protocol/methods.js'
