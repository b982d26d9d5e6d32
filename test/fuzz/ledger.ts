/**
 * The books a fuzz run keeps on one bridge: every request it was sent and every response it
 * wrote, per id, and the shape of everything it wrote.
 *
 * The rule checked (DEVELOPERS.md "Session"; SECURITY.md "Documented drops"): every request that
 * carries an answerable id gets exactly one well-formed response, unless it is a documented drop:
 * - a request whose id cannot be answered (`null`, an object, `NaN`, ...): never answered;
 * - a second request with the id of one still in flight: dropped with an `UNEXPECTED` warning
 *   (answering it would give the peer two responses for one id);
 * - a request the peer cancelled while it was in flight: not answered (MCP says so);
 * - a request still being handled when the bridge closes: not answered (closing aborts it), and
 *   a closed bridge reads nothing;
 * - a request still being handled when the host answers a `ui/initialize` (a view re-created in
 *   its frame numbers its requests from the start again): not answered (the host aborts it).
 * Non-JSON-RPC data is not a request at all. Oversized requests at the host are answered -32600.
 *
 * Requests are counted by id as the session keys them (`Map`, so `0` and `-0` are one id, `1` and
 * `'1'` are two).
 */
import { classify, isObject, isRequestId } from '../../src/protocol/jsonrpc.js'
import type { BridgeWarning } from '../../src/protocol/transport.js'

/** The error codes a bridge may answer with (DEVELOPERS.md, PROTOCOL.md A.7, MCP's timeout). */
export const ALLOWED_ERROR_CODES = new Set([-32600, -32601, -32602, -32603, -32000, -32001])

const key = (id: string | number) => (typeof id === 'number' ? `n:${id === 0 ? 0 : id}` : `s:${id}`)

interface Books {
  /** Requests accepted (not dropped as duplicates). */
  accepted: number
  answered: number
  /** Cancellations that arrived while one of these requests was unanswered. */
  cancelled: number
}

export class Ledger {
  readonly problems: string[] = []
  readonly #books = new Map<string, Books>()
  #lastOwnId = 0
  #requests = 0
  /** The method of the request last accepted under each id. */
  readonly #methods = new Map<string, unknown>()

  /** Requests with an answerable id delivered so far. */
  get requests(): number {
    return this.#requests
  }

  #book(id: string | number): Books {
    let books = this.#books.get(key(id))
    if (!books) this.#books.set(key(id), (books = { accepted: 0, answered: 0, cancelled: 0 }))
    return books
  }

  /**
   * Delivers one message through `deliver` (which returns the warnings the bridge raised while
   * reading it) and books it. A request is booked before delivery, since its answer may be
   * written while it is being read.
   */
  deliver(data: unknown, deliver: () => readonly BridgeWarning[]): void {
    if (!isObject(data) || data.jsonrpc !== '2.0') return void deliver()
    const hasId = Object.hasOwn(data, 'id')
    if (Object.hasOwn(data, 'method') && hasId && isRequestId(data.id)) {
      this.#requests++
      const books = this.#book(data.id)
      const inFlight = books.accepted > books.answered && books.cancelled === 0
      books.accepted++
      this.#methods.set(key(data.id), data.method)
      const raised = deliver()
      if (raised.some((warning) => warning.code === 'UNEXPECTED' && / in flight$/.test(warning.message))) {
        books.accepted--
        if (books.accepted === books.answered) this.problems.push(`id ${String(data.id)} was dropped as in flight, but nothing with that id was`)
      } else if (inFlight) {
        this.problems.push(`a second request with id ${JSON.stringify(data.id)} (${String(data.method)}) was accepted while the first was in flight`)
      }
      return
    }
    const cancel = data.method === 'notifications/cancelled' && !hasId && isObject(data.params) && isRequestId(data.params.requestId) ? this.#book(data.params.requestId) : undefined
    deliver()
    if (cancel && cancel.accepted > cancel.answered) cancel.cancelled++
  }

  /**
   * What the bridge was still handling is not answered: it closed (closing aborts it), or the host
   * answered a `ui/initialize` (it drops what the view it replaces had in flight).
   */
  dropInFlight(): void {
    for (const books of this.#books.values()) books.cancelled += books.accepted - books.answered
  }

  /** Records one message the bridge wrote, checking its shape. */
  sent(message: unknown): void {
    const shown = () => preview(message)
    const kind = classify(message).kind
    if (kind === 'invalid' || kind === 'foreign') return void this.problems.push(`wrote malformed JSON-RPC: ${shown()}`)
    const m = message as Record<string, unknown>
    if (kind === 'request') {
      // Its own ids: numbers, never reused.
      if (typeof m.id !== 'number' || m.id <= this.#lastOwnId) this.problems.push(`own request id not fresh: ${shown()}`)
      else this.#lastOwnId = m.id
      return
    }
    if (kind === 'notification') return
    if (kind === 'error') {
      const error = m.error as { code: number; message: unknown }
      if (!Number.isInteger(error.code) || !ALLOWED_ERROR_CODES.has(error.code)) this.problems.push(`error code outside the documented set: ${shown()}`)
    }
    const id = m.id as string | number
    const books = this.#books.get(key(id))
    if (!books || books.answered >= books.accepted) this.problems.push(`response without a request to answer: ${shown()}`)
    if (books) books.answered++
    if (kind === 'result' && this.#methods.get(key(id)) === 'ui/initialize') this.dropInFlight()
  }

  /** Checks the final count, once nothing can be in flight any more (time advanced past every timeout). */
  close(): void {
    for (const [id, books] of this.#books) {
      const missing = books.accepted - books.answered
      if (missing < 0) this.problems.push(`${id}: ${books.answered} responses for ${books.accepted} requests`)
      else if (missing > books.cancelled) this.problems.push(`${id}: ${missing} request(s) never answered (accepted ${books.accepted}, answered ${books.answered}, cancelled ${books.cancelled})`)
    }
  }
}

/** A short printable form of a message (for failure reports). */
export function preview(value: unknown, max = 300): string {
  let text: string
  try {
    text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${v}n` : typeof v === 'string' && v.length > 60 ? `${v.slice(0, 20)}…(${v.length})` : v))
  } catch {
    text = String(value)
  }
  return text === undefined ? String(value) : text.length > max ? `${text.slice(0, max)}…` : text
}
