/**
 * View port with no library: hand-written JSON-RPC over postMessage, the same message shapes as
 * the bridges, minimal checks (the source window only). The physical limit the others are held to.
 */
import { APP_INFO, PROTOCOL_VERSION } from '../fixtures.js'
import type { ToolResultLike, ViewPort } from '../ports.js'
import { autoResize, createChannel, type Message } from './channel.js'

export function createViewPort(): ViewPort {
  const channel = createChannel(window.parent)
  const toolResult: Array<(result: ToolResultLike) => void> = []
  const contextListeners: Array<(context: Record<string, unknown>) => void> = []
  let context: Record<string, unknown> = {}

  addEventListener('message', (event) => {
    const message = event.data as Message
    if (event.source !== window.parent || message?.jsonrpc !== '2.0' || channel.settle(message)) return
    if (message.method === 'ui/notifications/tool-result') {
      for (const listener of toolResult) listener(message.params)
    } else if (message.method === 'ui/notifications/host-context-changed') {
      context = { ...context, ...message.params }
      for (const listener of contextListeners) listener(context)
    } else if (message.id !== undefined) {
      channel.post({ id: message.id, result: {} }) // ui/resource-teardown, ping
    }
  })

  return {
    async connect() {
      const result = await channel.request('ui/initialize', { appInfo: APP_INFO, appCapabilities: {}, protocolVersion: PROTOCOL_VERSION })
      context = result.hostContext
      channel.post({ method: 'ui/notifications/initialized' })
      autoResize(channel)
    },
    onToolResult: (listener) => void toolResult.push(listener),
    onHostContext: (listener) => void contextListeners.push(listener),
    callTool: (name, args) => channel.request('tools/call', { name, arguments: args }),
    sendMessage: (text) => channel.request('ui/message', { role: 'user', content: [{ type: 'text', text }] }),
    updateModelContext: (text) => channel.request('ui/update-model-context', { content: [{ type: 'text', text }] }),
  }
}
