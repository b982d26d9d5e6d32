/** View port for `@modelcontextprotocol/ext-apps` 2.0.4: `App` + `PostMessageTransport(parent, parent)`. */
import { App, PostMessageTransport } from '@modelcontextprotocol/ext-apps'
import { APP_INFO } from '../fixtures.js'
import type { ViewPort } from '../ports.js'

export function createViewPort(): ViewPort {
  // No options argument: that is what keeps the SDK's auto-resize on.
  const app = new App(APP_INFO, {})
  // The SDK has no default teardown answer (it replies -32601 without one); every app sets this.
  app.onteardown = async () => ({})
  return {
    connect: () => app.connect(new PostMessageTransport(window.parent, window.parent)),
    onToolResult: (listener) => app.addEventListener('toolresult', listener),
    onHostContext: (listener) => app.addEventListener('hostcontextchanged', () => listener(app.getHostContext() ?? {})),
    callTool: (name, args) => app.callServerTool({ name, arguments: args }),
    sendMessage: (text) => app.sendMessage({ role: 'user', content: [{ type: 'text', text }] }),
    updateModelContext: (text) => app.updateModelContext({ content: [{ type: 'text', text }] }),
  }
}
