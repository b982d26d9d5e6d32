/**
 * The channel between a broken host and its view, with the fault's rewriting: most faults of
 * `broken-host.ts` live here, as a transport that rewrites what goes out or drops (or refuses)
 * what comes in.
 */
import type { HostMountOptions } from 'mcp-app-bridge/conformance'
import type { McpUiHostContext, Transport } from 'mcp-app-bridge/host'
import type { HostFault } from './faults.js'

export type Message = Record<string, unknown> & { method?: string; id?: unknown; params?: Record<string, unknown>; result?: Record<string, unknown> }

/** A transport wrapper: rewrites what goes out, drops what comes in. */
function faulty(inner: Transport, out: (message: Message) => Message[], accept: (data: Message) => boolean = () => true): Transport {
  return {
    send: (message) => {
      for (const rewritten of out(message as unknown as Message)) inner.send(rewritten as never)
    },
    listen: (receive) => inner.listen((data) => accept(data as Message) && receive(data)),
  }
}

/** Answers `data` with an error itself (the bridge never sees it) when `refuse` says why. */
function refusing(inner: Transport, out: (message: Message) => Message[], refuse: (data: Message) => string | undefined): Transport {
  return faulty(inner, out, (data) => {
    const why = refuse(data)
    if (why) inner.send({ jsonrpc: '2.0', id: data.id, error: { code: -32602, message: why } } as never)
    return !why
  })
}

const KNOWN = new Set(['ui/initialize', 'ping', 'ui/open-link', 'ui/message', 'ui/update-model-context', 'ui/request-display-mode', 'ui/download-file', 'tools/call', 'resources/read', 'resources/list', 'resources/templates/list', 'prompts/list', 'sampling/createMessage'])

/** The view requests each host capability gates. */
const GATED: Record<string, string> = {
  'ui/open-link': 'openLinks',
  'ui/message': 'message',
  'ui/update-model-context': 'updateModelContext',
  'ui/download-file': 'downloadFile',
  'tools/call': 'serverTools',
  'resources/read': 'serverResources',
  'resources/list': 'serverResources',
  'sampling/createMessage': 'sampling',
}

/** Every capability, for the faults that serve everything. */
export const EVERYTHING = { openLinks: {}, message: {}, updateModelContext: {}, logging: {}, serverTools: {}, serverResources: {}, downloadFile: {}, sampling: {} }

/** Faults whose host serves everything while advertising only what it was asked to. */
export const SERVES_EVERYTHING: ReadonlySet<HostFault | undefined> = new Set(['capabilities', 'version-capabilities'])

/** Claims only the capabilities the kit asked for in the initialize result. */
const advertiseAsked = (options: HostMountOptions) => (message: Message): Message[] =>
  message.result && 'hostCapabilities' in message.result ? [{ ...message, result: { ...message.result, hostCapabilities: options.capabilities } }] : [message]

const isInitialize = (data: Message) => data.method === 'ui/initialize'

/** 'late-gated-effect': what it does late for each request it refused, and how late (past the kit's old ping + 150 ms window). */
const LATE_EFFECT: Record<string, 'openLink' | 'sampling'> = { 'ui/open-link': 'openLink', 'sampling/createMessage': 'sampling' }
const LATE_MS = 600

