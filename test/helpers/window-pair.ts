/**
 * Two happy-dom windows linked the way a browser links a page and its iframe.
 *
 * happy-dom cannot run scripts in child frames and reports the top window as the source of a
 * frame's messages, so the link is explicit: each side holds a handle to the other (the host's
 * `iframe.contentWindow`, the view's `window.parent`), and posting through a handle dispatches a
 * structured-cloned `MessageEvent` on the other window with the right `source` and `origin`,
 * asynchronously, and only when `targetOrigin` matches, as browsers do.
 *
 * Delivery uses the real `setTimeout` (see `courier.ts`), so tests may fake timers to drive the
 * bridges' timeouts while messages keep flowing; `flush()` waits until the channel is quiet.
 */
import { Window } from 'happy-dom'
import { createCourier } from './courier.js'

export interface Handle {
  postMessage(message: unknown, targetOrigin: string, transfer?: unknown[]): void
}

export type PairSide = 'host' | 'view'

export interface LogEntry {
  from: PairSide
  message: any
  targetOrigin: string
}

export interface WindowPair {
  host: Window
  view: Window
  /** The view as the host sees it (`iframe.contentWindow`). */
  frame: Handle
  /** The host as the view sees it (`window.parent`). */
  parent: Handle
  hostOrigin: string
  viewOrigin: string
  /** Everything posted, in order, for payload assertions (including posts a wrong `targetOrigin` blocked). */
  log: LogEntry[]
  /** The messages `from` posted, in order, optionally only those from `log` index `start` on. */
  sent(from: PairSide, start?: number): any[]
  /** Dispatches raw data on the host window as if `source` at `origin` posted it (the frame by default). */
  injectToHost(data: unknown, options?: { source?: unknown; origin?: string; ports?: unknown[] }): void
  /** Dispatches raw data on the view window as if `source` at `origin` posted it (the parent by default). */
  injectToView(data: unknown, options?: { source?: unknown; origin?: string }): void
  /** Number of `message` listeners currently installed on one window. */
  messageListeners(side: PairSide): number
  /** Resolves after every message posted so far, and every answer to one, has been delivered. */
  flush(): Promise<void>
  close(): void
}

/**
 * `ports: true` delivers what a post transfers as the event's `ports`, as browsers do (Node's
 * `MessageChannel` ports stand in for the browser's): the bridges then move to their channel
 * after the handshake, and `log` sees only what still goes through the windows. Without it,
 * transfers are dropped, as a relay that forwards only `data` drops them.
 */
export function createWindowPair(options: { hostOrigin?: string; viewOrigin?: string; ports?: boolean } = {}): WindowPair {
  const hostOrigin = options.hostOrigin ?? 'https://host.example'
  const viewOrigin = options.viewOrigin ?? 'null'
  const host = new Window({ url: `${hostOrigin}/chat` })
  const view = new Window({ url: viewOrigin === 'null' ? 'about:blank' : `${viewOrigin}/app` })
  const listeners = { host: countMessageListeners(host), view: countMessageListeners(view) }
  const courier = createCourier()
  const log: LogEntry[] = []
  const dispatch = (target: Window, data: unknown, origin: string, source: unknown, ports: unknown[] = []) => {
    courier.post(() => target.dispatchEvent(new target.MessageEvent('message', { data: data as never, origin, source: source as never, ports: ports as never })))
  }
  const matches = (targetOrigin: string, origin: string) => targetOrigin === '*' || targetOrigin === origin
  const frame: Handle = {
    postMessage(message, targetOrigin, transfer) {
      const copy = structuredClone(message)
      log.push({ from: 'host', message: copy, targetOrigin })
      if (matches(targetOrigin, viewOrigin)) dispatch(view, copy, hostOrigin, parent, options.ports ? transfer : undefined)
    },
  }
  const parent: Handle = {
    postMessage(message, targetOrigin, transfer) {
      const copy = structuredClone(message)
      log.push({ from: 'view', message: copy, targetOrigin })
      if (matches(targetOrigin, hostOrigin)) dispatch(host, copy, viewOrigin, frame, options.ports ? transfer : undefined)
    },
  }
  return {
    host,
    view,
    frame,
    parent,
    hostOrigin,
    viewOrigin,
    log,
    sent: (from, start = 0) => log.slice(start).filter((entry) => entry.from === from).map((entry) => entry.message),
    injectToHost: (data, o = {}) => dispatch(host, data, o.origin ?? viewOrigin, 'source' in o ? o.source : frame, o.ports),
    injectToView: (data, o = {}) => dispatch(view, data, o.origin ?? hostOrigin, 'source' in o ? o.source : parent),
    messageListeners: (side) => listeners[side].size,
    flush: courier.flush,
    close() {
      host.happyDOM.abort()
      view.happyDOM.abort()
      host.close()
      view.close()
    },
  }
}

/** Tracks the `message` listeners added to and removed from `win`, so tests can prove cleanup. */
function countMessageListeners(win: Window): Set<unknown> {
  const live = new Set<unknown>()
  const add = win.addEventListener.bind(win)
  const remove = win.removeEventListener.bind(win)
  win.addEventListener = ((type: string, listener: never, options?: never) => {
    if (type === 'message') live.add(listener)
    add(type, listener, options)
  }) as typeof win.addEventListener
  win.removeEventListener = ((type: string, listener: never) => {
    if (type === 'message') live.delete(listener)
    remove(type, listener)
  }) as typeof win.removeEventListener
  return live
}
