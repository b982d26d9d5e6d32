/**
 * Size entry: the same minimal host with no library: hand-written JSON-RPC over postMessage with
 * the same message shapes and minimal checks (source only).
 */
export {} // a module, not a global script

type Message = { jsonrpc: '2.0'; id?: number; method?: string; params?: any; result?: any; error?: any }

const iframe = document.createElement('iframe')
iframe.sandbox.add('allow-scripts')
iframe.srcdoc = '<!doctype html><p>app</p>'
document.body.append(iframe)
const frame = iframe.contentWindow!
const post = (message: Omit<Message, 'jsonrpc'>) => frame.postMessage({ jsonrpc: '2.0', ...message }, '*')

addEventListener('message', (event) => {
  const message = event.data as Message
  if (event.source !== frame || message?.jsonrpc !== '2.0') return
  const { id, method, params } = message
  if (method === 'ui/initialize') {
    post({
      id,
      result: {
        protocolVersion: '2026-01-26',
        hostInfo: { name: 'minimal-host', version: '1.0.0' },
        hostCapabilities: { message: { text: {} }, updateModelContext: { text: {} }, serverTools: {} },
        hostContext: { theme: 'light', displayMode: 'inline', containerDimensions: { maxHeight: 600 } },
      },
    })
  } else if (method === 'ui/notifications/initialized') {
    post({ method: 'ui/notifications/tool-input', params: { arguments: { city: 'Paris' } } })
    post({ method: 'ui/notifications/tool-result', params: { content: [{ type: 'text', text: 'Paris: 18 °C' }] } })
  } else if (method === 'ui/notifications/size-changed') {
    if (params.height !== undefined) iframe.style.height = `${params.height}px`
  } else if (method === 'ui/message' || method === 'ui/update-model-context') {
    console.log(method, params)
    post({ id, result: {} })
  } else if (method === 'tools/call') {
    post({ id, result: { content: [{ type: 'text', text: `called ${params.name}` }] } })
  } else if (id !== undefined && method !== undefined) {
    post({ id, error: { code: -32601, message: 'Method not found' } })
  }
})
