/**
 * The JSON-RPC 2.0 session engine both bridges stand on: ids, response correlation, timeouts,
 * cancellation, progress, handler registry, and the checks every incoming message passes.
 *
 * It owns no policy. A bridge registers one handler per method and decides there what is allowed;
 * the session only guarantees that every request it sends settles exactly once (result, error,
 * timeout, cancellation or close) and that every well-formed request it receives is answered
 * exactly once, unless the peer cancelled it (MCP says not to answer a cancelled request).
 */
import { BridgeError, fromRpcError, toRpcError, RPC_INTERNAL_ERROR, RPC_INVALID_REQUEST, RPC_METHOD_NOT_FOUND, type RpcErrorObject } from './errors.js'
import { classify, isObject, isRequestId, type JsonRpcMessage } from './jsonrpc.js'
import { CANCELLED, PING, PROGRESS } from './methods.js'
import type { RequestId } from './mcp-types.js'
import type { BridgeWarning, Transport } from './transport.js'

/** Default timeout of a request, in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 30_000
/** setTimeout's largest delay; anything above it would fire at once. */
const MAX_DELAY = 2 ** 31 - 1

export interface SessionOptions {
  transport: Transport
  /** Default request timeout in ms (30 s without it). */
  timeoutMs?: number
  /**
   * Checks each incoming message before anything reads it (size, depth, `__proto__` keys; see
   * `inspectMessage`). A host passes it: its peer is untrusted code. A view may leave it out: only
   * its parent can reach it, and the parent wrote the view's document, so limits there would
   * guard against nothing the parent could not do anyway.
   */
  inspect?: (data: unknown) => { problem?: string; stripped: number }
  /** Receives everything the session tolerated or dropped. Without it, warnings are discarded. */
  onWarning?: (warning: BridgeWarning) => void
  /** Sees every message sent (`out`) and every message accepted (`in`), for logs and dev tools. */
  onTrace?: (direction: 'in' | 'out', message: JsonRpcMessage) => void
}

export interface RequestOptions {
  /** Aborting rejects the call with `CANCELLED` and sends `notifications/cancelled` to the peer. */
  signal?: AbortSignal
  /** Overrides the session's timeout for this call. */
  timeoutMs?: number
  /** Receives `notifications/progress` for this call; each one restarts the timeout. */
  onprogress?: (progress: { progress: number; total?: number; message?: string }) => void
}

/** What a request handler gets besides the params. */
export interface RequestContext {
  /** The peer's id for this request. */
  id: RequestId
  /** Aborted when the peer cancels the request or the session closes. */
  signal: AbortSignal
  /** The peer's progress token, when it asked for progress. */
  progressToken: string | number | undefined
  /** Sends `notifications/progress` for this request (a no-op when the peer asked for none). */
  sendProgress(progress: { progress: number; total?: number; message?: string }): void
  /** Runs `action` right after the response has been sent (for what must follow the answer). */
  afterResponse(action: () => void): void
}

export type RequestHandler = (params: Record<string, unknown>, context: RequestContext) => unknown
export type NotificationHandler = (params: Record<string, unknown>) => void

interface Pending {
  settle(result: Record<string, unknown> | BridgeError): void
  onprogress: RequestOptions['onprogress']
  restartTimer(): void
}

type Handlers<H> = Map<string, H>

export class Session {
  readonly #transport: Transport
  readonly #timeoutMs: number
  readonly #inspect: SessionOptions['inspect']
  readonly #onWarning: SessionOptions['onWarning']
  readonly #trace: SessionOptions['onTrace']
  readonly #requestHandlers: Handlers<RequestHandler> = new Map([[PING, () => ({})]])
  readonly #notificationHandlers: Handlers<NotificationHandler> = new Map()
  readonly #pending = new Map<RequestId, Pending>()
  /** Incoming requests being handled, by id, so the peer can cancel them. */
  readonly #inFlight = new Map<RequestId, AbortController>()
  readonly #unlisten: () => void
  #nextId = 1
  #closed = false

