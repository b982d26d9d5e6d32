/**
 * What runs in the frame, identical for every implementation: the minimal app (render the
 * tool result; a button that sends a message then updates the model context) plus the benchmark
 * commands, all through a {@link ViewPort}.
 */
import type { ViewPort } from '../impl/ports.js'
import { unwrap, type ViewCommand, type ViewSignal } from './signals.js'

/**
 * The ports the view listens on (ours: the channel it offered with `ui/initialize`), so the probe
 * sees what arrives there too. Noted when a port's `onmessage` is set, once per channel: nothing
 * is added to a message's path outside the probe.
 */
const ports: MessagePort[] = []
const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage')!
Object.defineProperty(MessagePort.prototype, 'onmessage', {
  ...onmessage,
  set(this: MessagePort, handler: ((event: MessageEvent) => void) | null) {
    if (!ports.includes(this)) ports.push(this)
    onmessage.set!.call(this, handler)
  },
})

export function runView(port: ViewPort): void {
  const signal = (value: ViewSignal) => window.parent.postMessage({ __bench: value }, '*')
  const describe = (error: unknown) => (error instanceof Error ? error.message : JSON.stringify(error))

  const output = document.createElement('pre')
  const button = document.createElement('button')
  button.textContent = 'Tell me more'
  document.body.append(output, button)
  port.onToolResult((result) => {
    output.textContent = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n')
    signal({ type: 'rendered' })
  })
  button.onclick = async () => {
    await port.sendMessage('Tell me more about this')
    await port.updateModelContext('The user asked for more')
  }

  let expected: number | undefined
  let changes = 0
  port.onHostContext((context) => {
    changes++
    const dimensions = context.containerDimensions as { maxHeight?: number } | undefined
    if (expected !== undefined && dimensions?.maxHeight === expected) {
      expected = undefined
      signal({ type: 'seen', changes })
    }
  })

  let probe: Array<{ bytes: number; keys: string[] }> = []
  const record = (event: MessageEvent) => {
    const message = event.data as { method?: string; params?: object } | undefined
    if ((event.source !== window.parent && event.source !== null) || message?.method !== 'ui/notifications/host-context-changed') return
    probe.push({ bytes: new TextEncoder().encode(JSON.stringify(message)).length, keys: Object.keys(message.params ?? {}) })
  }

  addEventListener('message', (event) => {
    const command = unwrap<ViewCommand>(event.data)
    if (event.source !== window.parent || !command) return
    switch (command.cmd) {
      case 'rpc':
        void rpc(port, command.calls, command.concurrency).then(signal)
        break
      case 'expect':
        expected = command.maxHeight
        changes = 0
        signal({ type: 'expecting' })
        break
      case 'probe-start':
        probe = []
        addEventListener('message', record)
        for (const channel of ports) channel.addEventListener('message', record)
        signal({ type: 'probing' })
        break
      case 'probe-end':
        removeEventListener('message', record)
        for (const channel of ports) channel.removeEventListener('message', record)
        signal({ type: 'probe', messages: probe })
        break
    }
  })

  port.connect().catch((error) => signal({ type: 'error', message: `connect: ${describe(error)}` }))

  /** `calls` tool calls, `concurrency` at a time, timed in the view (the caller). */
  async function rpc(view: ViewPort, calls: number, concurrency: number): Promise<ViewSignal> {
    let next = 0
    let errors = 0
    let firstError: string | undefined
    const worker = async () => {
      while (next < calls) {
        const i = next++
        try {
          await view.callTool('echo', { i })
        } catch (error) {
          errors++
          firstError ??= describe(error)
        }
      }
    }
    const start = performance.now()
    await Promise.all(Array.from({ length: concurrency }, worker))
    return { type: 'rpc', ms: performance.now() - start, errors, ...(firstError !== undefined && { firstError }) }
  }
}
