/**
 * `mcp-app-bridge/openai`: `window.openai` for apps written against the OpenAI Apps SDK, backed by
 * the view bridge, so they run unchanged in any MCP Apps host. The script-tag bundle
 * (`mcp-app-bridge/openai.iife.js`) installs it as it loads; put it before the app's own scripts.
 */
export { installOpenAiShim, type OpenAi, type OpenAiShim, type OpenAiShimOptions, type ShimWindow } from './shim.js'
export { contextGlobals, type OpenAiGlobals, type OpenAiDeviceType } from './globals.js'
export { SET_GLOBALS_EVENT, TOOL_RESPONSE_EVENT, WIDGET_STATE_KEY } from './keys.js'