  constructor(options: SessionOptions) {
    this.#transport = options.transport
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
    this.#inspect = options.inspect
    this.#onWarning = options.onWarning
    this.#trace = options.onTrace
    this.#unlisten = this.#transport.listen((data) => {
      if (this.#closed) return
      try {
        this.#dispatch(data)
      } catch (error) {
        // Last line of defence: nothing thrown by a handler or a check escapes the listener.
        this.#warn('MALFORMED', `Handling failed: ${describe(error)}`, data)
      }
    })
  }

  /** True once {@link close} ran; every later request rejects with `CLOSED`. */
  get closed(): boolean {
    return this.#closed
  }

  /**
   * Registers the handler of one request method and returns the function that removes it.
   * A second handler for the same method is a programming error and throws: handlers never
   * silently replace each other (`ping` alone may be replaced once, its default is built in).
   */
  handle(method: string, handler: RequestHandler): () => void {
    return register(this.#requestHandlers, method, handler, method === PING)
  }

  /** Registers the handler of one notification method; same rules as {@link handle}. */
  on(method: string, handler: NotificationHandler): () => void {
    return register(this.#notificationHandlers, method, handler)
  }

  /** Sends a request and resolves with the peer's result object. */
  request(method: string, params: Record<string, unknown> = {}, options: RequestOptions = {}): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      const { signal, onprogress } = options
      if (this.#closed) return reject(closed(method))
      if (signal?.aborted) return reject(cancelled(method, signal.reason))
      const id = this.#nextId++
      const timeoutMs = Math.min(Math.max(options.timeoutMs ?? this.#timeoutMs, 0), MAX_DELAY)
      let timer: ReturnType<typeof setTimeout> | undefined
      const settle = (outcome: Record<string, unknown> | BridgeError) => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', onAbort)
        this.#pending.delete(id)
        if (outcome instanceof BridgeError) reject(outcome)
        else resolve(outcome)
      }
      /** Gives up on our side and tells the peer to stop working on it. */
      const giveUp = (error: BridgeError, reason: string) => {
        settle(error)
        this.#sendQuietly({ jsonrpc: '2.0', method: CANCELLED, params: { requestId: id, reason } })
      }
      const onAbort = () => giveUp(cancelled(method, signal!.reason), String(signal!.reason ?? 'aborted'))
      const restartTimer = () => {
        clearTimeout(timer)
        timer = setTimeout(() => giveUp(new BridgeError('TIMEOUT', `${method} timed out`), 'timeout'), timeoutMs)
      }
      this.#pending.set(id, { settle, onprogress, restartTimer })
      signal?.addEventListener('abort', onAbort, { once: true })
      restartTimer()
      try {
        this.#send({ jsonrpc: '2.0', id, method, params: onprogress ? { ...params, _meta: { ...(params._meta as object), progressToken: id } } : params })
      } catch (error) {
        settle(unsendable(method, error))
      }
    })
  }

  /** Sends a notification. Throws `CLOSED` after close, `INVALID_PARAMS` if it cannot be cloned. */
  notify(method: string, params?: Record<string, unknown>): void {
    if (this.#closed) throw closed(method)
    try {
      this.#send(params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params })
    } catch (error) {
      throw unsendable(method, error)
    }
  }

  /**
   * Stops listening, rejects every pending request with `CLOSED` and aborts every request the
   * peer is waiting on (their answers are not sent). Idempotent.
   */
  close(reason = 'the bridge closed'): void {
    if (this.#closed) return
    this.#closed = true
    this.#unlisten()
    for (const pending of [...this.#pending.values()]) pending.settle(new BridgeError('CLOSED', reason))
    for (const controller of this.#inFlight.values()) controller.abort(new BridgeError('CLOSED', reason))
    this.#inFlight.clear()
  }

  /** Number of requests this side is waiting on (for tests and invariants). */
  get pendingCount(): number {
    return this.#pending.size
  }

  #warn(code: BridgeWarning['code'], message: string, data?: unknown): void {
    try {
      this.#onWarning?.(data === undefined ? { code, message } : { code, message, data })
    } catch {
      // A throwing warning hook must not break message handling.
    }
  }

  #send(message: JsonRpcMessage): void {
    this.#transport.send(message)
    this.#trace?.('out', message)
  }

  /** Sends something whose loss the caller cannot act on (a cancellation, an error answer). */
  #sendQuietly(message: JsonRpcMessage): void {
    if (this.#closed) return
    try {
      this.#send(message)
    } catch (error) {
      this.#warn('UNEXPECTED', `Send failed: ${describe(error)}`, message)
    }
  }

  #dispatch(data: unknown): void {
    const message = classify(data)
    if (message.kind === 'foreign') return
    const { problem, stripped } = this.#inspect?.(data) ?? { stripped: 0 }
    const id = 'id' in message ? message.id : undefined
    const pending = id === undefined ? undefined : this.#pending.get(id)
    if (problem) {
      const note = `Message ${problem}`
      this.#warn('TOO_LARGE', note)
      // A request, even a malformed one, is answered; only a response may settle a pending request.
      if (message.kind === 'request' || (message.kind === 'invalid' && message.reply)) this.#refuse(id!, RPC_INVALID_REQUEST, note)
      else if (message.kind !== 'notification') pending?.settle(new BridgeError('PROTOCOL', note))
      return
    }
    if (stripped) this.#warn('MALFORMED', `Removed ${stripped} __proto__ key(s)`)
    this.#trace?.('in', data as JsonRpcMessage)
    switch (message.kind) {
      case 'invalid':
        this.#warn('MALFORMED', `Malformed: ${message.reason}`, data)
        if (message.reply) this.#refuse(id!, message.reply, message.reason)
        else pending?.settle(new BridgeError('PROTOCOL', `Malformed response: ${message.reason}`))
        return
      case 'result':
      case 'error':
        if (!pending) return this.#warn('UNEXPECTED', `Unknown response id ${String(id)}`, data)
        return pending.settle(message.kind === 'result' ? message.result : fromRpcError(message.error))
      case 'notification':
        return this.#notification(message.method, message.params)
      case 'request':
        return this.#request(message.id, message.method, message.params)
    }
  }

  #notification(method: string, params: Record<string, unknown>): void {
    const { requestId, progressToken, progress, total, message } = params
    if (method === CANCELLED) {
      if (isRequestId(requestId)) this.#inFlight.get(requestId)?.abort(new BridgeError('CANCELLED', String(params.reason ?? 'cancelled by peer')))
      return
    }
    const pending = method === PROGRESS && isRequestId(progressToken) ? this.#pending.get(progressToken) : undefined
    if (pending && typeof progress === 'number') {
      pending.restartTimer()
      try {
        pending.onprogress?.({ progress, ...(typeof total === 'number' && { total }), ...(typeof message === 'string' && { message }) })
      } catch (error) {
        this.#warn('LISTENER', `onprogress threw: ${describe(error)}`)
      }
      return
    }
    const handler = this.#notificationHandlers.get(method)
    if (handler) handler(params)
    else this.#warn('UNEXPECTED', `Ignored ${method}`)
  }

  #request(id: RequestId, method: string, params: Record<string, unknown>): void {
    // Answering a duplicate would give the peer two responses for one id; the first still gets its own.
    if (this.#inFlight.has(id)) return this.#warn('UNEXPECTED', `Dropped ${method}: id ${String(id)} in flight`)
    const handler = this.#requestHandlers.get(method)
    if (!handler) return this.#reply(id, { code: RPC_METHOD_NOT_FOUND, message: `Method not found: ${method}` }, true)
    const controller = new AbortController()
    const { signal } = controller
    this.#inFlight.set(id, controller)
    const meta = params._meta
    const progressToken = isObject(meta) && isRequestId(meta.progressToken) ? meta.progressToken : undefined
    const after: Array<() => void> = []
    const finish = (result: unknown, failed?: boolean) => {
      if (this.#inFlight.get(id) !== controller) return
      this.#inFlight.delete(id)
      if (signal.aborted) return
      this.#reply(id, failed ? toRpcError(result) : isObject(result) ? result : {}, !!failed)
      for (const action of after) {
        try {
          action()
        } catch (error) {
          this.#warn('LISTENER', `afterResponse threw: ${describe(error)}`)
        }
      }
    }
    try {
      const outcome = handler(params, {
        id,
        signal,
        progressToken,
        sendProgress: (progress) => {
          if (progressToken !== undefined && !signal.aborted) this.#sendQuietly({ jsonrpc: '2.0', method: PROGRESS, params: { progressToken, ...progress } })
        },
        afterResponse: (action) => void after.push(action),
      })
      if (typeof (outcome as PromiseLike<unknown> | undefined)?.then === 'function') {
        ;(outcome as PromiseLike<unknown>).then(finish, (error) => finish(error, true))
      } else finish(outcome)
    } catch (error) {
      finish(error, true)
    }
  }

  /** Answers a request that cannot be served, unless its id is in flight: that request's answer is still to come. */
  #refuse(id: RequestId, code: number, reason: string): void {
    if (this.#inFlight.has(id)) return this.#warn('UNEXPECTED', `Dropped a malformed request: id ${String(id)} in flight`)
    this.#reply(id, { code, message: reason }, true)
  }

  /** Answers a request: `body` is the result, or the error when `failed`. */
  #reply(id: RequestId, body: Record<string, unknown> | RpcErrorObject, failed: boolean): void {
    if (this.#closed) return
    try {
      this.#send(failed ? { jsonrpc: '2.0', id, error: body as RpcErrorObject } : { jsonrpc: '2.0', id, result: body as Record<string, unknown> })
    } catch (error) {
      // The result could not be cloned (a function, a DOM node): answer with an error instead.
      this.#sendQuietly({ jsonrpc: '2.0', id, error: { code: RPC_INTERNAL_ERROR, message: `Response failed: ${describe(error)}` } })
    }
  }
}

function register<H>(handlers: Handlers<H>, method: string, handler: H, replaceable = false): () => void {
  if (handlers.has(method) && !replaceable) throw new BridgeError('PROTOCOL', `${method} already has a handler`)
  handlers.set(method, handler)
  return () => {
    if (handlers.get(method) === handler) handlers.delete(method)
  }
}

const closed = (method: string) => new BridgeError('CLOSED', `${method}: bridge closed`)

const unsendable = (method: string, error: unknown) => new BridgeError('INVALID_PARAMS', `${method}: ${describe(error)}`, { cause: error })

function cancelled(method: string, reason: unknown): BridgeError {
  return new BridgeError('CANCELLED', `${method} cancelled${reason === undefined ? '' : `: ${describe(reason)}`}`, { cause: reason })
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
