/**
 * Asynchronous delivery for test channels, independent of fake timers.
 *
 * Browsers deliver `postMessage` as a task, after the sender's current task. The courier does the
 * same with the *real* `setTimeout`, captured when this module loads (before any test calls
 * `vi.useFakeTimers()`), so messages keep flowing while a test controls the bridges' timeouts with
 * fake timers: a timeout fires only when the test advances fake time, never by accident.
 */
const realSetTimeout = globalThis.setTimeout

export interface Courier {
  /** Runs `deliver` in a later task, like a browser delivering a posted message. */
  post(deliver: () => void): void
  /** Resolves once everything posted so far, and everything that posted in turn, was delivered. */
  flush(): Promise<void>
}

/** One real task: every microtask queued before it (promise chains, async handlers) has run. */
export const nextTask = (): Promise<void> => new Promise((resolve) => realSetTimeout(resolve, 0))

export function createCourier(): Courier {
  let inFlight = 0
  return {
    post(deliver) {
      inFlight++
      realSetTimeout(() => {
        inFlight--
        deliver()
      }, 0)
    },
    async flush() {
      // Each task delivers what was posted before it; handlers may post more, so repeat until quiet.
      for (let round = 0; round < 1000; round++) {
        await nextTask()
        if (inFlight === 0) return
      }
      throw new Error('The channel did not go quiet after 1000 rounds (a message loop?)')
    },
  }
}
