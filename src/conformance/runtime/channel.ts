/**
 * The drivers' side of the report channel (see `../wire.ts`): collects the events a page's kit
 * scripts report, and lets a driver wait for one. A wait that runs out resolves with
 * `undefined` instead of throwing: "it never came" is evidence for a verdict, not an error.
 */
import type { ConsoleMessage, Page } from 'playwright-core'
import { CHANNEL_PREFIX, type WireEvent } from '../wire.js'

type Match = (event: WireEvent) => boolean

export class Channel {
  readonly events: WireEvent[] = []
  readonly #waiters = new Set<{ match: Match; resolve(event: WireEvent): void }>()

  /** Starts collecting from `page`: kit console lines, and uncaught errors of any frame (as `page` marks). */
  attach(page: Page): void {
    page.on('console', (message: ConsoleMessage) => {
      const text = message.text()
      if (!text.startsWith(CHANNEL_PREFIX)) return
      try {
        this.#push(JSON.parse(text.slice(CHANNEL_PREFIX.length)) as WireEvent)
      } catch {
        // A truncated or foreign line that happens to share the prefix: not ours to judge.
      }
    })
    let errors = 0
    page.on('pageerror', (error) => this.#push({ source: 'page', seq: ++errors, kind: 'mark', mark: 'uncaught', data: error.message }))
  }

  /** The first event (already received or still to come) that matches, or `undefined` after `timeoutMs`. */
  waitFor(match: Match, timeoutMs: number): Promise<WireEvent | undefined> {
    const found = this.events.find(match)
    if (found) return Promise.resolve(found)
    return new Promise((resolve) => {
      const waiter = {
        match,
        resolve: (event: WireEvent | undefined) => {
          clearTimeout(timer)
          this.#waiters.delete(waiter)
          resolve(event)
        },
      }
      const timer = setTimeout(() => waiter.resolve(undefined), timeoutMs)
      this.#waiters.add(waiter)
    })
  }

  /** Events of one source, optionally only those after position `afterSeq` of that source. */
  from(source: WireEvent['source'], afterSeq = 0): WireEvent[] {
    return this.events.filter((event) => event.source === source && event.seq > afterSeq)
  }

  /** The latest position reported by `source` (0 when it has reported nothing). */
  lastSeq(source: WireEvent['source']): number {
    return this.from(source).at(-1)?.seq ?? 0
  }

  #push(event: WireEvent): void {
    this.events.push(event)
    for (const waiter of [...this.#waiters]) if (waiter.match(event)) waiter.resolve(event)
  }
}
