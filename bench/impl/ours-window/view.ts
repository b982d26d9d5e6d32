/**
 * View port for mcp-app-bridge on the window path: `ViewBridge` with a parent that drops the
 * transfer list, so the `MessagePort` offered with `ui/initialize` never reaches the host and the
 * whole session stays on window `postMessage`. That is what an app gets when the other side
 * ignores the port (the official SDK's host, a relay that forwards only data): the cost of our
 * checks alone, without the private channel that ours-to-ours gets.
 */
import { ViewBridge } from '../../../src/view/index.js'
import { APP_INFO } from '../fixtures.js'
import type { ViewPort } from '../ports.js'
import { viewPortOf } from '../ours/view.js'

export function createViewPort(): ViewPort {
  return viewPortOf(new ViewBridge({ appInfo: APP_INFO, target: dataOnlyParent, self: parentAsTarget }))
}

/** The parent, forwarding the data only (as a port-unaware relay would): no port goes out. */
const dataOnlyParent = { postMessage: (message: unknown, targetOrigin: string) => window.parent.postMessage(message, targetOrigin) }

type Listener = (event: MessageEvent) => void
const wrapped = new WeakMap<Listener, Listener>()

/**
 * This window, with the parent's messages shown as coming from `dataOnlyParent`: the bridge reads
 * only messages whose `source` is its target, and a wrapper is not the parent's `WindowProxy`.
 * Costs one small object per message received, far below the figures' noise.
 */
const parentAsTarget = {
  document,
  addEventListener(type: 'message', listener: Listener) {
    const relabel: Listener = (event) =>
      listener(event.source === window.parent ? ({ data: event.data, origin: event.origin, source: dataOnlyParent } as unknown as MessageEvent) : event)
    wrapped.set(listener, relabel)
    addEventListener(type, relabel)
  },
  removeEventListener(type: 'message', listener: Listener) {
    const relabel = wrapped.get(listener)
    if (relabel) removeEventListener(type, relabel)
  },
}
