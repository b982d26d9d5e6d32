/**
 * Size entry: the minimal MCP App written with mcp-app-bridge, as an app author would write it.
 * Connects, renders the tool result, has a button that sends a message and then updates the
 * model context, and reports its size (auto-resize is on by default).
 */
import { ViewBridge } from '../../src/view/index.js'

const bridge = new ViewBridge({ appInfo: { name: 'minimal-app', version: '1.0.0' } })
const output = document.createElement('pre')
const button = document.createElement('button')
button.textContent = 'Tell me more'
document.body.append(output, button)

bridge.on('toolresult', (result) => {
  output.textContent = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n')
})
button.onclick = async () => {
  await bridge.sendMessage('Tell me more about this')
  await bridge.updateModelContext({ content: [{ type: 'text', text: 'The user asked for more' }] })
}
void bridge.connect()
