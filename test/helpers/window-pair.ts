/**
 * Two happy-dom windows linked the way a browser links a page and its iframe.
 *
 * happy-dom cannot run scripts in child frames and reports the top window as the source of a
 * frame's messages, so the link is explicit: each side holds a handle to the other (the host's
 * `iframe.contentWindow`, the view's `window.parent`), and posting through a handle dispatches a
 * structured-cloned `MessageEvent` on the other window with the right `source` and `origin`,
 * asynchronously, and only when `targetOrigin` matches, as browsers do.
 */
import { Window } from 'happy-dom'

export interface Handle {
  postMessage(message: unknown, targetOrigin: string): void
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
  /** Everything posted, in order, for payload assertions. */
  log: Array<{ from: 'host' | 'view'; message: any; targetOrigin: string }>
  /** Dispatches raw data on the host window as if `source` at `origin` posted it. */
  injectToHost(data: unknown, options?: { source?: unknown; origin?: string }): void
  /** Dispatches raw data on the view window as if `source` at `origin` posted it. */
  injectToView(data: unknown, options?: { source?: unknown; origin?: string }): void
  /** Resolves after every message posted so far has been delivered. */
  flush(): Promise<void>
  close(): void
}

export function createWindowPair(options: { hostOrigin?: string; viewOrigin?: string } = {}): WindowPair {
  const hostOrigin = options.hostOrigin ?? 'https://host.example'
  const viewOrigin = options.viewOrigin ?? 'null'
  const host = new Window({ url: `${hostOrigin}/chat` })
  const view = new Window({ url: viewOrigin === 'null' ? 'about:blank' : `${viewOrigin}/app` })
  const log: WindowPair['log'] = []
  const dispatch = (target: Window, data: unknown, origin: string, source: unknown) => {
    setTimeout(() => {
      target.dispatchEvent(new target.MessageEvent('message', { data: data as never, origin, source: source as never }))
    }, 0)
  }
  const matches = (targetOrigin: string, origin: string) => targetOrigin === '*' || targetOrigin === origin
  const frame: Handle = {
    postMessage(message, targetOrigin) {
      const copy = structuredClone(message)
      log.push({ from: 'host', message: copy, targetOrigin })
      if (matches(targetOrigin, viewOrigin)) dispatch(view, copy, hostOrigin, parent)
    },
  }
  const parent: Handle = {
    postMessage(message, targetOrigin) {
      const copy = structuredClone(message)
      log.push({ from: 'view', message: copy, targetOrigin })
      if (matches(targetOrigin, hostOrigin)) dispatch(host, copy, viewOrigin, frame)
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
    injectToHost: (data, o = {}) => dispatch(host, data, o.origin ?? viewOrigin, 'source' in o ? o.source : frame),
    injectToView: (data, o = {}) => dispatch(view, data, o.origin ?? hostOrigin, 'source' in o ? o.source : parent),
    flush: () => new Promise((resolve) => setTimeout(resolve, 5)),
    close() {
      host.happyDOM.abort()
      view.happyDOM.abort()
      host.close()
      view.close()
    },
  }
}
