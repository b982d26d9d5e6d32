/** View port for mcp-app-bridge: `ViewBridge` as an app author uses it. */
import { ViewBridge } from '../../../src/view/index.js'
import { APP_INFO } from '../fixtures.js'
import type { ViewPort } from '../ports.js'

export function createViewPort(): ViewPort {
  return viewPortOf(new ViewBridge({ appInfo: APP_INFO }))
}

/** The port of a bridge made elsewhere (`ours-window` makes its own, with another parent). */
export function viewPortOf(bridge: ViewBridge): ViewPort {
  return {
    connect: async () => void (await bridge.connect()),
    onToolResult: (listener) => void bridge.on('toolresult', listener),
    onHostContext: (listener) => void bridge.on('hostcontextchanged', (context) => listener(context)),
    callTool: (name, args) => bridge.callServerTool({ name, arguments: args }),
    sendMessage: (text) => bridge.sendMessage(text),
    updateModelContext: (text) => bridge.updateModelContext({ content: [{ type: 'text', text }] }),
  }
}
