/**
 * The pages' side of the report channel (see `../wire.ts`): one console line per event.
 *
 * `console.debug` is captured when the module loads, before any code under test runs, so a view
 * or host that replaces `console` cannot silence the kit. Messages are copied as JSON; a message
 * that cannot be (a cycle, a BigInt) or that is huge is reported by its method and id only.
 */
import { CHANNEL_PREFIX, type EventSource, type WireEvent } from '../wire.js'

const log = console.debug.bind(console)
/** Messages larger than this (as JSON) are reported without their body. */
const MAX_REPORTED = 64_000

export interface Reporter {
  in(message: unknown, origin: string, trusted: boolean): void
  out(message: unknown): void
  mark(name: string, data?: unknown): void
}

export function createReporter(source: EventSource): Reporter {
  let seq = 0
  const emit = (event: Omit<WireEvent, 'source' | 'seq'>) => {
    const full = { source, seq: ++seq, ...event }
    let line: string
    try {
      line = JSON.stringify(full)
    } catch (error) {
      line = JSON.stringify({ ...full, message: summary(event.message, String(error)), data: undefined })
    }
    if (line.length > MAX_REPORTED) line = JSON.stringify({ ...full, message: summary(event.message, `${line.length} characters`), data: undefined })
    log(CHANNEL_PREFIX + line)
  }
  return {
    in: (message, origin, trusted) => emit({ kind: 'in', message, origin, trusted }),
    out: (message) => emit({ kind: 'out', message }),
    mark: (name, data) => emit({ kind: 'mark', mark: name, data }),
  }
}

function summary(message: unknown, why: string): unknown {
  const m = (typeof message === 'object' && message !== null ? message : {}) as Record<string, unknown>
  return { jsonrpc: m.jsonrpc, id: m.id, method: m.method, unreported: why }
}
