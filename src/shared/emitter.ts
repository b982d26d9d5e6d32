/**
 * The event surface of both bridges, in nanoevents' shape (a plain object of listener arrays, an
 * `on` that returns its unsubscribe) with each listener isolated, so that one throwing listener
 * neither stops the others nor escapes into the bridge's message handling. Its error is reported
 * the way the DOM reports a throwing event listener.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type EventMap<Events> = { [K in keyof Events]: (...args: any[]) => unknown }

export interface SafeEmitter<Events extends EventMap<Events>> {
  /** Adds a listener; returns the function that removes it. */
  on<K extends keyof Events>(event: K, listener: Events[K]): () => void
  emit<K extends keyof Events>(event: K, ...args: Parameters<Events[K]>): void
  /** The listeners of `event` now (to call them yourself, as teardown does, or to count them). */
  listeners<K extends keyof Events>(event: K): Array<Events[K]>
}

export function createEmitter<Events extends EventMap<Events>>(): SafeEmitter<Events> {
  const all: { [K in keyof Events]?: Array<Events[K]> } = {}
  const listeners = <K extends keyof Events>(event: K): Array<Events[K]> => all[event] ?? []
  return {
    on(event, listener) {
      // A new array, never a push: an emit under way keeps iterating the one it started with.
      all[event] = [...listeners(event), listener]
      return () => {
        all[event] = listeners(event).filter((other) => other !== listener)
      }
    },
    emit(event, ...args) {
      // The arrays are replaced, never changed: a listener added during the event is called from the
      // next one on, and one removed during it (by a listener before it) is not called at all, as in the DOM.
      for (const listener of listeners(event)) {
        if (!listeners(event).includes(listener)) continue
        try {
          listener(...args)
        } catch (error) {
          report(error)
        }
      }
    },
    listeners,
  }
}

/** Surfaces an application error without letting it unwind our stack. */
export function report(error: unknown): void {
  const reportError = (globalThis as { reportError?: (error: unknown) => void }).reportError
  if (reportError) reportError(error)
  else
    setTimeout(() => {
      throw error
    })
}
