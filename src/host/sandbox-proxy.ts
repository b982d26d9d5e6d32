/**
 * The sandbox proxy page's script (spec "Sandbox proxy"): the outer frame a web host loads from
 * another origin, which frames the view and relays messages between the two.
 *
 * Hardening, beyond the reference proxy (PROTOCOL.md §9 items 35 and 37):
 * - It refuses to run top-level, and unless the page that frames it has the origin named in its
 *   URL (`?host=`), read from `location.ancestorOrigins` or else the referrer. The server that
 *   serves it adds `frame-ancestors` for the same origin.
 * - The view gets an opaque origin (`sandbox="allow-scripts"`, never `allow-same-origin`, whatever
 *   the host's `sandbox` string asks), so it cannot script the proxy, reach its DOM, or post as it.
 * - It relays only between its parent (checked by window and origin) and its own inner frame
 *   (checked by window), posts to the parent's origin only, and drops `ui/notifications/sandbox-*`
 *   in both directions: the view can neither spoof the proxy to the host nor see host ↔ proxy
 *   traffic.
 * - The view's HTML gets the CSP (built from the message's `csp` and the URL's relaxations) as its
 *   first `<meta>`, on top of the HTTP header the server sends; both apply, so the stricter wins.
 *   The same policy goes on the proxy's own document as a `<meta>` before the view loads (a static
 *   copy of the page has no header): its `frame-src` keeps the view from navigating its frame
 *   elsewhere, and the inner frame's `csp` attribute keeps it from showing another page; a second
 *   `load` of the inner frame (a navigation all the same) removes it, ends the relay and
 *   navigates the proxy itself away, so the host's bridge closes.
 * - It loads one view per page load and never originates requests.
 * - The `MessagePort` a view sends with `ui/initialize` is passed on to the host (nothing else
 *   carries ports): a host that takes it talks to the view directly on that private channel, which
 *   nothing else can read or forge, at a third of a relayed message's cost.
 */
import {
  INITIALIZE,
  SANDBOX_PREFIX,
  SANDBOX_PROXY_READY,
  SANDBOX_RESOURCE_READY,
  buildAllowAttribute,
  buildCsp,
  isObject,
  type McpUiResourceCsp,
} from '../protocol/index.js'
import { injectCspMeta } from './csp-meta.js'
import { readSandboxUrl } from './sandbox-url.js'

/** Sandbox tokens the host may add for the view; everything else in its `sandbox` string is ignored. */
const ALLOWED_TOKENS = ['allow-forms', 'allow-modals', 'allow-popups', 'allow-downloads', 'allow-pointer-lock']

/** The inner frame's `sandbox`: `allow-scripts` plus the allowed tokens the host asked for. */
export function innerSandbox(requested: unknown): string {
  const asked = typeof requested === 'string' ? requested.split(/\s+/) : []
  return ['allow-scripts', ...ALLOWED_TOKENS.filter((token) => asked.includes(token))].join(' ')
}

interface Poster {
  postMessage(message: unknown, targetOrigin: string, transfer?: Transferable[]): void
}

/**
 * Starts the proxy in `win` (the page's own window). `parent` defaults to `win.parent`; tests pass
 * a stand-in. Returns why it refused to start, or `undefined` when it runs.
 */
export function startSandboxProxy(win: Window, parent: Poster = win.parent): string | undefined {
  const doc = win.document
  const { hostOrigin, relax } = readSandboxUrl(win.location.href)
  const ancestors = win.location.ancestorOrigins
  let embedder: string | undefined
  try {
    embedder = ancestors?.length ? ancestors[0] : new URL(doc.referrer).origin
  } catch {
    embedder = undefined
  }
  const refuse = (why: string) => {
    doc.body.textContent = why
    return why
  }
  if (parent === (win as unknown)) return refuse('The sandbox proxy only runs inside a host page.')
  if (!hostOrigin || embedder !== hostOrigin) {
    return refuse(`The sandbox proxy refuses to run: it is framed by ${embedder ?? 'an unknown origin'}, not by the host its URL names.`)
  }

  let inner: HTMLIFrameElement | undefined
  let view: Window | null = null
  const reserved = (data: Record<string, unknown>) => typeof data.method === 'string' && data.method.startsWith(SANDBOX_PREFIX)

  const load = (params: Record<string, unknown>) => {
    if (inner || typeof params.html !== 'string') return
    const frame = (inner = doc.createElement('iframe'))
    frame.setAttribute('sandbox', innerSandbox(params.sandbox))
    // The host's name for the view and its language (`mountApp` sends them), for assistive technology.
    if (typeof params.title === 'string') frame.title = doc.title = params.title
    if (typeof params.lang === 'string') doc.documentElement.lang = params.lang
    const allow = buildAllowAttribute(isObject(params.permissions) ? params.permissions : undefined)
    if (allow) frame.setAttribute('allow', allow)
    const policy = buildCsp(isObject(params.csp) ? (params.csp as McpUiResourceCsp) : undefined, relax).policy
    // CSP Embedded Enforcement, as for a srcdoc frame (app-frame.ts): a page the view navigates
    // its frame to must enforce the same policy, or Chromium does not show it.
    frame.setAttribute('csp', policy)
    frame.srcdoc = injectCspMeta(params.html, policy)
    // The proxy's own document gets the policy too: served as a static file it has no header, and
    // the parent's `frame-src` is what stops the view from navigating its frame to any origin, a
    // request (with data in its URL) the frame's `csp` attribute refuses to show but not to send.
    const meta = doc.createElement('meta')
    meta.httpEquiv = 'Content-Security-Policy'
    meta.content = policy
    ;(doc.head ?? doc.documentElement).append(meta)
    let loads = 0
    frame.addEventListener('load', () => {
      if (++loads < 2) return
      // Another document is in the frame now: it gets nothing more, and says nothing more. The
      // proxy then leaves too: the host sees its frame load another document (about:blank),
      // which closes the bridge (`watchFrame`) instead of leaving it open on a view that is gone.
      view = null
      frame.remove()
      win.location.replace('about:blank')
    })
    doc.body.appendChild(frame)
    view = frame.contentWindow
  }

  win.addEventListener('message', (event) => {
    const data: unknown = event.data
    if (!isObject(data)) return
    if (event.source === (parent as unknown)) {
      if (event.origin !== hostOrigin) return
      if (!reserved(data)) view?.postMessage(data, '*') // an opaque origin can only be addressed as "*"
      else if (data.method === SANDBOX_RESOURCE_READY && isObject(data.params)) load(data.params)
    } else if (view && event.source === view && !reserved(data)) {
      // The channel a view offers with its handshake goes on to the host: the rest of the session
      // then skips the relay (the host refuses sandbox-* on it, as the relay does). Nothing else is
      // relayed with ports.
      parent.postMessage(data, hostOrigin, data.method === INITIALIZE ? [...event.ports] : [])
    }
  })
  parent.postMessage({ jsonrpc: '2.0', method: SANDBOX_PROXY_READY, params: {} }, hostOrigin)
  return undefined
}
