/**
 * The session a host uses: the engine of `session-core.ts` plus what only a host needs. Its peer
 * is untrusted code, so each incoming message is inspected against limits before anything reads
 * it; and a host's dev tools may trace the traffic. A view uses {@link SessionCore} alone: only
 * its parent can reach it, and the parent wrote the view's document.
 */
import { RPC_INVALID_REQUEST } from './errors.js'
import { isJsonRpc, isRequestId, type JsonRpcMessage } from './jsonrpc.js'
import { SessionCore, type SessionCoreOptions } from './session-core.js'

export { DEFAULT_TIMEOUT_MS, type RequestContext, type RequestHandler, type NotificationHandler, type RequestOptions } from './session-core.js'

export interface SessionOptions extends SessionCoreOptions {
  /**
   * Checks each incoming message before anything reads it (size, depth, `__proto__` keys; see
   * `inspectMessage`). A message over the limits is dropped with a `TOO_LARGE` warning: a request
   * is answered -32600, a response rejects its request with `PROTOCOL`.
   */
  inspect?: (data: unknown) => { problem?: string; stripped: number }
  /** Sees every message sent (`out`) and every message accepted (`in`), for logs and dev tools. */
  onTrace?: (direction: 'in' | 'out', message: JsonRpcMessage) => void
}

export class Session extends SessionCore {
  readonly #options: SessionOptions

  constructor(options: SessionOptions) {
    super(options)
    this.#options = options
  }

  protected override send(message: JsonRpcMessage): void {
    super.send(message)
    this.#options.onTrace?.('out', message)
  }

  protected override receive(data: unknown): void {
    // Other scripts' messages are not ours to inspect or trace.
    if (!isJsonRpc(data)) return
    const { problem, stripped } = this.#options.inspect?.(data) ?? {}
    if (problem) {
      // Answered (a request, even a malformed one) or settled (only a response may settle one
      // of ours) as a malformed message, without the data. Only its `id` and whether it has a
      // `method` are read, as `route` reads them: the rest is too large to look at.
      return this.refuse('TOO_LARGE', `Message ${problem}`, undefined, Object.hasOwn(data, 'id') && isRequestId(data.id) ? data.id : undefined, Object.hasOwn(data, 'method') ? RPC_INVALID_REQUEST : undefined)
    }
    if (stripped) this.warn('MALFORMED', `Removed ${stripped} __proto__ key(s)`)
    this.#options.onTrace?.('in', data as unknown as JsonRpcMessage)
    super.receive(data)
  }
}
