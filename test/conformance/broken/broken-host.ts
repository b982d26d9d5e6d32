/**
 * Deliberately broken hosts, one fault per category, for proving that the kit's checks can fail.
 *
 * Each is our HostBridge adapter with one thing done wrong, the way real hosts get it wrong: a
 * transport that rewrites or drops messages, a stale tool list, handlers that do nothing, a frame
 * without a sandbox. `adapterOptions.fault` picks the fault (see `HOST_FAULTS` in `./faults.ts`).
 */
import type { HostAdapter, HostMountOptions } from 'mcp-app-bridge/conformance'
import {
  buildCsp,
  FrameTransport,
  HostBridge,
  type McpUiHostContext,
  type Tool,
  type Transport,
} from 'mcp-app-bridge/host'
import { applySize, opaqueFrame } from '../../../conformance/adapters/frame.js'
import type { HostFault } from './faults.js'

type Message = Record<string, unknown> & { method?: string; id?: unknown; params?: Record<string, unknown>; result?: Record<string, unknown> }

/** The kit's probe servers listen on loopback (see conformance/adapters/our-host.ts). */
const LOOPBACK = { loopbackOrigins: true }

/** A transport wrapper: rewrites what goes out, drops what comes in. */
function faulty(inner: Transport, out: (message: Message) => Message[], accept: (data: Message) => boolean = () => true): Transport {
  return {
    send: (message) => {
      for (const rewritten of out(message as unknown as Message)) inner.send(rewritten as never)
    },
    listen: (receive) => inner.listen((data) => accept(data as Message) && receive(data)),
  }
}

const KNOWN = new Set(['ui/initialize', 'ping', 'ui/open-link', 'ui/message', 'ui/update-model-context', 'ui/request-display-mode', 'ui/download-file', 'tools/call', 'resources/read', 'resources/list', 'resources/templates/list', 'prompts/list', 'sampling/createMessage'])

/** What the tests pass as `adapterOptions`. */
export interface BrokenHostOptions {
  fault?: HostFault
  /** Mount behind a sandbox proxy (`proxy/proxy.html`, served from the kit's sandbox origin); its HTML for a same-origin proxy. */
  proxy?: { html: string }
}

const adapter: HostAdapter = {
  name: 'broken HostBridge',
  async mount(options: HostMountOptions) {
    const { fault, proxy } = options.adapterOptions as BrokenHostOptions
    const { container, resource, hostContext, server, effects } = options
    const { frame, origin } = proxy
      ? await proxyFrame(container, options.sandboxOrigin, proxy.html, fault)
      : fault === 'sandbox'
        ? { frame: plainFrame(container, resource.html), origin: location.origin }
        : { frame: opaqueFrame(container, resource.html, buildCsp(resource.csp, LOOPBACK).policy), origin: 'null' }
    const target = frame.contentWindow!
    const post = (message: unknown) => target.postMessage(message, '*')
    const frameTransport = new FrameTransport({ target, targetOrigin: origin })
    const transport = transportFor(fault, frameTransport, post, () => bridge.hostContext, options)
    const everyToolForApps: Tool[] = server.tools.map((tool) => ({ ...tool, _meta: { ui: { visibility: ['model', 'app'] } } }))
    const bridge = new HostBridge({
      transport,
      hostInfo: { name: `broken host (${fault})`, version: '0.0.0' },
      capabilities: fault === 'capabilities' ? { openLinks: {}, message: {}, updateModelContext: {}, logging: {}, serverTools: {}, serverResources: {}, downloadFile: {}, sampling: {} } : options.capabilities,
      hostContext,
      client: server,
      ...(fault === 'visibility' && { tools: everyToolForApps }),
      handlers: {
        message: (params) => (fault === 'actions' ? undefined : effects.report('message', params)),
        openLink: ({ url }) => (fault === 'actions' ? undefined : effects.report('openLink', { url })),
        downloadFile: (params) => effects.report('downloadFile', params),
        requestDisplayMode: ({ mode }) => mode,
        createSamplingMessage: (params) => {
          effects.report('sampling', params)
          return { role: 'assistant', content: { type: 'text', text: 'sampled' }, model: 'broken' }
        },
      },
    })
    if (proxy) {
      const policy = buildCsp(resource.csp, LOOPBACK).policy
      const html = `<meta http-equiv="Content-Security-Policy" content="${policy.replace(/"/g, '&quot;')}">${resource.html}`
      target.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: { html } }, origin === 'null' ? '*' : origin)
    }
    bridge.on('log', (entry) => effects.report('log', entry))
    bridge.on('modelcontext', (context) => effects.report('modelContext', context))
    if (fault !== 'size') bridge.on('sizechange', (size) => applySize(frame, size, bridge.hostContext))
    const early = (method: string, params: Record<string, unknown>, send: () => void) => {
      if (fault === 'ordering' && !bridge.initialized) post({ jsonrpc: '2.0', method, params })
      else send()
    }
    return {
      setHostContext: (change: Partial<McpUiHostContext>) =>
        early('ui/notifications/host-context-changed', change, () => bridge.setHostContext(change)),
      sendToolInputPartial: (args) => early('ui/notifications/tool-input-partial', { arguments: args }, () => bridge.sendToolInputPartial(args)),
      sendToolInput: (args) => early('ui/notifications/tool-input', { arguments: args }, () => bridge.sendToolInput(args)),
      sendToolResult: (result) => early('ui/notifications/tool-result', result as never, () => bridge.sendToolResult(result)),
      sendToolCancelled: (reason) => bridge.sendToolCancelled(reason),
      async teardown(reason) {
        if (fault !== 'teardown') await bridge.teardown(reason)
        else bridge.close(reason)
        frame.remove()
      },
    }
  },
}

