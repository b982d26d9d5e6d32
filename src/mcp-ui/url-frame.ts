/**
 * An external page (`text/uri-list`) cannot be inlined, so the host frames a small relay document
 * that frames the page and passes messages both ways. The relay is a view like any other: the same
 * sandbox, the same CSP, srcdoc or the sandbox proxy. Its CSP allows exactly one `frame-src`, the
 * page's origin, which also holds every later navigation of the page's frame to that origin: what
 * the host sends through the relay reaches that origin only.
 *
 * What the page still gets: every MCP-UI message both ways (tool, prompt, intent, notify, link,
 * size, render data), enforced like any view's. What it loses: its own origin (sandboxing is
 * inherited, so the page runs with an opaque origin: no cookies or storage of its site, and
 * `localStorage` throws), popups, forms and top navigation.
 *
 * The page must consent to the host's policy: the view's frame carries the CSP in its `csp`
 * attribute (so that a view cannot escape its CSP by navigating its frame), and Chromium then shows
 * a nested cross-origin page only when its server answers with `Allow-CSP-From` naming the host (or
 * `*`); the page then runs under the host's CSP too. Other browsers ignore the attribute.
 */
import type { McpUiResourceMeta } from '../protocol/index.js'

/** Relays between the page (its frame) and the host (the relay's parent), and nothing else. */
const RELAY = '<script>onmessage=e=>{let w=frames[0],t=e.source==w?parent:e.source==parent&&w;t&&t.postMessage(e.data,"*")}</script>'

/**
 * The relay for `url`, and `meta` with the page's origin added to `frameDomains` (checked there
 * like any declared origin: a page on `http://localhost` is framed only with the host's
 * `loopbackOrigins` relaxation). MCP-UI's `waitForRenderData=true` goes on the URL when the page
 * will be sent render data it should wait for: when `waitForRenderData` is truthy (`true`, or that
 * render data).
 */
export function urlFrame(url: string, meta: McpUiResourceMeta, waitForRenderData: unknown): { html: string; url: string; meta: McpUiResourceMeta } {
  const src = new URL(url)
  if (waitForRenderData) src.searchParams.set('waitForRenderData', 'true')
  const html =
    '<!doctype html><style>*{margin:0;border:0}iframe{display:block;width:100%;height:100vh}</style>' +
    // A serialized http(s) URL never holds `"` (percent-encoded, or refused in the host), but an `&`
    // could start a character reference.
    `<iframe sandbox="allow-scripts" src="${src.href.replace(/&/g, '&amp;')}"></iframe>${RELAY}`
  const frameDomains = Array.isArray(meta.csp?.frameDomains) ? [...meta.csp.frameDomains, src.origin] : [src.origin]
  return { html, url: src.href, meta: { ...meta, csp: { ...meta.csp, frameDomains } } }
}
