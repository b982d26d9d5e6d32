/**
 * The JSON-RPC 2.0 session engine both bridges stand on: ids, response correlation, timeouts,
 * cancellation, progress, handler registry, and the checks every incoming message passes.
 *
 * It owns no policy. A bridge registers one handler per method and decides there what is allowed;
 * the session only guarantees that every request it sends settles exactly once (result, error,
 * timeout, cancellation or close) and that every well-formed request it receives is answered
 * exactly once, unless the peer cancelled it (MCP says not to answer a cancelled request).
 */
import { BridgeError, fromRpcError, toRpcError, RPC_INTERNAL_ERROR, RPC_INVALID_REQUEST, RPC_METHOD_NOT_FOUND } from './errors.js'
import { classify, isObject, isRequestId, type JsonRpcMessage } from './jsonrpc.js'
import { DEFAULT_LIMITS, inspectMessage, type MessageLimits } from './inspect.js'
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
  /** Size and depth limits for incoming messages (4 MiB and 100 levels without them). */
  limits?: Partial<MessageLimits>
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
  resolve(result: Record<string, unknown>): void
  reject(error: BridgeError): void
  onprogress: RequestOptions['onprogress']
  restartTimer(): void
}

export class Session {
  readonly #transport: Transport
  readonly #timeoutMs: number
  readonly #limits: MessageLimits
  readonly #warn: (warning: BridgeWarning) => void
  readonly #trace: SessionOptions['onTrace']
  readonly #requestHandlers = new Map<string, RequestHandler>([[PING, () => ({})]])
  readonly #notificationHandlers = new Map<string, NotificationHandler>()
  readonly #pending = new Map<RequestId, Pending>()
  /** Incoming requests being handled, by id, so the peer can cancel them. */
  readonly #inFlight = new Map<RequestId, AbortController>()
  readonly #unlisten: () => void
  #nextId = 1
  #closed = false

