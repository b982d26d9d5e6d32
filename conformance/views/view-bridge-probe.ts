/**
 * The conformance probe of a view on mcp-app-bridge's `ViewBridge`: each action is one call of
 * the bridge's own API, nothing checked first (the bridge's checks are what is under test).
 */
import type { ViewProbe } from 'mcp-app-bridge/conformance'
import type { ViewBridge } from 'mcp-app-bridge/view'

export function viewBridgeProbe(bridge: ViewBridge): ViewProbe {
  return {
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
}
