/**
 * All of "raw" JSON-RPC over postMessage, written by hand as an app or host author would without a
 * library: ids, pending requests, posting. Minimal checks: the caller filters by source window.
 */
export type Message = { jsonrpc: '2.0'; id?: number; method?: string; params?: any; result?: any; error?: any }

export function createChannel(target: Window) {
  let nextId = 1
  const pending = new Map<number, (reply: Message) => void>()
  const post = (message: Omit<Message, 'jsonrpc'>) => target.postMessage({ jsonrpc: '2.0', ...message }, '*')
  return {
    post,
    request: (method: string, params: object) =>
      new Promise<any>((resolve, reject) => {
        const id = nextId++
        pending.set(id, (reply) => (reply.error ? reject(reply.error) : resolve(reply.result)))
        post({ id, method, params })
      }),
    /** Settles the request that `message` answers; false when `message` is not a response. */
    settle(message: Message): boolean {
      if (message.method !== undefined) return false
      pending.get(message.id!)?.(message)
      pending.delete(message.id!)
      return true
    },
  }
}

/** Reports the document's size whenever it changes (what the bridges' auto-resize does, minus its care). */
export function autoResize(channel: ReturnType<typeof createChannel>): void {
  let last = ''
  new ResizeObserver(() => {
    const size = { width: Math.ceil(innerWidth), height: Math.ceil(document.documentElement.getBoundingClientRect().height) }
    if (`${size.width}x${size.height}` !== last) channel.post({ method: 'ui/notifications/size-changed', params: size })
    last = `${size.width}x${size.height}`
  }).observe(document.documentElement)
}
