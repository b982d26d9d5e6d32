/**
 * The frame both bridge adapters mount the view in (neither bridge creates frames): what our
 * host documents until `mountApp` lands, and what the official AppBridge leaves to its host.
 */
import type { McpUiHostContext, McpUiSizeChangedParams } from 'mcp-app-bridge/host'

/**
 * The view's frame: an opaque origin (no `allow-same-origin`), the policy before anything else in
 * the document so no script runs before it applies, and in the `csp` attribute so a view that
 * navigates its frame cannot shed it (Chromium refuses documents that do not enforce it).
 */
export function opaqueFrame(container: HTMLElement, html: string, policy: string): HTMLIFrameElement {
  const frame = document.createElement('iframe')
  frame.setAttribute('sandbox', 'allow-scripts')
  frame.setAttribute('csp', policy)
  frame.style.cssText = 'display:block;border:0;width:100%;height:0'
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy.replace(/"/g, '&quot;')}">`
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html)
  frame.srcdoc = doctype ? doctype[0] + meta + html.slice(doctype[0].length) : meta + html
  container.append(frame)
  return frame
}

/** Applies a reported size on each flexible axis (no fixed `height`/`width`), within its maximum. */
export function applySize(frame: HTMLIFrameElement, size: McpUiSizeChangedParams, context: McpUiHostContext): void {
  const dims = (context.containerDimensions ?? {}) as { width?: number; height?: number; maxWidth?: number; maxHeight?: number }
  if (dims.height === undefined && typeof size.height === 'number') frame.style.height = `${Math.min(size.height, dims.maxHeight ?? Infinity)}px`
  if (dims.width === undefined && dims.maxWidth !== undefined && typeof size.width === 'number') frame.style.width = `${Math.min(size.width, dims.maxWidth)}px`
}
