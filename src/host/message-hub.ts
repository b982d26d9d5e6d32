/**
 * One `message` listener per host window, shared by every bridge on the page.
 *
 * A long chat holds dozens of live views; a listener each would make every message wake all of
 * them. The hub looks the sender up by `event.source` (the frame's `WindowProxy`) and hands the
 * event to that frame's transport only. The window listener is added with the first frame and
 * removed with the last, so a page with no live views has no listener left behind.
 *
 * A host that removes an iframe without closing its bridge must not leak either: a removed
 * frame's window reports `closed`, so the hub sweeps for closed windows whenever the host
 * document's tree changes (one `MutationObserver` for all frames) and, for frames inside shadow
 * roots the observer cannot see, on a slow timer. Each gone frame's `gone` callback runs once.
 */

type Listener = (event: MessageEvent) => void

interface Route {
  receive: Listener
  gone: (() => void) | undefined
}

interface Hub {
  readonly frames: Map<unknown, Route>
  /** Removes the window listener, the observer and the timer, and forgets the hub. */
  readonly stop: () => void
}

/** How often the hub looks for frames removed where its observer cannot see (shadow roots). */
export const SWEEP_INTERVAL_MS = 5_000

const hubs = new WeakMap<object, Hub>()

/** Minimal window surface the hub needs (a real `Window` in browsers, a fake in tests). */
export interface HubWindow {
  addEventListener(type: 'message', listener: Listener): void
  removeEventListener(type: 'message', listener: Listener): void
  document?: Document
  MutationObserver?: typeof MutationObserver
}

/**
 * Routes messages whose `event.source` is `source` to `receive`, and calls `gone` once when the
 * source window is found closed (its frame was removed). Returns the function that stops it. One
 * route per source: a second registration for a live source is refused, because two bridges
 * reading one frame would both answer its requests.
 */
export function listenToFrame(hostWindow: HubWindow, source: unknown, receive: Listener, gone?: () => void): () => void {
  if (!source) throw new Error('frame: not attached')
  const hub = hubs.get(hostWindow) ?? createHub(hostWindow)
  if (hub.frames.has(source)) throw new Error('frame: already bridged')
  const route: Route = { receive, gone }
  hub.frames.set(source, route)
  return () => {
    if (hub.frames.get(source) === route && hub.frames.delete(source) && !hub.frames.size) hub.stop()
  }
}

/** Number of frames the hub routes for `hostWindow` (0 means no listener is installed). */
export function listenedFrames(hostWindow: HubWindow): number {
  return hubs.get(hostWindow)?.frames.size ?? 0
}

function createHub(hostWindow: HubWindow): Hub {
  const frames = new Map<unknown, Route>()
  // No route has a falsy source (`listenToFrame` refuses one), so a message without one finds none.
  const dispatch: Listener = (event) => frames.get(event.source)?.receive(event)
  const sweep = () => {
    for (const [source, route] of [...frames]) {
      if ((source as { closed?: boolean }).closed !== true || frames.get(source) !== route) continue
      route.gone?.()
      // A route whose owner did not stop it on `gone` is dropped here, so it cannot pin the hub.
      if (frames.get(source) === route) frames.delete(source)
    }
    if (!frames.size && hubs.get(hostWindow) === hub) hub.stop()
  }
  // First: a window that cannot take the listener throws before an observer or a timer exists.
  hostWindow.addEventListener('message', dispatch)
  const Observer = hostWindow.MutationObserver
  const observer = Observer && hostWindow.document ? new Observer(sweep) : undefined
  observer?.observe(hostWindow.document!, { childList: true, subtree: true })
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS)
  const hub: Hub = {
    frames,
    stop: () => {
      observer?.disconnect()
      clearInterval(timer)
      hostWindow.removeEventListener('message', dispatch)
      hubs.delete(hostWindow)
    },
  }
  hubs.set(hostWindow, hub)
  return hub
}
