/**
 * Auto-resize: reports the document's size whenever it really changes.
 *
 * - One `ResizeObserver` on `<html>` and `<body>`, plus a `MutationObserver`: browsers throttle
 *   rendering (and with it `requestAnimationFrame` and resize observations) in hidden iframes, and
 *   a host that keeps the frame hidden until the first size report would otherwise wait forever.
 *   Mutation callbacks are microtasks, which are never throttled.
 * - Batched with a zero-delay timer, not `requestAnimationFrame`, for the same reason.
 * - Only sizes that differ from the last report are sent, so a host resizing the frame to the
 *   reported size cannot start a feedback loop.
 * - The height is the content's height, not the viewport's: `<html>` is measured at `max-content`
 *   so that a frame made taller never reports its own height back.
 */
import type { McpUiSizeChangedParams } from '../protocol/index.js'

export function startAutoResize(report: (size: McpUiSizeChangedParams) => void, doc: Document = document): () => void {
  const view = doc.defaultView
  if (!view) return () => {}
  let last = ''
  let timer: ReturnType<typeof setTimeout> | undefined
  const measure = () => {
    timer = undefined
    const html = doc.documentElement
    const previous = html.style.height
    html.style.height = 'max-content'
    const height = Math.ceil(html.getBoundingClientRect().height)
    html.style.height = previous
    // The two writes above are attribute mutations the observer below would report, and each
    // report schedules another measure: without this, an idle view re-measures every few ms.
    mutations?.takeRecords()
    const width = Math.ceil(view.innerWidth || html.clientWidth)
    const key = `${width}x${height}`
    if (key === last) return
    last = key
    report({ width, height })
  }
  const schedule = () => {
    timer ??= setTimeout(measure, 0)
  }
  // The document's own window's observers: the document may belong to another realm (tests, popups).
  const { ResizeObserver, MutationObserver } = view as typeof globalThis
  const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(schedule) : undefined
  resize?.observe(doc.documentElement)
  if (doc.body) resize?.observe(doc.body)
  const mutations = typeof MutationObserver === 'function' ? new MutationObserver(schedule) : undefined
  mutations?.observe(doc.documentElement, { childList: true, subtree: true, attributes: true, characterData: true })
  view.addEventListener('load', schedule)
  measure()
  return () => {
    clearTimeout(timer)
    resize?.disconnect()
    mutations?.disconnect()
    view.removeEventListener('load', schedule)
  }
}
