/**
 * mcp-app-bridge's view, `ViewBridge`, as an app ships it (the page inlines the script-tag bundle
 * `dist/mcp-app-bridge.iife.js` before this file, which uses only its global), with the
 * conformance probe.
 */
import type * as ViewModule from 'mcp-app-bridge/view'
import { viewBridgeProbe } from './view-bridge-probe.js'

declare const McpAppBridge: typeof ViewModule

const bridge = new McpAppBridge.ViewBridge({
  appInfo: { name: 'mcp-app-bridge ViewBridge (conformance view)', version: '0.1.0' },
  capabilities: { availableDisplayModes: ['inline', 'fullscreen'] },
})
;(window as unknown as { mcpAppConformance: unknown }).mcpAppConformance = viewBridgeProbe(bridge)

document.body.innerHTML = '<main style="font:14px sans-serif;padding:8px"><h1>ViewBridge conformance view</h1></main>'
void bridge.connect()
