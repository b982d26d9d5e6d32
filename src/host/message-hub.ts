/**
 * One `message` listener per host window, shared by every bridge on the page.
 *
 * A long chat holds dozens of live views; a listener each would make every message wake all of
 * them. The hub looks the sender up by `event.source` (the frame's `WindowProxy`) and hands the
 * event to that frame's transport only. The window listener is added with the first frame and
 * removed with the last, so a page with no live views has no listener left behind.
 */

type Listener = (event: MessageEvent) => void

interface Hub {
  readonly frames: Map<unknown, Listener>
  readonly dispatch: Listener
}

const hubs = new WeakMap<object, Hub>()

/** Minimal window surface the hub needs (a real `Window` in browsers, a fake in tests). */
export interface HubWindow {
  addEventListener(type: 'message', listener: Listener): void
  removeEventListener(type: 'message', listener: Listener): void
}

/**
 * Routes messages whose `event.source` is `source` to `listener`. Returns the function that stops
 * it. One listener per source: a second registration for a live source is refused, because two
 * bridges reading one frame would both answer its requests.
 */
export function listenToFrame(hostWindow: HubWindow, source: unknown, listener: Listener): () => void {
  let hub = hubs.get(hostWindow)
  if (!hub) {
    const frames = new Map<unknown, Listener>()
    const created: Hub = {
      frames,
      dispatch: (event) => {
        const route = event.source ? frames.get(event.source) : undefined
        if (route) route(event)
      },
    }
    hubs.set(hostWindow, created)
    hostWindow.addEventListener('message', created.dispatch)
    hub = created
  }
  if (!source) throw new Error('The frame has no window yet: attach the iframe to the document first')
  if (hub.frames.has(source)) throw new Error('Another bridge is already listening to this frame')
  hub.frames.set(source, listener)
  const current = hub
  return () => {
    if (current.frames.get(source) !== listener) return
    current.frames.delete(source)
    if (current.frames.size === 0) {
      hostWindow.removeEventListener('message', current.dispatch)
      hubs.delete(hostWindow)
    }
  }
}

/** Number of frames the hub routes for `hostWindow` (0 means no listener is installed). */
export function listenedFrames(hostWindow: HubWindow): number {
  return hubs.get(hostWindow)?.frames.size ?? 0
}
