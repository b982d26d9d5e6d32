/**
 * Every frame the demo creates is created here, and nowhere else.
 *
 * Today: one `HostBridge` on a single opaque `srcdoc` frame (`sandbox="allow-scripts"`, the CSP
 * in a `<meta>`), the library's supported mode for desktop hosts and tests. A web host should
 * use the double-iframe sandbox proxy on a second origin instead; when the library's `mountApp`
 * and proxy page land, this module becomes a call to `mountApp({ ..., sandbox: { proxyUrl } })`
 * with the same options and the same result shape, and nothing else in the page changes.
 */
import { buildAllowAttribute, buildCsp, HostBridge, type HostBridgeOptions, type McpUiResourceMeta } from 'mcp-app-bridge/host'

/** What a view needs to be shown: where, which resource, and the bridge's options. */
export interface MountViewOptions extends Omit<HostBridgeOptions, 'transport' | 'target' | 'targetOrigin' | 'hostWindow'> {
  /** The element the frame is appended to. */
  container: HTMLElement
  /** The `ui://` resource: its HTML and its `_meta.ui` (CSP, permissions). */
  resource: { html: string; meta?: McpUiResourceMeta; uri?: string }
  /** Accessible name of the frame. */
  title: string
  /**
   * The second origin the demo serves for the sandbox proxy. Not used by `srcdoc` frames; it is
   * what `mountApp`'s `sandbox: { proxyUrl }` will point at, so the switch stays in this module.
   */
  sandboxOrigin: string
}

export interface MountedView {
  bridge: HostBridge
  iframe: HTMLIFrameElement
  /** Resolves when the view finished the handshake; rejects if it closes first. */
  ready: Promise<void>
  /** Sends `ui/resource-teardown`, waits for the answer (bounded), closes the bridge, removes the frame. */
  teardown(reason?: string): Promise<void>
}

export function mountView(options: MountViewOptions): MountedView {
  const { container, resource, title, sandboxOrigin: _proxyOriginForLater, ...bridgeOptions } = options
  const csp = buildCsp(resource.meta?.csp)
  // A resource may only narrow the policy; entries that are not origins are dropped, and a host
  // should say so (spec: SHOULD log CSP configurations).
  for (const dropped of csp.dropped) console.warn(`[demo] ${resource.uri ?? title}: CSP ${dropped.list} entry dropped (${dropped.reason})`, dropped.entry)

  const iframe = document.createElement('iframe')
  // No allow-same-origin: the view gets an opaque origin, so it cannot touch the page, its
  // storage or its cookies, whatever its script does.
  iframe.setAttribute('sandbox', 'allow-scripts')
  iframe.title = title
  iframe.referrerPolicy = 'no-referrer'
  const allow = buildAllowAttribute(resource.meta?.permissions)
  if (allow) iframe.allow = allow
  container.append(iframe)

  // The bridge listens before the view's script can run (it starts with the srcdoc below),
  // so the view's `ui/initialize` cannot be missed.
  const bridge = new HostBridge({
    ...bridgeOptions,
    capabilities: { ...bridgeOptions.capabilities, sandbox: { csp: csp.granted, ...(allow && { permissions: resource.meta?.permissions }) } },
    target: iframe.contentWindow!,
    targetOrigin: 'null',
  })
  const ready = new Promise<void>((resolve, reject) => {
    bridge.on('initialized', () => resolve())
    bridge.on('close', (reason) => reject(new Error(reason)))
  })
  ready.catch(() => {})
  iframe.srcdoc = withCsp(resource.html, csp.policy)

  return {
    bridge,
    iframe,
    ready,
    async teardown(reason) {
      await bridge.teardown(reason)
      iframe.remove()
    },
  }
}

/** Puts the policy in a `<meta>` at the top of `<head>`, before anything it must govern. */
function withCsp(html: string, policy: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy.replace(/"/g, '&quot;')}">`
  const head = /<head(\s[^>]*)?>/i.exec(html)
  if (head) return html.slice(0, head.index + head[0].length) + meta + html.slice(head.index + head[0].length)
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html)
  return doctype ? doctype[0] + meta + html.slice(doctype[0].length) : meta + html
}
