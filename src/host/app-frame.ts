/**
 * The iframe a view runs in, in either of the two supported set-ups (PROTOCOL.md A.10):
 *
 * - `srcdoc`: one frame, `sandbox="allow-scripts"` and nothing else, so the view gets an opaque
 *   origin (no cookies, storage or access to the host's DOM) and its CSP travels as a `<meta>`.
 *   For desktop hosts and tests.
 * - proxy: the frame loads the sandbox proxy page from another origin (spec: `allow-scripts
 *   allow-same-origin` on that outer frame); the proxy frames the view itself.
 *
 * The frame's `src`/`srcdoc` is set before it is inserted, so its first `load` is the view's (see
 * `watchFrame`). No `allow-popups`, `allow-top-navigation`, `allow-forms` or `allow-modals`: a view
 * asks the host for links and downloads instead.
 */
import { injectCspMeta } from './csp-meta.js'

/** `sandbox` of a view framed directly: scripts only, opaque origin. */
export const SRCDOC_SANDBOX = 'allow-scripts'
/** `sandbox` of the sandbox proxy's frame (the spec requires these two). */
export const PROXY_SANDBOX = 'allow-scripts allow-same-origin'

export type AppFrameSource =
  /** The view's HTML and the CSP to put in front of it. */
  | { html: string; csp: string }
  /** The sandbox proxy's URL (built with `buildSandboxUrl`). */
  | { proxyUrl: string | URL }

export interface AppFrameOptions {
  /** The Permissions-Policy `allow` attribute (`buildAllowAttribute`); none when empty. */
  allow?: string
  /** Accessible name of the frame (the app's name is a good one). */
  title?: string
  /** Initial height in CSS px before the view reports its size (default 150). */
  height?: number
}

/** Creates (without inserting) the sandboxed frame for a view. */
export function createAppFrame(document: Document, source: AppFrameSource, options: AppFrameOptions = {}): HTMLIFrameElement {
  return prepareAppFrame(document.createElement('iframe'), source, options)
}

/** Sets up a frame that is not in the document yet (insert it afterwards, then `watchFrame` it). */
export function prepareAppFrame(frame: HTMLIFrameElement, source: AppFrameSource, options: AppFrameOptions = {}): HTMLIFrameElement {
  if (frame.isConnected) throw new Error('prepareAppFrame: the frame must not be in the document yet')
  const proxy = 'proxyUrl' in source
  frame.setAttribute('sandbox', proxy ? PROXY_SANDBOX : SRCDOC_SANDBOX)
  if (options.allow) frame.setAttribute('allow', options.allow)
  frame.title = options.title ?? 'MCP App'
  // The proxy checks who embeds it; in browsers without `ancestorOrigins` that is the referrer.
  if (proxy) frame.setAttribute('referrerpolicy', 'origin')
  frame.style.cssText = `display:block;box-sizing:content-box;border:0;width:100%;height:${options.height ?? 150}px`
  if (proxy) frame.src = String(source.proxyUrl)
  else {
    // CSP Embedded Enforcement: the sandbox cannot stop the view navigating its own frame, and the
    // page it loads would run without the `<meta>` policy (opaque too, so it would pass the
    // bridge's checks until the frame's next `load`). With the attribute, Chromium shows no
    // document that does not enforce this policy.
    frame.setAttribute('csp', source.csp)
    frame.srcdoc = injectCspMeta(source.html, source.csp)
  }
  return frame
}
