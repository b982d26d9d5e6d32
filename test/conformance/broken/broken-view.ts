/**
 * Deliberately broken views, at least one fault per category, for proving that the kit's view
 * checks can fail. Each is our ViewBridge (the shipped script-tag bundle) with one thing done
 * wrong through its `target`/`self` seams or its probe; `window.__brokenViewFault` picks the
 * fault (see `VIEW_FAULTS` in `./faults.ts`).
 */
import type { ViewProbe } from 'mcp-app-bridge/conformance'
import type * as ViewModule from 'mcp-app-bridge/view'
import type { McpUiHostContext } from 'mcp-app-bridge/view'
import { viewBridgeProbe } from '../../../conformance/views/view-bridge-probe.js'
import type { ViewFault } from './faults.js'

declare const McpAppBridge: typeof ViewModule

const fault = (window as unknown as { __brokenViewFault: ViewFault }).__brokenViewFault
type Message = { jsonrpc?: string; id?: unknown; method?: string; params?: Record<string, unknown>; result?: unknown }

/** What the bridge posts, after the fault rewrote it. */
function outgoing(message: Message): Message[] {
  if (fault === 'handshake' && message.method === 'ui/initialize') return [message, { jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} }]
  if (fault === 'rpc' && message.id !== undefined && message.method === undefined) return [message, message]
  if (fault === 'legacy-initialize' && message.method === 'ui/initialize') {
    const { appInfo, appCapabilities, ...rest } = message.params ?? {}
    return [{ ...message, params: { ...rest, clientInfo: appInfo, capabilities: appCapabilities } }]
  }
  if (fault === 'ping' && pings.delete(message.id) && message.result) return [{ ...message, result: { pong: true } }]
  const error = (message as { error?: { code?: number } }).error
  if (fault === 'rpc-unknown' && error?.code === -32601) return [{ jsonrpc: '2.0', id: message.id, result: {} }]
  return [message]
}

const target = {
  postMessage(message: unknown, origin: string) {
    for (const rewritten of outgoing(message as Message)) window.parent.postMessage(rewritten, origin)
  },
}

/** The ids of the pings the view was sent ('ping'). */
const pings = new Set<unknown>()
let parentOrigin = '*'
const listeners = new Map<unknown, (event: MessageEvent) => void>()
/** The bridge's window, with message events relabelled as coming from `target` (and filtered by the fault). */
const self = {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void) {
    const relay = (event: MessageEvent) => {
      const fromParent = event.source === window.parent
      if (fromParent) parentOrigin = event.origin
      if (!fromParent && fault !== 'origin') return
      if (fault === 'teardown' && (event.data as Message)?.method === 'ui/resource-teardown') return
      if ((event.data as Message)?.method === 'ping') pings.add((event.data as Message).id)
      listener({ data: event.data, origin: fromParent ? event.origin : parentOrigin, source: target } as unknown as MessageEvent)
    }
    listeners.set(listener, relay)
    window.addEventListener(type, relay)
  },
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void) {
    window.removeEventListener(type, listeners.get(listener)!)
  },
  postMessage: (message: unknown, origin: string) => window.postMessage(message, origin),
}

const bridge = new McpAppBridge.ViewBridge({
  appInfo: { name: `broken view (${fault})`, version: '0.0.0' },
  capabilities: { availableDisplayModes: ['inline', 'fullscreen'] },
  autoResize: fault !== 'size',
  target,
  self: self as never,
})

if (fault === 'tool-data') {
  bridge.on('toolinputpartial', (params) => {
    const city = (params.arguments as { city: string }).city
    document.title = city.toUpperCase()
  })
}

let replaced: McpUiHostContext | undefined
bridge.on('hostcontextchanged', (context, changed) => {
  replaced = Object.fromEntries(changed.map((key) => [key, context[key]]))
})

let rawId = 0
/** Sends a request straight to the parent, past the bridge's checks. */
function raw(method: string, params: Record<string, unknown>): void {
  window.parent.postMessage({ jsonrpc: '2.0', id: `raw-${++rawId}`, method, params }, '*')
}

const honest = viewBridgeProbe(bridge)
const probe: ViewProbe = {
  hostContext: () => {
    if (fault === 'context-probe-throws') throw new Error('no context here')
    return fault === 'context' ? replaced ?? bridge.hostContext : bridge.hostContext
  },
  act(action) {
    if (fault === 'display-mode' && action.action === 'requestDisplayMode') {
      raw('ui/request-display-mode', { mode: action.mode })
      return action.mode
    }
    if (fault === 'display-mode-stale' && action.action === 'requestDisplayMode') {
      const before = bridge.hostContext.displayMode
      return bridge.requestDisplayMode(action.mode).then(() => before)
    }
    if (fault === 'capabilities') {
      const method = { openLink: 'ui/open-link', sendMessage: 'ui/message', updateModelContext: 'ui/update-model-context', callServerTool: 'tools/call', readServerResource: 'resources/read', downloadFile: 'ui/download-file', sendLog: 'notifications/message', createSamplingMessage: 'sampling/createMessage' }[action.action as string]
      if (method) return raw(method, {})
    }
    return honest.act(action)
  },
}
;(window as unknown as { mcpAppConformance: ViewProbe }).mcpAppConformance = probe

bridge.connect().then(() => {
  if (fault === 'sandbox') window.parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, '*')
})
