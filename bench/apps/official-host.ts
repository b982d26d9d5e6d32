/**
 * Size entry: the same minimal host written with `@modelcontextprotocol/ext-apps` 2.0.4
 * (`AppBridge` without an MCP client, `PostMessageTransport` on the frame).
 */
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge'

const iframe = document.createElement('iframe')
iframe.sandbox.add('allow-scripts')
iframe.srcdoc = '<!doctype html><p>app</p>'
document.body.append(iframe)

const bridge = new AppBridge(
  null,
  { name: 'minimal-host', version: '1.0.0' },
  { message: { text: {} }, updateModelContext: { text: {} }, serverTools: {} },
  { hostContext: { theme: 'light', displayMode: 'inline', containerDimensions: { maxHeight: 600 } } },
)
bridge.onmessage = async (params) => {
  console.log('user message', params.content)
  return {}
}
bridge.onupdatemodelcontext = async (params) => {
  console.log('model context', params)
  return {}
}
bridge.oncalltool = async (params) => ({ content: [{ type: 'text', text: `called ${params.name}` }] })
bridge.onsizechange = ({ height }) => {
  if (height !== undefined) iframe.style.height = `${height}px`
}
bridge.oninitialized = () => {
  void bridge.sendToolInput({ arguments: { city: 'Paris' } })
  void bridge.sendToolResult({ content: [{ type: 'text', text: 'Paris: 18 °C' }] })
}
void bridge.connect(new PostMessageTransport(iframe.contentWindow!, iframe.contentWindow!))
