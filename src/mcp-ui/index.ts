/**
 * `mcp-app-bridge/mcp-ui`: hosting apps written for MCP-UI, the protocol before MCP Apps, in the
 * same sandboxed frame and behind the same enforcement as MCP Apps. Opt-in: nothing here is part
 * of `mcp-app-bridge/host`.
 */
export { mountMcpUiApp, type MountMcpUiAppOptions, type MountedMcpUiApp, type McpUiEvents } from './mount.js'
export { createMcpUiTransport, MCP_UI_APP_INFO, type McpUiTransport, type McpUiTransportOptions, type McpUiProtocol, type McpUiEventType } from './translator.js'
export { readMcpUiResource, findMcpUiResource, MCP_UI_META_PREFIX, type McpUiResource } from './resource.js'
export { urlFrame } from './url-frame.js'