  constructor(options: SessionOptions) {
    this.#transport = options.transport
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
    this.#limits = { ...DEFAULT_LIMITS, ...options.limits }
    const onWarning = options.onWarning
    this.#warn = (warning) => {
      try {
        onWarning?.(warning)
      } catch {
        // A throwing warning hook must not break message handling.
      }
    }
    this.#trace = options.onTrace
    this.#unlisten = this.#transport.listen((data) => this.#receive(data))
  }

  /** True once {@link close} ran; every later request rejects with `CLOSED`. */
  get closed(): boolean {
    return this.#closed
  }

  /**
   * Registers the handler of one request method and returns the function that removes it.
   * A second handler for the same method is a programming error and throws: handlers never
   * silently replace each other.
   */
  handle(method: string, handler: RequestHandler): () => void {
    if (this.#requestHandlers.has(method) && method !== PING) {
      throw new BridgeError('PROTOCOL', `${method} already has a handler`)
    }
    this.#requestHandlers.set(method, handler)
    return () => {
      if (this.#requestHandlers.get(method) === handler) this.#requestHandlers.delete(method)
    }
  }

  /** Registers the handler of one notification method; same rules as {@link handle}. */
  on(method: string, handler: NotificationHandler): () => void {
    if (this.#notificationHandlers.has(method)) {
      throw new BridgeError('PROTOCOL', `${method} already has a handler`)
    }
    this.#notificationHandlers.set(method, handler)
    return () => {
      if (this.#notificationHandlers.get(method) === handler) this.#notificationHandlers.delete(method)
    }
  }

  /** Sends a request and resolves with the peer's result object. */
  request(method: string, params: Record<string, unknown> = {}, options: RequestOptions = {}): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      if (this.#closed) return reject(new BridgeError('CLOSED', `${method}: bridge closed`))
      const { signal, onprogress } = options
      if (signal?.aborted) return reject(cancelled(method, signal))
      const id = this.#nextId++
      const timeoutMs = Math.min(Math.max(options.timeoutMs ?? this.#timeoutMs, 0), MAX_DELAY)
      let timer: ReturnType<typeof setTimeout> | undefined
      const settle = () => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', onAbort)
        this.#pending.delete(id)
      }
      const giveUp = (error: BridgeError, reason: string) => {
        settle()
        reject(error)
        this.#sendQuietly({ jsonrpc: '2.0', method: CANCELLED, params: { requestId: id, reason } })
      }
      const onAbort = () => giveUp(cancelled(method, signal!), String(signal!.reason ?? 'aborted'))
      const restartTimer = () => {
        clearTimeout(timer)
        timer = setTimeout(() => giveUp(new BridgeError('TIMEOUT', `${method} timed out`), 'timeout'), timeoutMs)
      }
      this.#pending.set(id, {
        resolve: (result) => (settle(), resolve(result)),
        reject: (error) => (settle(), reject(error)),
        onprogress,
        restartTimer,
      })
      signal?.addEventListener('abort', onAbort, { once: true })
      restartTimer()
      const outgoing = onprogress ? { ...params, _meta: { ...(params._meta as object), progressToken: id } } : params
      try {
        this.#send({ jsonrpc: '2.0', id, method, params: outgoing })
      } catch (error) {
        settle()
        reject(new BridgeError('INVALID_PARAMS', `${method}: ${describe(error)}`, { cause: error }))
      }
    })
  }

  /** Sends a notification. Throws `CLOSED` after close, `INVALID_PARAMS` if it cannot be cloned. */
  notify(method: string, params?: Record<string, unknown>): void {
    if (this.#closed) throw new BridgeError('CLOSED', `${method}: bridge closed`)
    try {
      this.#send(params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params })
    } catch (error) {
      throw new BridgeError('INVALID_PARAMS', `${method}: ${describe(error)}`, { cause: error })
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
    for (const pending of [...this.#pending.values()]) pending.reject(new BridgeError('CLOSED', reason))
    for (const controller of this.#inFlight.values()) controller.abort(new BridgeError('CLOSED', reason))
    this.#inFlight.clear()
  }

  /** Number of requests this side is waiting on (for tests and invariants). */
  get pendingCount(): number {
    return this.#pending.size
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
      this.#warn({ code: 'UNEXPECTED', message: `Send failed: ${describe(error)}`, data: message })
    }
  }

  #receive(data: unknown): void {
    if (this.#closed) return
    try {
      this.#dispatch(data)
    } catch (error) {
      // Last line of defence: nothing thrown by a handler or a check escapes the listener.
      this.#warn({ code: 'MALFORMED', message: `Handling failed: ${describe(error)}`, data })
    }
  }

  #dispatch(data: unknown): void {
    const message = classify(data)
    if (message.kind === 'foreign') return
    const { problem, stripped } = inspectMessage(data, this.#limits)
    if (problem) {
      const note = `Message ${problem}`
      this.#warn({ code: 'TOO_LARGE', message: note })
      if (message.kind === 'request') this.#reply(message.id, undefined, { code: RPC_INVALID_REQUEST, message: note })
      else if (message.kind === 'result' || message.kind === 'error') this.#pending.get(message.id)?.reject(new BridgeError('PROTOCOL', note))
      return
    }
    if (stripped) this.#warn({ code: 'MALFORMED', message: `Removed ${stripped} __proto__ key(s)` })
    this.#trace?.('in', data as JsonRpcMessage)
    switch (message.kind) {
      case 'invalid':
        this.#warn({ code: 'MALFORMED', message: `Malformed: ${message.reason}`, data })
        if (message.id === undefined) return
        if (message.reply) this.#reply(message.id, undefined, { code: message.reply, message: message.reason })
        else this.#pending.get(message.id)?.reject(new BridgeError('PROTOCOL', `Malformed response: ${message.reason}`))
        return
      case 'result':
      case 'error': {
        const pending = this.#pending.get(message.id)
        if (!pending) {
          this.#warn({ code: 'UNEXPECTED', message: `Unknown response id ${String(message.id)}`, data })
          return
        }
        if (message.kind === 'result') pending.resolve(message.result)
        else pending.reject(fromRpcError(message.error))
        return
      }
      case 'notification':
        return this.#notification(message.method, message.params)
      case 'request':
        return this.#request(message.id, message.method, message.params)
    }
  }

  #notification(method: string, params: Record<string, unknown>): void {
    if (method === CANCELLED) {
      const requestId = params.requestId
      if (isRequestId(requestId)) this.#inFlight.get(requestId)?.abort(new BridgeError('CANCELLED', String(params.reason ?? 'cancelled by peer')))
      return
    }
    if (method === PROGRESS) {
      const token = params.progressToken
      const pending = isRequestId(token) ? this.#pending.get(token) : undefined
      if (pending && typeof params.progress === 'number') {
        pending.restartTimer()
        const { progress, total, message } = params
        try {
          pending.onprogress?.({ progress, ...(typeof total === 'number' && { total }), ...(typeof message === 'string' && { message }) })
        } catch (error) {
          this.#warn({ code: 'LISTENER', message: `onprogress threw: ${describe(error)}` })
        }
        return
      }
    }
    const handler = this.#notificationHandlers.get(method)
    if (!handler) {
      this.#warn({ code: 'UNEXPECTED', message: `Ignored ${method}` })
      return
    }
    handler(params)
  }

  #request(id: RequestId, method: string, params: Record<string, unknown>): void {
    if (this.#inFlight.has(id)) {
      // Answering would give the peer two responses for one id; the first request still gets its own.
      this.#warn({ code: 'UNEXPECTED', message: `Dropped ${method}: id ${String(id)} in flight` })
      return
    }
    const handler = this.#requestHandlers.get(method)
    if (!handler) {
      this.#reply(id, undefined, { code: RPC_METHOD_NOT_FOUND, message: `Method not found: ${method}` })
      return
    }
    const controller = new AbortController()
    this.#inFlight.set(id, controller)
    const meta = params._meta
    const token = isObject(meta) && isRequestId(meta.progressToken) ? meta.progressToken : undefined
    const after: Array<() => void> = []
    const context: RequestContext = {
      afterResponse: (action) => void after.push(action),
      id,
      signal: controller.signal,
      progressToken: token,
      sendProgress: (progress) => {
        if (token !== undefined && !controller.signal.aborted) {
          this.#sendQuietly({ jsonrpc: '2.0', method: PROGRESS, params: { progressToken: token, ...progress } })
        }
      },
    }
    const finish = (result: unknown, error?: unknown) => {
      if (this.#inFlight.get(id) !== controller) return
      this.#inFlight.delete(id)
      if (controller.signal.aborted) return
      if (error !== undefined) this.#reply(id, undefined, toRpcError(error))
      else this.#reply(id, isObject(result) ? result : {})
      for (const action of after) {
        try {
          action()
        } catch (actionError) {
          this.#warn({ code: 'LISTENER', message: `afterResponse threw: ${describe(actionError)}` })
        }
      }
    }
    let outcome: unknown
    try {
      outcome = handler(params, context)
    } catch (error) {
      finish(undefined, error ?? new Error('handler threw'))
      return
    }
    if (typeof (outcome as PromiseLike<unknown> | undefined)?.then === 'function') {
      ;(outcome as PromiseLike<unknown>).then(
        (result) => finish(result),
        (error) => finish(undefined, error ?? new Error('handler rejected')),
      )
    } else finish(outcome)
  }

  #reply(id: RequestId, result: Record<string, unknown> | undefined, error?: { code: number; message: string; data?: unknown }): void {
    if (this.#closed) return
    try {
      this.#send(error ? { jsonrpc: '2.0', id, error } : { jsonrpc: '2.0', id, result: result! })
    } catch (sendError) {
      // The result could not be cloned (a function, a DOM node): answer with an error instead.
      this.#sendQuietly({ jsonrpc: '2.0', id, error: { code: RPC_INTERNAL_ERROR, message: `Response failed: ${describe(sendError)}` } })
    }
  }
}

function cancelled(method: string, signal: AbortSignal): BridgeError {
  const reason = signal.reason
  return new BridgeError('CANCELLED', `${method} cancelled${reason === undefined ? '' : `: ${describe(reason)}`}`, { cause: reason })
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