export function transportFor(fault: HostFault | undefined, frame: Transport, post: (message: unknown) => void, context: () => McpUiHostContext, options: HostMountOptions): Transport {
  switch (fault) {
    case 'handshake': {
      const asked = new Map<unknown, unknown>()
      return faulty(
        frame,
        (message) => {
          if (!asked.has(message.id) || !message.result) return [message]
          const { hostInfo: _dropped, ...result } = message.result
          return [{ ...message, result: { ...result, protocolVersion: asked.get(message.id) } }]
        },
        (data) => (isInitialize(data) && asked.set(data.id, data.params?.protocolVersion), true),
      )
    }
    case 'tool-data':
      return faulty(frame, (message) => (message.method === 'ui/notifications/tool-input' ? [message, message] : [message]))
    case 'context':
      return faulty(frame, (message) => (message.method === 'ui/notifications/host-context-changed' ? [{ ...message, params: { ...context() } }] : [message]))
    case 'capabilities':
      return faulty(frame, advertiseAsked(options))
    case 'version-capabilities':
      return refusing(frame, advertiseAsked(options), (data) => (isInitialize(data) && data.params?.protocolVersion !== '2026-01-26' ? 'Unsupported protocol version' : undefined))
    case 'refuses-initialize':
      return refusing(frame, (message) => [message], (data) => (isInitialize(data) && !Object.keys(options.capabilities).length ? 'Nothing to offer this view' : undefined))
    case 'silent-gating':
      return faulty(frame, (message) => [message], (data) => !(data.method && GATED[data.method] && !(GATED[data.method]! in options.capabilities)))
    case 'late-gated-effect':
      // The bridge refuses what was not advertised; the host's queued action runs anyway.
      return faulty(frame, (message) => [message], (data) => {
        const kind = data.method && LATE_EFFECT[data.method]
        if (kind && !(GATED[data.method!]! in options.capabilities)) setTimeout(() => options.effects.report(kind, data.params), LATE_MS)
        return true
      })
    case 'drops-result':
      return faulty(frame, (message) => (message.method === 'ui/notifications/tool-result' ? [] : [message]))
    case 'drops-input':
      return faulty(frame, (message) => (message.method === 'ui/notifications/tool-input' ? [] : [message]))
    case 'partials-as-text':
      return faulty(frame, (message) =>
        message.method === 'ui/notifications/tool-input-partial' ? [{ ...message, params: { ...message.params, arguments: JSON.stringify(message.params?.arguments) } }] : [message],
      )
    case 'context-dimensions':
      return faulty(frame, (message) => {
        const context = message.result?.hostContext as Record<string, unknown> | undefined
        if (!context) return [message]
        return [{ ...message, result: { ...message.result, hostContext: { ...context, containerDimensions: { height: 300, maxHeight: 600 } } } }]
      })
    case 'drops-cancellation':
      return faulty(frame, (message) => (message.method === 'ui/notifications/tool-cancelled' ? [] : [message]))
    case 'display-mode-any':
      // Its own display-mode handler, before the bridge's checks: whatever is asked is granted and announced.
      return faulty(frame, (message) => [message], (data) => {
        if (data.method !== 'ui/request-display-mode' || data.id === undefined) return true
        const mode = data.params?.mode
        frame.send({ jsonrpc: '2.0', id: data.id, result: { mode } } as never)
        frame.send({ jsonrpc: '2.0', method: 'ui/notifications/host-context-changed', params: { displayMode: mode } } as never)
        return false
      })
    case 'display-mode':
      return faulty(frame, (message) => (message.result && 'mode' in message.result ? [{ ...message, result: {} }] : [message]))
    case 'ping': {
      const pings = new Set<unknown>()
      return faulty(
        frame,
        (message) => (pings.delete(message.id) && message.result ? [{ ...message, result: { pong: true } }] : [message]),
        (data) => (data.method === 'ping' && pings.add(data.id), true),
      )
    }
    case 'rpc':
      return faulty(frame, (message) => [message], (data) => typeof data.method !== 'string' || data.id === undefined || KNOWN.has(data.method))
    case 'sandbox-messages':
      return faulty(frame, (message) =>
        message.method === 'ui/notifications/tool-input' ? [{ jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: { html: '<p>relayed</p>' } }, message] : [message],
      )
    case 'origin':
    case 'opaque-origin-only':
      return {
        send: (message) => post(message),
        listen(receive) {
          // 'origin' takes every window's messages; 'opaque-origin-only' checks the origin and never the source.
          const listener = (event: MessageEvent) => void ((fault === 'origin' || event.origin === 'null') && receive(event.data))
          window.addEventListener('message', listener)
          return () => window.removeEventListener('message', listener)
        },
      }
    default:
      return frame
  }
}
