/**
 * View port with no library: hand-written JSON-RPC over postMessage, the same message shapes as
 * the bridges, minimal checks (the source window only). The physical limit the others are held to.
 */
import { APP_INFO, PROTOCOL_VERSION } from '../fixtures.js'
import type { ToolResultLike, ViewPort } from '../ports.js'

type Message = { jsonrpc: '2.0'; id?: number; method?: string; params?: any; result?: any; error?: any }

export function createViewPort(): ViewPort {
  let nextId = 1
  const pending = new Map<number, (message: Message) => void>()
  const toolResult: Array<(result: ToolResultLike) => void> = []
  const contextListeners: Array<(context: Record<string, unknown>) => void> = []
  let context: Record<string, unknown> = {}
  const post = (message: Omit<Message, 'jsonrpc'>) => window.parent.postMessage({ jsonrpc: '2.0', ...message }, '*')
  const request = (method: string, params: object) =>
    new Promise<any>((resolve, reject) => {
      const id = nextId++
      pending.set(id, (reply) => (reply.error ? reject(reply.error) : resolve(reply.result)))
      post({ id, method, params })
    })

  addEventListener('message', (event) => {
    const message = event.data as Message
    if (event.source !== window.parent || message?.jsonrpc !== '2.0') return
    if (message.method === undefined) {
      pending.get(message.id!)?.(message)
      pending.delete(message.id!)
    } else if (message.method === 'ui/notifications/tool-result') {
      for (const listener of toolResult) listener(message.params)
    } else if (message.method === 'ui/notifications/host-context-changed') {
      context = { ...context, ...message.params }
      for (const listener of contextListeners) listener(context)
    } else if (message.id !== undefined) {
      post({ id: message.id, result: {} }) // ui/resource-teardown, ping
    }
  })

  return {
    async connect() {
      const result = await request('ui/initialize', { appInfo: APP_INFO, appCapabilities: {}, protocolVersion: PROTOCOL_VERSION })
      context = result.hostContext
      post({ method: 'ui/notifications/initialized' })
      let last = ''
      new ResizeObserver(() => {
        const size = { width: Math.ceil(innerWidth), height: Math.ceil(document.documentElement.getBoundingClientRect().height) }
        if (`${size.width}x${size.height}` !== last) post({ method: 'ui/notifications/size-changed', params: size })
        last = `${size.width}x${size.height}`
      }).observe(document.documentElement)
    },
    onToolResult: (listener) => void toolResult.push(listener),
    onHostContext: (listener) => void contextListeners.push(listener),
    callTool: (name, args) => request('tools/call', { name, arguments: args }),
    sendMessage: (text) => request('ui/message', { role: 'user', content: [{ type: 'text', text }] }),
    updateModelContext: (text) => request('ui/update-model-context', { content: [{ type: 'text', text }] }),
  }
}
