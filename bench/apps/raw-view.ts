/**
 * Size entry: the same minimal MCP App with no library: hand-written JSON-RPC over postMessage,
 * the same message shapes, minimal checks (source only). The physical lower bound for size.
 */
export {} // a module, not a global script

type Message = { jsonrpc: '2.0'; id?: number; method?: string; params?: any; result?: any; error?: any }

let nextId = 1
const pending = new Map<number, (message: Message) => void>()
const post = (message: Omit<Message, 'jsonrpc'>) => window.parent.postMessage({ jsonrpc: '2.0', ...message }, '*')
const request = (method: string, params: object) =>
  new Promise<any>((resolve, reject) => {
    const id = nextId++
    pending.set(id, (reply) => (reply.error ? reject(reply.error) : resolve(reply.result)))
    post({ id, method, params })
  })

const output = document.createElement('pre')
const button = document.createElement('button')
button.textContent = 'Tell me more'
document.body.append(output, button)

addEventListener('message', (event) => {
  const message = event.data as Message
  if (event.source !== window.parent || message?.jsonrpc !== '2.0') return
  if (message.method === undefined) {
    pending.get(message.id!)?.(message)
    pending.delete(message.id!)
  } else if (message.method === 'ui/notifications/tool-result') {
    output.textContent = message.params.content.map((block: any) => (block.type === 'text' ? block.text : '')).join('\n')
  } else if (message.id !== undefined) {
    post({ id: message.id, result: {} }) // ui/resource-teardown, ping
  }
})
button.onclick = async () => {
  await request('ui/message', { role: 'user', content: [{ type: 'text', text: 'Tell me more about this' }] })
  await request('ui/update-model-context', { content: [{ type: 'text', text: 'The user asked for more' }] })
}

void request('ui/initialize', { appInfo: { name: 'minimal-app', version: '1.0.0' }, appCapabilities: {}, protocolVersion: '2026-01-26' }).then(() => {
  post({ method: 'ui/notifications/initialized' })
  let last = ''
  new ResizeObserver(() => {
    const size = { width: Math.ceil(innerWidth), height: Math.ceil(document.documentElement.getBoundingClientRect().height) }
    if (`${size.width}x${size.height}` !== last) post({ method: 'ui/notifications/size-changed', params: size })
    last = `${size.width}x${size.height}`
  }).observe(document.documentElement)
})
