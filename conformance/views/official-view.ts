/**
 * The official view, `App` from `@modelcontextprotocol/ext-apps@2.0.4`, written the way its
 * documentation shows (handlers before `connect()`, default auto-resize, an `onteardown`), with
 * the conformance probe: every action is one call of App's own API, with nothing checked first.
 */
import { App } from '@modelcontextprotocol/ext-apps'
import type { ViewProbe } from 'mcp-app-bridge/conformance'

const app = new App({ name: 'ext-apps App 2.0.4 (conformance view)', version: '2.0.4' }, { availableDisplayModes: ['inline', 'fullscreen'] })
app.onteardown = async () => ({})

const probe: ViewProbe = {
  hostContext: () => app.getHostContext() as ReturnType<ViewProbe['hostContext']>,
  async act(action) {
    switch (action.action) {
      case 'openLink':
        return app.openLink({ url: action.url })
      case 'sendMessage':
        return app.sendMessage({ role: 'user', content: [{ type: 'text', text: action.text }] })
      case 'updateModelContext':
        return app.updateModelContext({ content: [{ type: 'text', text: action.text }] })
      case 'callServerTool':
        return app.callServerTool({ name: action.name, arguments: {} })
      case 'readServerResource':
        return app.readServerResource({ uri: action.uri })
      case 'downloadFile':
        return app.downloadFile({ contents: [action.file as never] })
      case 'sendLog':
        return app.sendLog({ level: 'info', data: action.text })
      case 'requestDisplayMode':
        return (await app.requestDisplayMode({ mode: action.mode })).mode
      case 'createSamplingMessage':
        return app.createSamplingMessage({ messages: [{ role: 'user', content: { type: 'text', text: action.text } }], maxTokens: 8 })
    }
  },
}
;(window as unknown as { mcpAppConformance: ViewProbe }).mcpAppConformance = probe

document.body.innerHTML = '<main style="font:14px sans-serif;padding:8px"><h1>App conformance view</h1></main>'
void app.connect()
