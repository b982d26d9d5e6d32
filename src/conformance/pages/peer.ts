/**
 * A raw JSON-RPC peer for the kit's scripted pages, built on the protocol module's classifier
 * and nothing else, so it can misbehave on purpose: it sends whatever it is told (any id, any
 * order, malformed data), answers requests by a policy the driver sets, and records everything.
 *
 * It is deliberately not a `Session`: a session enforces the rules the kit is there to test.
 */
import { classify, RPC_METHOD_NOT_FOUND, type RpcErrorObject } from '../../protocol/index.js'
import { createReporter } from './reporter.js'
import type { EventSource } from '../wire.js'

/** How the peer answers one incoming request. */
export type Answer =
  | { result: Record<string, unknown> }
  | { error: RpcErrorObject }
  /** Send nothing (a peer that never answers). */
  | { ignore: true }

export interface PeerOptions {
  source: EventSource
  /** Posts one message to the other side. */
  post(message: unknown): void
  /** Decides the answer to a request from the trusted side; may wait (a slow peer). */
  answer(method: string, params: Record<string, unknown>): Answer | Promise<Answer>
}

export interface Peer {
  /** Handles one incoming message event; only `trusted` ones are answered. */
  receive(data: unknown, origin: string, trusted: boolean): void
  /** Posts a message exactly as given. */
  post(message: unknown): void
  /** Sends a request with a fresh numeric id and returns the id. */
  request(method: string, params?: Record<string, unknown>): number
  notify(method: string, params?: Record<string, unknown>): void
  mark(name: string, data?: unknown): void
  /** Runs `callback` once when the response to `id` arrives. */
  onResponse(id: unknown, callback: (message: Record<string, unknown>) => void): void
}

export const methodNotFound = (method: string): Answer => ({ error: { code: RPC_METHOD_NOT_FOUND, message: `Method not found: ${method}` } })

export function createPeer(options: PeerOptions): Peer {
  const report = createReporter(options.source)
  const waiting = new Map<unknown, (message: Record<string, unknown>) => void>()
  let nextId = 1
  const post = (message: unknown) => {
    report.out(message)
    options.post(message)
  }
  const answer = async (id: unknown, method: string, params: Record<string, unknown>) => {
    let decided: Answer
    try {
      decided = await options.answer(method, params)
    } catch (error) {
      decided = { error: { code: -32603, message: String(error) } }
    }
    if ('ignore' in decided) return
    post('result' in decided ? { jsonrpc: '2.0', id, result: decided.result } : { jsonrpc: '2.0', id, error: decided.error })
  }
  return {
    receive(data, origin, trusted) {
      report.in(data, origin, trusted)
      if (!trusted) return
      const message = classify(data)
      if (message.kind === 'request') void answer(message.id, message.method, message.params)
      if (message.kind === 'result' || message.kind === 'error') {
        const callback = waiting.get(message.id)
        waiting.delete(message.id)
        callback?.(data as Record<string, unknown>)
      }
    },
    post,
    request(method, params = {}) {
      const id = nextId++
      post({ jsonrpc: '2.0', id, method, params })
      return id
    },
    notify: (method, params = {}) => post({ jsonrpc: '2.0', method, params }),
    mark: (name, data) => report.mark(name, data),
    onResponse: (id, callback) => void waiting.set(id, callback),
  }
}