export default adapter

/** The channel to the view, with the fault's rewriting (most faults live here). */
function transportFor(fault: HostFault | undefined, frame: Transport, post: (message: unknown) => void, context: () => McpUiHostContext, options: HostMountOptions): Transport {
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
        (data) => (data.method === 'ui/initialize' && asked.set(data.id, data.params?.protocolVersion), true),
      )
    }
    case 'tool-data':
      return faulty(frame, (message) => (message.method === 'ui/notifications/tool-input' ? [message, message] : [message]))
    case 'context':
      return faulty(frame, (message) => (message.method === 'ui/notifications/host-context-changed' ? [{ ...message, params: { ...context() } }] : [message]))
    case 'capabilities':
      return faulty(frame, (message) => (message.result && 'hostCapabilities' in message.result ? [{ ...message, result: { ...message.result, hostCapabilities: options.capabilities } }] : [message]))
    case 'display-mode':
      return faulty(frame, (message) => (message.result && 'mode' in message.result ? [{ ...message, result: {} }] : [message]))
    case 'rpc':
      return faulty(frame, (message) => [message], (data) => typeof data.method !== 'string' || data.id === undefined || KNOWN.has(data.method))
    case 'sandbox-messages':
      return faulty(frame, (message) =>
        message.method === 'ui/notifications/tool-input' ? [{ jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: { html: '<p>relayed</p>' } }, message] : [message],
      )
    case 'origin':
      return {
        send: (message) => post(message),
        listen(receive) {
          const listener = (event: MessageEvent) => receive(event.data)
          window.addEventListener('message', listener)
          return () => window.removeEventListener('message', listener)
        },
      }
    default:
      return frame
  }
}

/**
 * The sandbox proxy's frame, once the proxy said it is ready: from the sandbox origin with
 * `allow-scripts allow-same-origin` (as the spec asks), or, for the faults, on the host's own
 * origin (srcdoc) or without `allow-same-origin` (an opaque proxy).
 */
async function proxyFrame(container: HTMLElement, sandboxOrigin: string, html: string, fault: HostFault | undefined): Promise<{ frame: HTMLIFrameElement; origin: string }> {
  const frame = document.createElement('iframe')
  frame.setAttribute('sandbox', fault === 'proxy-flags' ? 'allow-scripts' : 'allow-scripts allow-same-origin')
  frame.style.cssText = 'display:block;border:0;width:100%;height:0'
  if (fault === 'proxy-same-origin') frame.srcdoc = html
  else frame.src = `${sandboxOrigin}/proxy.html`
  const ready = new Promise<void>((resolve) => {
    const listener = (event: MessageEvent) => {
      if (event.source !== frame.contentWindow || (event.data as Message)?.method !== 'ui/notifications/sandbox-proxy-ready') return
      window.removeEventListener('message', listener)
      resolve()
    }
    window.addEventListener('message', listener)
  })
  container.append(frame)
  await ready
  return { frame, origin: fault === 'proxy-same-origin' ? location.origin : fault === 'proxy-flags' ? 'null' : sandboxOrigin }
}

/** A frame on the host's own origin, with no policy at all: what a careless host does. */
function plainFrame(container: HTMLElement, html: string): HTMLIFrameElement {
  const frame = document.createElement('iframe')
  frame.setAttribute('sandbox', 'allow-scripts allow-same-origin')
  frame.style.cssText = 'display:block;border:0;width:100%;height:0'
  frame.srcdoc = html
  container.append(frame)
  return frame
}
