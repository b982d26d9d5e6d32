/**
 * The fuzzers' in-memory links: a `Transport` for the host bridge and a window pair stand-in for
 * the view bridge. Each delivers one structured-cloned message and returns the warnings the
 * bridge raised while reading it; the runner then lets the bridge finish its task (every
 * microtask it queued) before the next message, as a browser delivers each `postMessage` as a
 * task of its own. That step costs microseconds, where a timer would cost a millisecond, which
 * is what makes 100,000 messages per side fit in seconds.
 *
 * Everything a bridge writes is cloned too (so a value `postMessage` refuses throws in `send`)
 * and handed to `onSent` at once.
 */
import type { BridgeWarning, Transport } from '../../src/protocol/transport.js'
import type { JsonRpcMessage } from '../../src/protocol/jsonrpc.js'

const realSetImmediate = globalThis.setImmediate

/** Resolves after every microtask queued so far has run (the end of the current task). */
export const endOfTask = (): Promise<void> => new Promise((resolve) => realSetImmediate(resolve))

/** A clone as `postMessage` would deliver it, or `undefined` when it cannot be posted at all. */
export function postable(data: unknown): { copy: unknown } | undefined {
  try {
    return { copy: structuredClone(data) }
  } catch {
    return undefined
  }
}

export interface HostLink {
  transport: Transport
  /** Delivers `data` to the host; returns the warnings raised while it was read. */
  deliver(data: unknown): BridgeWarning[]
  /** True while the bridge listens. */
  listening(): boolean
}

/** `warnings` is the array the bridge's `warning` listener fills. */
export function hostLink(warnings: readonly BridgeWarning[], onSent: (message: unknown) => void): HostLink {
  let receive: ((data: unknown) => void) | undefined
  return {
    transport: {
      send(message: JsonRpcMessage) {
        onSent(structuredClone(message))
      },
      listen(receiver) {
        receive = receiver
        return () => {
          if (receive === receiver) receive = undefined
        }
      },
    },
    deliver(data) {
      const before = warnings.length
      receive?.(data)
      return warnings.slice(before)
    },
    listening: () => receive !== undefined,
  }
}

/** The host's origin as the view sees it. */
export const HOST_ORIGIN = 'https://host.example'

type Listener = (event: { data: unknown; source: unknown; origin: string }) => void

export interface ViewLink {
  /** The view's `window.parent`. */
  target: { postMessage(message: unknown, targetOrigin: string): void }
  /** The view's `window` (no document: auto-resize stays off). */
  self: { addEventListener(type: 'message', listener: Listener): void; removeEventListener(type: 'message', listener: Listener): void }
  /** Dispatches `data` on the view's window, from its parent (or `source`) at `origin`. */
  deliver(data: unknown, options?: { source?: unknown; origin?: string }): BridgeWarning[]
  /** Number of `message` listeners on the view's window. */
  listeners(): number
}

export function viewLink(warnings: readonly BridgeWarning[], onSent: (message: unknown, targetOrigin: string) => void): ViewLink {
  const listeners = new Set<Listener>()
  const target = {
    postMessage(message: unknown, targetOrigin: string) {
      onSent(structuredClone(message), targetOrigin)
    },
  }
  return {
    target,
    self: {
      addEventListener: (_type, listener) => void listeners.add(listener),
      removeEventListener: (_type, listener) => void listeners.delete(listener),
    },
    deliver(data, options = {}) {
      const before = warnings.length
      const event = { data, source: 'source' in options ? options.source : target, origin: options.origin ?? HOST_ORIGIN }
      for (const listener of [...listeners]) listener(event)
      return warnings.slice(before)
    },
    listeners: () => listeners.size,
  }
}
