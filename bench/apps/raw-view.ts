/**
 * Size entry: the same minimal MCP App with no library: hand-written JSON-RPC over postMessage,
 * the same message shapes, minimal checks (source only). The physical lower bound for size.
 */
import { autoResize, createChannel, type Message } from '../impl/raw/channel.js'

const channel = createChannel(window.parent)
const output = document.createElement('pre')
const button = document.createElement('button')
button.textContent = 'Tell me more'
document.body.append(output, button)

addEventListener('message', (event) => {
  const message = event.data as Message
  if (event.source !== window.parent || message?.jsonrpc !== '2.0' || channel.settle(message)) return
  if (message.method === 'ui/notifications/tool-result') {
    output.textContent = message.params.content.map((block: any) => (block.type === 'text' ? block.text : '')).join('\n')
  } else if (message.id !== undefined) {
    channel.post({ id: message.id, result: {} }) // ui/resource-teardown, ping
  }
})
button.onclick = async () => {
  await channel.request('ui/message', { role: 'user', content: [{ type: 'text', text: 'Tell me more about this' }] })
  await channel.request('ui/update-model-context', { content: [{ type: 'text', text: 'The user asked for more' }] })
}

void channel.request('ui/initialize', { appInfo: { name: 'minimal-app', version: '1.0.0' }, appCapabilities: {}, protocolVersion: '2026-01-26' }).then(() => {
  channel.post({ method: 'ui/notifications/initialized' })
  autoResize(channel)
})
