/**
 * Noticing that a view's frame is gone, so that a host that just removes the iframe (or lets a
 * framework unmount it) does not leak a bridge, its listener and its pending requests.
 *
 * Two things end a frame's document: removal from the document (the frame's window is discarded),
 * and a navigation, seen as a second `load` (another document now sits in the frame, and whatever
 * it is, it is not the view we connected). Moving an iframe also reloads it, so it counts too.
 *
 * One `MutationObserver` per document serves every watched frame, as one `message` listener does
 * for messages: a long chat with dozens of views pays one observer, and each batch of removals
 * costs one `isConnected` check per live frame.
 */

interface Watched {
  frame: Element
  gone: (reason: string) => void
}

const observers = new WeakMap<object, { observer: MutationObserver; watched: Set<Watched> }>()

/**
 * Calls `gone` once, when `frame` leaves its document or loads a second document. Call it right
 * after inserting a frame whose `src` or `srcdoc` is already set: that first load is the view, and
 * it always fires later (a navigation), never during the insertion. Returns the function that
 * stops watching (call it when you close the bridge yourself).
 */
export function watchFrame(frame: HTMLIFrameElement, gone: (reason: string) => void): () => void {
  const doc = frame.ownerDocument
  if (!frame.isConnected) throw new Error('watchFrame: insert the frame into the document first')
  let entry = observers.get(doc)
  if (!entry) {
    const watched = new Set<Watched>()
    const observer = new (doc.defaultView as typeof globalThis).MutationObserver(() => {
      for (const item of [...watched]) if (!item.frame.isConnected) item.gone('The frame was removed from the document')
    })
    observer.observe(doc, { childList: true, subtree: true })
    observers.set(doc, (entry = { observer, watched }))
  }
  let loads = 0
  const onLoad = () => {
    if (++loads > 1) item.gone('The frame navigated away from the view')
  }
  const stop = () => {
    frame.removeEventListener('load', onLoad)
    const current = observers.get(doc)
    if (!current?.watched.delete(item) || current.watched.size) return
    current.observer.disconnect()
    observers.delete(doc)
  }
  const item: Watched = {
    frame,
    gone: (reason) => {
      stop()
      gone(reason)
    },
  }
  entry.watched.add(item)
  frame.addEventListener('load', onLoad)
  return stop
}
