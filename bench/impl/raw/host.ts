/**
 * Host port with no library: one `message` listener per frame, hand-written answers with the same
 * shapes as the bridges, minimal checks (the source window only). A no-op context update is
 * skipped by comparing the one key's JSON, the least a host must do to send only changes.
 */
import { HOST_CAPABILITIES, HOST_CONTEXT, HOST_INFO, PROTOCOL_VERSION, TOOL_INPUT, TOOL_RESULT, echoResult } from '../fixtures.js'
import type { HostPort } from '../ports.js'
import { createChannel, type Message } from './channel.js'

export const hostPort: HostPort = {
  mount(iframe, onInitialized) {
    const frame = iframe.contentWindow!
    let context: Record<string, unknown> = HOST_CONTEXT
    const channel = createChannel(frame)
    const post = channel.post
    const listener = (event: MessageEvent) => {
      const message = event.data as Message
      if (event.source !== frame || message?.jsonrpc !== '2.0' || channel.settle(message)) return
      const { id, method, params } = message
      if (method === 'ui/initialize') {
        post({ id, result: { protocolVersion: PROTOCOL_VERSION, hostInfo: HOST_INFO, hostCapabilities: HOST_CAPABILITIES, hostContext: context } })
      } else if (method === 'ui/notifications/initialized') {
        post({ method: 'ui/notifications/tool-input', params: { arguments: TOOL_INPUT } })
        post({ method: 'ui/notifications/tool-result', params: TOOL_RESULT })
        onInitialized()
      } else if (method === 'tools/call') {
        post({ id, result: echoResult(params.arguments) })
      } else if (method === 'ui/notifications/size-changed') {
        if (params.height !== undefined) iframe.style.height = `${params.height}px`
      } else if (method === 'ui/message' || method === 'ui/update-model-context') {
        post({ id, result: {} })
      } else if (id !== undefined) {
        post({ id, error: { code: -32601, message: 'Method not found' } })
      }
    }
    addEventListener('message', listener)
    return {
      update(key, value) {
        if (JSON.stringify(context[key]) === JSON.stringify(value)) return
        context = { ...context, [key]: value }
        post({ method: 'ui/notifications/host-context-changed', params: { [key]: value } })
      },
      async teardown() {
        await channel.request('ui/resource-teardown', { reason: 'The host removed the view' })
        removeEventListener('message', listener)
      },
    }
  },
}
