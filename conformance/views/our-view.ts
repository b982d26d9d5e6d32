/**
 * mcp-app-bridge's view, `ViewBridge`, as an app ships it (the page inlines the script-tag bundle
 * `dist/mcp-app-bridge.iife.js` before this file, which uses only its global), with the
 * conformance probe: every action is one call of the bridge's own API.
 */
import type { ViewProbe } from 'mcp-app-bridge/conformance'
import type * as ViewModule from 'mcp-app-bridge/view'

declare const McpAppBridge: typeof ViewModule

const bridge = new McpAppBridge.ViewBridge({
  appInfo: { name: 'mcp-app-bridge ViewBridge (conformance view)', version: '0.1.0' },
  capabilities: { availableDisplayModes: ['inline', 'fullscreen'] },
})

const probe: ViewProbe = {
  hostContext: () => bridge.hostContext,
  act(action) {
    switch (action.action) {
      case 'openLink':
        return bridge.openLink(action.url)
      case 'sendMessage':
        return bridge.sendMessage(action.text)
      case 'updateModelContext':
        return bridge.updateModelContext({ content: [{ type: 'text', text: action.text }] })
      case 'callServerTool':
        return bridge.callServerTool({ name: action.name, arguments: {} })
      case 'readServerResource':
        return bridge.readServerResource({ uri: action.uri })
      case 'downloadFile':
        return bridge.downloadFile({ contents: [action.file] })
      case 'sendLog':
        return bridge.sendLog('info', action.text)
      case 'requestDisplayMode':
        return bridge.requestDisplayMode(action.mode)
      case 'createSamplingMessage':
        return bridge.createSamplingMessage({ messages: [{ role: 'user', content: { type: 'text', text: action.text } }], maxTokens: 8 })
    }
  },
}
;(window as unknown as { mcpAppConformance: ViewProbe }).mcpAppConformance = probe

document.body.innerHTML = '<main style="font:14px sans-serif;padding:8px"><h1>ViewBridge conformance view</h1></main>'
void bridge.connect()
