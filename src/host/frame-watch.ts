/**
 * Noticing that a view's frame is gone, so that a host that just removes the iframe (or lets a
 * framework unmount it) does not leak a bridge, its listener and its pending requests.
 *
 * Two things end a frame's document: removal from the document (the frame's window is discarded),
 * and a navigation, seen as a second `load` (another document now sits in the frame, and whatever
 * it is, it is not the view we connected). Moving an iframe (a keyed list reordered with
 * `insertBefore`/`appendChild`) also discards its document and loads its source again, in a new
 * window: that second `load` is told apart as {@link FRAME_MOVED}. None of them reconnects: a
 * reloaded document is one the bridge never checked, and a view that navigated itself stays
 * closed (SECURITY.md); the host mounts the app again. `Element.moveBefore` (Chromium 133+) moves
 * a frame without reloading it.
 *
 * One `MutationObserver` per document serves every watched frame, as one `message` listener does
 * for messages: a long chat with dozens of views pays one observer, and each batch of mutations
 * costs one `isConnected` check per live frame.
 */

/** The reason a frame moved in the document ends with (its document reloaded): mount the app again. */
export const FRAME_MOVED = 'frame moved: its document reloaded'

/** Per document, each watcher's `end` with its frame: keyed by watcher, as a frame may have several. */
const watchers = new WeakMap<Document, Map<(reason: string) => void, Element>>()

/**
 * Calls `gone` once, with the reason, when `frame` leaves its document or loads a second document:
 * a navigation, or {@link FRAME_MOVED} when the frame was moved in the document (mount the app
 * again; `Element.moveBefore` moves it without a reload). Call it right after inserting a frame
 * whose `src` or `srcdoc` is already set: that first load is the view, and it always fires later
 * (a navigation), never during the insertion. Returns the function that stops watching (call it
 * when you close the bridge yourself).
 */
export function watchFrame(frame: HTMLIFrameElement, gone: (reason: string) => void): () => void {
  const doc = frame.ownerDocument
  if (!frame.isConnected) throw new Error('watchFrame: insert the frame into the document first')
  let watched = watchers.get(doc)
  if (!watched) {
    const frames = (watched = new Map())
    const observer = new (doc.defaultView as typeof globalThis).MutationObserver(() => {
      for (const [end, element] of frames) if (!element.isConnected) end('The frame was removed from the document')
      if (!frames.size) {
        observer.disconnect()
        watchers.delete(doc)
      }
    })
    observer.observe(doc, { childList: true, subtree: true })
    watchers.set(doc, frames)
  }
  // A moved frame loads in a new window (the old one was discarded with its document); a
  // navigation keeps the frame's window.
  const view = frame.contentWindow
  let loads = 0
  const onLoad = () => ++loads > 1 && end(frame.contentWindow === view ? 'The frame navigated away from the view' : FRAME_MOVED)
  const stop = () => {
    frame.removeEventListener('load', onLoad)
    watched.delete(end)
  }
  const end = (reason: string) => {
    stop()
    gone(reason)
  }
  watched.set(end, frame)
  frame.addEventListener('load', onLoad)
  return stop
}
