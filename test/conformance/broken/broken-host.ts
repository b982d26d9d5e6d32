/**
 * Deliberately broken hosts, at least one fault per category, for proving that the kit's checks
 * can fail.
 *
 * Each is our HostBridge adapter with one thing done wrong, the way real hosts get it wrong: a
 * transport that rewrites or drops messages (`./transports.ts`), a stale tool list, handlers that
 * do nothing, a frame without a sandbox or with a loose policy, a teardown that does not wait.
 * `adapterOptions.fault` picks the fault (see `HOST_FAULTS` in `./faults.ts`).
 */
import type { HostAdapter, HostMountOptions } from 'mcp-app-bridge/conformance'
import { buildCsp, FrameTransport, HostBridge, type CallToolResult, type McpUiHostContext, type McpUiResourceCsp, type Tool } from 'mcp-app-bridge/host'
import { applySize, opaqueFrame } from '../../../conformance/adapters/frame.js'
import type { HostFault } from './faults.js'
import { EVERYTHING, SERVES_EVERYTHING, transportFor, type Message } from './transports.js'

/** The kit's probe servers listen on loopback (see conformance/adapters/our-host.ts). */
const LOOPBACK = { loopbackOrigins: true }

/** What the tests pass as `adapterOptions`. */
export interface BrokenHostOptions {
  fault?: HostFault
  /** Mount behind a sandbox proxy (`proxy/proxy.html`, served from the kit's sandbox origin); its HTML for a same-origin proxy. */
  proxy?: { html: string }
  /**
   * No fault, a different choice: a result asked for before the input is held and delivered
   * right after the input (in protocol order) instead of refused.
   */
  holdEarlyResult?: boolean
}

/** The view's policy; 'loose-default-csp' restricts only connections, frames, objects and base without ui.csp; 'ignores-csp' never reads ui.csp. */
function policyFor(fault: HostFault | undefined, csp: McpUiResourceCsp | undefined): string {
  if (fault === 'ignores-csp') return buildCsp(undefined, LOOPBACK).policy
  if (fault === 'loose-default-csp' && !csp) return "connect-src 'none'; frame-src 'none'; object-src 'none'; base-uri 'self'"
  return buildCsp(csp, LOOPBACK).policy
}

const adapter: HostAdapter = {
  name: 'broken HostBridge',
  async mount(options: HostMountOptions) {
    const { fault, proxy, holdEarlyResult } = options.adapterOptions as BrokenHostOptions
    const { container, resource, hostContext, server, effects } = options
    const { frame, origin } = proxy
      ? await proxyFrame(container, options.sandboxOrigin, proxy.html, fault)
      : fault === 'sandbox'
        ? { frame: plainFrame(container, resource.html), origin: location.origin }
        : { frame: opaqueFrame(container, resource.html, policyFor(fault, resource.csp)), origin: 'null' }
    const target = frame.contentWindow!
    const post = (message: unknown) => target.postMessage(message, '*')
    const frameTransport = new FrameTransport({ target, targetOrigin: origin })
    const transport = transportFor(fault, frameTransport, post, () => bridge.hostContext, options)
    const everyToolForApps: Tool[] = server.tools.map((tool) => ({ ...tool, _meta: { ui: { visibility: ['model', 'app'] } } }))
    // 'visibility-default': a tool without visibility read as ["model"] (the spec's default is ["model","app"]).
    const omittedAsModelOnly: Tool[] = server.tools.map((tool) => ((tool._meta?.ui as { visibility?: unknown } | undefined)?.visibility ? tool : { ...tool, _meta: { ...tool._meta, ui: { ...(tool._meta?.ui as object), visibility: ['model'] } } }))
    const bridge = new HostBridge({
      transport,
      hostInfo: { name: `broken host (${fault})`, version: '0.0.0' },
      capabilities: SERVES_EVERYTHING.has(fault) ? EVERYTHING : options.capabilities,
      hostContext,
      client: server,
      ...(fault === 'visibility' && { tools: everyToolForApps }),
      ...(fault === 'visibility-default' && { tools: omittedAsModelOnly }),
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
    // holdEarlyResult: a result that comes before the input waits for it.
    let inputSent = false
    let heldResult: CallToolResult | undefined
    const sendResult = (result: CallToolResult) => {
      if (holdEarlyResult && !inputSent) heldResult = result
      else bridge.sendToolResult(result)
    }
    const sendInput = (args: Record<string, unknown>) => {
      bridge.sendToolInput(args)
      inputSent = true
      if (heldResult) bridge.sendToolResult(heldResult)
      heldResult = undefined
    }
    return {
      setHostContext: (change: Partial<McpUiHostContext>) =>
        early('ui/notifications/host-context-changed', change, () => bridge.setHostContext(change)),
      sendToolInputPartial: (args) => early('ui/notifications/tool-input-partial', { arguments: args }, () => bridge.sendToolInputPartial(args)),
      sendToolInput: (args) => early('ui/notifications/tool-input', { arguments: args }, () => sendInput(args)),
      sendToolResult: (result) => early('ui/notifications/tool-result', result as never, () => sendResult(result)),
      sendToolCancelled: (reason) => bridge.sendToolCancelled(reason),
      async teardown(reason) {
        if (fault === 'teardown') bridge.close(reason)
        else if (fault === 'teardown-navigate') {
          // Sends ui/resource-teardown but destroys the view before it answers, by loading another
          // document into its frame. The view answers a ping at once and messages arrive in order,
          // so the ping's answer proves the view got the teardown (a fixed wait did not, on a loaded
          // machine) while its own answer is still ~300 ms away.
          void bridge.teardown(reason).catch(() => undefined)
          await bridge.ping({ timeoutMs: 5_000 }).catch(() => undefined)
          frame.srcdoc = '<!doctype html><p>closed</p>'
          return
        } else await bridge.teardown(reason)
        frame.remove()
      },
    }
  },
}

export default adapter

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
