/**
 * An ordered event log with `waitFor`, used in the test pages (host and view alike) so the Node
 * side can await what happened instead of sleeping and polling.
 */
import type { RawMessage } from './contract.js'

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

/**
 * Records every `message` event of this window, before any other listener (capture phase,
 * installed first), and every message on a `MessagePort` (the bridges' channel), so tests can
 * wait until a message was delivered, then check nothing came of it. `trusted` says whether
 * `isTrusted(event)` (the expected sender) holds; a port's messages are trusted.
 */
export function recordRawMessages(isTrusted: (event: MessageEvent) => boolean): { raw: RawMessage[]; rawCount: Record<string, number> } {
  const raw: RawMessage[] = []
  const rawCount: Record<string, number> = {}
  const record = (event: MessageEvent, trusted: boolean) => {
    rawCount[event.origin] = (rawCount[event.origin] ?? 0) + 1
    const data = event.data as { method?: unknown; id?: unknown } | null
    raw.push({
      origin: event.origin,
      trusted,
      ...(typeof data?.method === 'string' && { method: data.method }),
      ...(data && typeof data === 'object' && 'id' in data && { id: data.id }),
    })
    if (raw.length > 1_000) raw.shift()
  }
  window.addEventListener('message', (event) => record(event, isTrusted(event)), { capture: true })
  // The bridges move to a MessageChannel after the handshake: what arrives on a port (which only
  // the peer holds, so it is trusted, origin "") is recorded too, before the bridge's handler.
  const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage')!
  Object.defineProperty(MessagePort.prototype, 'onmessage', {
    ...onmessage,
    set(this: MessagePort, handler: ((event: MessageEvent) => void) | null) {
      // Listed, so that a test posting by hand from the page can hear answers on the channel too.
      ;((window as unknown as { bridgePorts?: MessagePort[] }).bridgePorts ??= []).push(this)
      onmessage.set!.call(this, handler && ((event: MessageEvent) => (record(event, true), handler.call(this, event))))
    },
  })
  return { raw, rawCount }
}

/** Measures the longest gap between timer ticks (event-loop stalls) while running. */
export function lagMonitor(): { start(): void; stop(): number } {
  let timer: ReturnType<typeof setInterval> | undefined
  let last = 0
  let worst = 0
  return {
    start() {
      clearInterval(timer)
      last = performance.now()
      worst = 0
      timer = setInterval(() => {
        const now = performance.now()
        worst = Math.max(worst, now - last)
        last = now
      }, 5)
    },
    stop() {
      clearInterval(timer)
      timer = undefined
      return Math.max(worst, performance.now() - last)
    },
  }
}
