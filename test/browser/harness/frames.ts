/**
 * THE one place the browser tests create a view's frame. Runs in the host pages (bundled by
 * esbuild into `pages/our-host.ts` and `pages/official-host.ts`).
 *
 * Our host mounts every view with the library's `mountApp`, in either frame mode: `'srcdoc'`
 * (one opaque frame) or `{ proxyUrl }` (the double-iframe sandbox proxy on another origin).
 * `mountApp` creates and sizes the frame, connects the bridge and ties the two together.
 *
 * The official host page frames views itself, as the official SDK leaves it to its caller:
 * `createOpaqueFrame` (the single opaque frame, the policy as a `<meta>` and in the frame's `csp`
 * attribute) and `applySize`; its proxy frame is made in `pages/official-host.ts`, the way the
 * SDK's basic host makes one.
 */
import {
  buildAllowAttribute,
  buildCsp,
  mountApp,
  type McpUiHostContext,
  type McpUiResourceCsp,
  type McpUiResourcePermissions,
  type McpUiSizeChangedParams,
  type MountAppOptions,
  type MountedApp,
} from '../../../src/host/index.js'

export interface ViewResource {
  html: string
  meta?: { csp?: McpUiResourceCsp; permissions?: McpUiResourcePermissions }
}

export interface MountViewOptions extends Omit<MountAppOptions, 'resource'> {
  container: HTMLElement
  /** The view's HTML and `_meta.ui` (the tests read the resource themselves). */
  resource: ViewResource
}

/**
 * Every server of these tests listens on loopback, standing in for the origins a real server
 * declares: the `loopbackOrigins` relaxation lets a declared one through, as a host would turn it
 * on for a server under local development.
 */
const TEST_RELAXATIONS = { loopbackOrigins: true }

/** Our host: the view is mounted by `mountApp`, nothing else. */
export function mountView(options: MountViewOptions): MountedApp {
  return mountApp({ ...options, cspRelaxations: { ...TEST_RELAXATIONS, ...options.cspRelaxations } })
}

/** Largest size the official test host gives a frame, whatever the view asks for. */
export const FRAME_LIMIT = { width: 4_000, height: 4_000 }

/**
 * A single opaque-origin frame: `sandbox="allow-scripts"` (no `allow-same-origin`: the view gets a
 * unique origin and cannot touch the host), the CSP as the document's first element, and the
 * `allow` attribute for granted permissions. Attached before it returns, so its `contentWindow`
 * exists and a bridge created right after is listening before the view's first script runs.
 *
 * The same policy also goes in the iframe's `csp` attribute (CSP Embedded Enforcement): a sandbox
 * cannot stop a view from navigating its own frame, and a page it navigates to would otherwise
 * run without our CSP (free network access) and, being opaque too (`origin "null"`), keep
 * talking to the bridge. With the attribute Chromium refuses to show any document that does not
 * enforce the policy. Firefox and Safari ignore the attribute (see attacks-escape.test.ts).
 */
export function createOpaqueFrame(container: HTMLElement, resource: ViewResource): HTMLIFrameElement {
  const { policy } = buildCsp(resource.meta?.csp, TEST_RELAXATIONS)
  const iframe = document.createElement('iframe')
  iframe.setAttribute('sandbox', 'allow-scripts')
  iframe.setAttribute('csp', policy)
  const allow = buildAllowAttribute(resource.meta?.permissions)
  if (allow) iframe.setAttribute('allow', allow)
  iframe.style.cssText = 'display:block;border:0;width:100%;height:0'
  iframe.srcdoc = withCspMeta(resource.html, policy)
  container.append(iframe)
  return iframe
}

/**
 * Puts the CSP `<meta>` before anything else in the document, so no script of the resource can
 * run before the policy applies (a `<meta>` before `<html>` lands in the implied `<head>`).
 */
export function withCspMeta(html: string, policy: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy.replace(/"/g, '&quot;')}">`
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html)
  return doctype ? doctype[0] + meta + html.slice(doctype[0].length) : meta + html
}

/**
 * Applies a size the view reported: each axis only when the host context leaves it flexible,
 * clamped to `max*` and to {@link FRAME_LIMIT}. Non-finite or negative values never get here
 * (the bridge drops them) but are ignored anyway: a frame size must never become NaN.
 */
export function applySize(iframe: HTMLIFrameElement, size: McpUiSizeChangedParams, context: McpUiHostContext): void {
  const dims = (context.containerDimensions ?? {}) as { width?: number; height?: number; maxWidth?: number; maxHeight?: number }
  const fit = (value: number | undefined, fixed: number | undefined, max: number | undefined, limit: number) =>
    fixed === undefined && typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.min(value, max ?? limit, limit) : undefined
  const height = fit(size.height, dims.height, dims.maxHeight, FRAME_LIMIT.height)
  const width = fit(size.width, dims.width, dims.maxWidth, FRAME_LIMIT.width)
  if (height !== undefined) iframe.style.height = `${height}px`
  if (width !== undefined && dims.maxWidth !== undefined) iframe.style.width = `${width}px`
}
