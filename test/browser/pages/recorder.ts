/**
 * An ordered event log with `waitFor`, used in the test pages (host and view alike) so the Node
 * side can await what happened instead of sleeping and polling.
 */
export interface Recorder<K extends string, E extends { kind: K }> {
  readonly events: E[]
  push(event: E): void
  waitFor(kind: K, count?: number): Promise<E>
}

export function createRecorder<K extends string, E extends { kind: K }>(): Recorder<K, E> {
  const events: E[] = []
  const waiters: Array<{ kind: K; count: number; resolve(event: E): void }> = []
  const nth = (kind: K, count: number) => events.filter((event) => event.kind === kind)[count - 1]
  return {
    events,
    push(event) {
      events.push(event)
      for (const waiter of [...waiters]) {
        const found = nth(waiter.kind, waiter.count)
        if (found) {
          waiters.splice(waiters.indexOf(waiter), 1)
          waiter.resolve(found)
        }
      }
    },
    waitFor(kind, count = 1) {
      const found = nth(kind, count)
      if (found) return Promise.resolve(found)
      return new Promise<E>((resolve) => waiters.push({ kind, count, resolve }))
    },
  }
}

/** Plain-JSON copy of a value (what survives `page.evaluate`); functions and cycles are dropped. */
export function plain(value: unknown): unknown {
  try {
    return value === undefined ? undefined : JSON.parse(JSON.stringify(value))
  } catch {
    return String(value)
  }
}
