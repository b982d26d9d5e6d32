/**
 * Noticing that a view's frame is gone, so that a host that just removes the iframe (or lets a
 * framework unmount it) does not leak a bridge, its listener and its pending requests.
 *
 * Two things end a frame's document: removal from the document (the frame's window is discarded),
 * and a navigation, seen as a second `load` (another document now sits in the frame, and whatever
 * it is, it is not the view we connected). Moving an iframe also reloads it, so it counts too.
 *
 * One `MutationObserver` per document serves every watched frame, as one `message` listener does
 * for messages: a long chat with dozens of views pays one observer, and each batch of mutations
 * costs one `isConnected` check per live frame.
 */

/** Per document, each watcher's `end` with its frame: keyed by watcher, as a frame may have several. */
const watchers = new WeakMap<Document, Map<(reason: string) => void, Element>>()

/**
 * Calls `gone` once, when `frame` leaves its document or loads a second document. Call it right
 * after inserting a frame whose `src` or `srcdoc` is already set: that first load is the view, and
 * it always fires later (a navigation), never during the insertion. Returns the function that
 * stops watching (call it when you close the bridge yourself).
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
  let loads = 0
  const onLoad = () => ++loads > 1 && end('The frame navigated away from the view')
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
