/**
 * Size entry: the minimal host written with mcp-app-bridge: one bridge on a sandboxed srcdoc
 * frame, its transport, handlers for what it advertises, and the view's size applied to the
 * iframe's height, as the official SDK's minimal host does. (`mountApp` adds the sandbox proxy,
 * the CSP, resource reading and sizing on top: the full host entry, measured by
 * test/host/size.test.ts.)
 */
import { HostBridge } from '../../src/host/index.js'

const tool = { name: 'echo', inputSchema: { type: 'object' as const }, _meta: { ui: { resourceUri: 'ui://minimal/app.html' } } }
const iframe = document.createElement('iframe')
iframe.sandbox.add('allow-scripts')
iframe.srcdoc = '<!doctype html><p>app</p>'
document.body.append(iframe)

const bridge = new HostBridge({
  hostInfo: { name: 'minimal-host', version: '1.0.0' },
  capabilities: { message: { text: {} }, updateModelContext: { text: {} }, serverTools: {} },
  hostContext: { theme: 'light', displayMode: 'inline', containerDimensions: { maxHeight: 600 } },
  target: iframe.contentWindow!,
  targetOrigin: 'null',
  tools: [tool],
  handlers: {
    message: (params) => console.log('user message', params.content),
    updateModelContext: (params) => console.log('model context', params),
    callTool: (params) => ({ content: [{ type: 'text', text: `called ${params.name}` }] }),
  },
})
bridge.on('sizechange', ({ height }) => {
  if (height !== undefined) iframe.style.height = `${height}px`
})
bridge.sendToolInput({ city: 'Paris' })
bridge.sendToolResult({ content: [{ type: 'text', text: 'Paris: 18 °C' }] })
