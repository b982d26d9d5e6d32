/**
 * Size entry: the same minimal MCP App written with `@modelcontextprotocol/ext-apps` 2.0.4
 * (`App` + `PostMessageTransport`; auto-resize is on by default).
 */
import { App, PostMessageTransport } from '@modelcontextprotocol/ext-apps'

const app = new App({ name: 'minimal-app', version: '1.0.0' })
const output = document.createElement('pre')
const button = document.createElement('button')
button.textContent = 'Tell me more'
document.body.append(output, button)

app.ontoolresult = (result) => {
  output.textContent = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n')
}
button.onclick = async () => {
  await app.sendMessage({ role: 'user', content: [{ type: 'text', text: 'Tell me more about this' }] })
  await app.updateModelContext({ content: [{ type: 'text', text: 'The user asked for more' }] })
}
void app.connect(new PostMessageTransport(window.parent, window.parent))
