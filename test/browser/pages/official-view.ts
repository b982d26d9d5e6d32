/**
 * Test view on the official `App` (`@modelcontextprotocol/ext-apps@2.0.4`), written the way its
 * documentation shows (handlers before `connect()`, default auto-resize), with the same
 * `window.testApp` as our view.
 */
import { App } from '@modelcontextprotocol/ext-apps'
import { startTestView } from './view-common.js'

const app = new App({ name: 'official-test-view', version: '1.0.0' }, { availableDisplayModes: ['inline', 'fullscreen'] })

const view = startTestView('official', {
  sendMessage: ({ text }) => app.sendMessage({ role: 'user', content: [{ type: 'text', text }] }),
  updateModelContext: ({ text, structured }) =>
    app.updateModelContext({ content: [{ type: 'text', text }], ...(structured && { structuredContent: structured }) }),
  callServerTool: ({ name, arguments: args }) => app.callServerTool({ name, arguments: args ?? {} }),
  openLink: ({ url }) => app.openLink({ url }),
  requestDisplayMode: async ({ mode }) => (await app.requestDisplayMode({ mode })).mode,
  sendLog: ({ text }) => app.sendLog({ level: 'info', data: text }),
  requestTeardown: () => app.requestTeardown(),
})

app.addEventListener('toolinputpartial', (params) => view.record('toolinputpartial', params))
app.addEventListener('toolinput', (params) => {
  view.record('toolinput', params)
  view.show('input', `input: ${JSON.stringify(params.arguments)}`)
})
app.addEventListener('toolresult', (result) => {
  view.record('toolresult', result)
  const text = result.content?.find((block) => block.type === 'text') as { text?: string } | undefined
  view.show('result', `result: ${text?.text ?? ''}`)
})
app.addEventListener('toolcancelled', (params) => view.record('toolcancelled', params))
app.addEventListener('hostcontextchanged', (params) => {
  const context = app.getHostContext() ?? {}
  view.applyTheme(context.theme)
  view.record('hostcontextchanged', { changed: Object.keys(params), context })
})
app.onteardown = async (params) => {
  view.record('teardown', params)
  await app.sendLog({ level: 'info', data: `teardown: ${(params as { reason?: string }).reason ?? '(no reason)'}` })
  return {}
}

app.connect().then(
  () => {
    const context = app.getHostContext() ?? {}
    view.applyTheme(context.theme)
    view.record('connected', { hostInfo: app.getHostVersion(), hostContext: context, protocolVersion: undefined })
  },
  (error: unknown) => view.record('error', String(error)),
)
