/**
 * Test view on our `ViewBridge`, as an app ships it: the page inlines the published script-tag
 * bundle (`dist/mcp-app-bridge.iife.js`, global `McpAppBridge`) before this file, which uses only
 * that global (the import below is erased: types only).
 */
import type * as ViewModule from '../../../src/view/index.js'
import { startTestView } from './view-common.js'

declare const McpAppBridge: typeof ViewModule

const bridge = new McpAppBridge.ViewBridge({
  appInfo: { name: 'our-test-view', version: '1.0.0' },
  capabilities: { availableDisplayModes: ['inline', 'fullscreen'] },
})

const view = startTestView('ours', {
  sendMessage: ({ text }) => bridge.sendMessage(text),
  updateModelContext: ({ text, structured }) =>
    bridge.updateModelContext({ content: [{ type: 'text', text }], ...(structured && { structuredContent: structured }) }),
  callServerTool: ({ name, arguments: args }) => bridge.callServerTool({ name, arguments: args ?? {} }),
  openLink: ({ url }) => bridge.openLink(url),
  requestDisplayMode: ({ mode }) => bridge.requestDisplayMode(mode),
  sendLog: ({ text }) => bridge.sendLog('info', text),
  requestTeardown: () => bridge.requestTeardown(),
})

bridge.on('toolinputpartial', (params) => view.record('toolinputpartial', params))
bridge.on('toolinput', (params) => {
  view.record('toolinput', params)
  view.show('input', `input: ${JSON.stringify(params.arguments)}`)
})
bridge.on('toolresult', (result) => {
  view.record('toolresult', result)
  const text = result.content.find((block) => block.type === 'text') as { text?: string } | undefined
  view.show('result', `result: ${text?.text ?? ''}`)
})
bridge.on('toolcancelled', (params) => view.record('toolcancelled', params))
// Our bridge also reports the initial context at the handshake; the test views record that once,
// as 'connected' (the official App reports only changes), so one set of assertions fits both.
let connected = false
bridge.on('hostcontextchanged', (context, changed) => {
  view.applyTheme(context.theme)
  if (connected) view.record('hostcontextchanged', { changed, context })
})
bridge.on('teardown', (params) => {
  view.record('teardown', params)
  bridge.sendLog('info', `teardown: ${params.reason ?? '(no reason)'}`)
})

bridge.connect().then(
  (connection) => {
    connected = true
    view.applyTheme(connection.hostContext.theme)
    view.record('connected', { hostInfo: connection.hostInfo, hostContext: connection.hostContext, protocolVersion: connection.protocolVersion })
  },
  (error: unknown) => view.record('error', String(error)),
)
