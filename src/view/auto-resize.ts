/**
 * Auto-resize: measures the document and reports its size whenever it really changes.
 *
 * - Watched by one `ResizeObserver` (layout changes) and one `MutationObserver` (DOM changes),
 *   plus the document's `load` events in the capture phase (images, stylesheets, frames: they do
 *   not bubble, and never reach the window). Browsers pause rendering,
 *   and with it `requestAnimationFrame` and resize observations, in hidden or off-screen frames;
 *   a host that keeps the frame hidden until the first report would otherwise wait forever.
 *   Mutation callbacks are microtasks and `load` is a task: neither is throttled that way.
 * - Batched with a zero-delay timer, not `requestAnimationFrame`, for the same reason.
 * - Only a size that differs from the last one reported is sent, so a host that sets the frame to
 *   the reported size cannot start a feedback loop.
 * - Each axis is measured at `max-content` on `<html>`: the content's own height, never the
 *   frame's (a frame made taller is not echoed back), and the content's preferred width, which a
 *   host may use as a maximum to shrink-wrap narrow views. Our own style writes are discarded from
 *   the mutation queue so that measuring never schedules another measurement.
 */
import type { McpUiSizeChangedParams } from '../protocol/index.js'

/**
 * Starts reporting `doc`'s size through `report` (at once, then on every change) and returns the
 * function that stops it. `report` returns false when the size could not be sent, so the same
 * size is tried again at the next change.
 */
export function startAutoResize(report: (size: McpUiSizeChangedParams) => boolean, doc: Document): () => void {
  const html = doc.documentElement
  let last = ''
  let timer: ReturnType<typeof setTimeout> | undefined
  let body: HTMLElement | undefined
  const extent = (axis: 'width' | 'height') => {
    // `!important` wins over any stylesheet's while it lasts; restoring the whole inline style
    // keeps the app's own priorities.
    const previous = html.style.cssText
    html.style.setProperty(axis, 'max-content', 'important')
    const size = Math.ceil(html.getBoundingClientRect()[axis])
    html.style.cssText = previous
    return size
  }
  const measure = () => {
    timer = undefined
    // A <body> parsed after the start (a script in <head>) is watched from the first measure that
    // sees it: with `html { height: 100% }` only the body's box follows its content. Watched once:
    // observing an element again makes the observer fire again.
    if (doc.body && doc.body !== body) resize?.observe((body = doc.body))
    const size = { width: extent('width'), height: extent('height') }
    mutations.takeRecords()
    const key = JSON.stringify(size)
    if (key !== last && report(size)) last = key
  }
  const schedule = () => (timer ??= setTimeout(measure))
  // The observers of the document's own window: the document may belong to another realm.
  const mutations = new doc.defaultView!.MutationObserver(schedule)
  // Optional: without it (jsdom, old WebViews) mutations and loads still trigger a measure.
  const resize = doc.defaultView!.ResizeObserver && new doc.defaultView!.ResizeObserver(schedule)
  mutations.observe(html, { childList: true, subtree: true, attributes: true, characterData: true })
  resize?.observe(html)
  doc.addEventListener('load', schedule, true)
  measure()
  return () => {
    clearTimeout(timer)
    mutations.disconnect()
    resize?.disconnect()
    doc.removeEventListener('load', schedule, true)
  }
}
