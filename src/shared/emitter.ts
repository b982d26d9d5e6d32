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
  /**
   * The listeners of `event` now, as functions that call them (to call them yourself, as teardown
   * does, or to count them); each calls its listener only while it is still subscribed.
   */
  listeners<K extends keyof Events>(event: K): Array<Events[K]>
}

export function createEmitter<Events extends EventMap<Events>>(): SafeEmitter<Events> {
  // Each registration is a function of its own that calls the listener, so that an unsubscribe
  // removes that registration and no other of the same function (one store action subscribed by
  // two components), and only once.
  const all: { [K in keyof Events]?: Array<Events[K]> } = {}
  const registered = <K extends keyof Events>(event: K): Array<Events[K]> => all[event] ?? []
  return {
    on(event, listener) {
      // It calls the listener only while registered: one removed during an event (by a listener
      // before it) is not called, whether the event is emitted or its listeners called one by one.
      const own = ((...args) => (all[event]?.includes(own) ? listener(...args) : undefined)) as typeof listener
      // A new array, never a push: an emit under way keeps iterating the one it started with.
      // `concat`, not a spread: an array literal with a spread keeps room to grow, held while subscribed.
      all[event] = registered(event).concat(own)
      return () => {
        all[event] = registered(event).filter((other) => other !== own)
      }
    },
    emit(event, ...args) {
      // The arrays are replaced, never changed: a listener added during the event is called from the
      // next one on, and one removed during it (by a listener before it) is not called at all (its
      // registration checks), as in the DOM.
      for (const own of registered(event)) {
        try {
          own(...args)
        } catch (error) {
          report(error)
        }
      }
    },
    listeners: registered,
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
