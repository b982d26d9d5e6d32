/**
 * The JSON-RPC 2.0 session engine both bridges stand on: ids, response correlation, timeouts,
 * cancellation, progress, handler registry, and the checks every incoming message passes.
 *
 * It owns no policy. A bridge registers one handler per method and decides there what is allowed;
 * the session only guarantees that every request it sends settles exactly once (result, error,
 * timeout, cancellation or close) and that every well-formed request it receives is answered
 * exactly once, unless the peer cancelled it (MCP says not to answer a cancelled request).
 *
 * This is the engine alone, what a view needs. {@link Session} (`session.ts`) adds what a host
 * needs on top: inspection of each incoming message against limits, and a trace of the traffic.
 */
import { BridgeError, describeThrown, fromRpcError, toRpcError, RPC_INTERNAL_ERROR, type RpcErrorObject } from './errors.js'
import { isObject, isRequestId, route, type JsonRpcMessage, type Routes } from './jsonrpc.js'
import { CANCELLED, PING, PROGRESS } from './methods.js'
import type { RequestId } from './mcp-types.js'
import type { BridgeWarning, BridgeWarningCode, Transport } from './transport.js'

/** Default timeout of a request, in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 30_000
/**
 * The longest delay a timer can wait, in ms (2^31 − 1, about 24.8 days): `setTimeout` fires at
 * once for anything longer. Timeouts above it are capped to it, so `Infinity` means "no timeout".
 */
export const MAX_TIMER_DELAY = 2 ** 31 - 1

/**
 * A caller's timeout as a timer (or the MCP SDK, whose timers work the same) can take it: the
 * default without one, at most {@link MAX_TIMER_DELAY}. Shared with the host; no public API.
 */
export const timerDelay = (timeoutMs: number | undefined): number => Math.min(timeoutMs ?? DEFAULT_TIMEOUT_MS, MAX_TIMER_DELAY)

export interface SessionCoreOptions {
  transport: Transport
  /** Default request timeout in ms (30 s without it). */
  timeoutMs?: number
  /** Receives everything the session tolerated or dropped. Without it, warnings are discarded. */
  onWarning?: (warning: BridgeWarning) => void
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

/** A request's handler; `method` lets one function serve several methods. */
export type RequestHandler = (params: Record<string, unknown>, context: RequestContext, method: string) => unknown
/** A notification's handler; `method` lets one function serve several methods. */
export type NotificationHandler = (params: Record<string, unknown>, method: string) => void

interface Pending {
  /**
   * Settles the call with the peer's result, or rejects it with the error; with a `cancel`
   * reason, also tells the peer to stop working on it (a timeout, an abort).
   */
  settle(outcome: Record<string, unknown> | BridgeError, cancel?: string): void
  method: string
  onprogress: RequestOptions['onprogress']
  /** The request times out at this `performance.now()` time; progress moves it `timeoutMs` on. */
  deadline: number
  timeoutMs: number
}

type Handlers<H> = Map<string, H>

/**
 * The next request id, shared by every session of this realm: a view bridge that follows another
 * in the same window (hot module replacement, a remount) must not reuse an id the host may still
 * answer for the old one.
 */
let nextId = 1

/** Numbers requests from 1 again (for tests that expect a fresh realm's ids); no public API. */
export const resetRequestIds = (): void => void (nextId = 1)

export class SessionCore {
  /** Read where used: the transport, each request's default timeout, the warning hook. */
  readonly #options: SessionCoreOptions
  readonly #requestHandlers: Handlers<RequestHandler> = new Map()
  readonly #notificationHandlers: Handlers<NotificationHandler> = new Map()
  readonly #pending = new Map<RequestId, Pending>()
  /** Incoming requests being handled, by id, so the peer can cancel them. */
  readonly #inFlight = new Map<RequestId, AbortController>()
  readonly #unlisten: () => void
  /**
   * Where each incoming message goes (see `route`), built once. A request is served here, its
   * route's body (a method beside it would only be called from this one place).
   */
  readonly #routes: Routes<void> = {
    request: (id, method, params) => {
      if (this.#duplicate(id, method)) return
      // `ping` has a built-in answer for as long as no handler of its own is registered. Any other
      // method without a handler is refused as a handler refuses it (`NOT_SUPPORTED`: -32601).
      const handler =
        this.#requestHandlers.get(method) ??
        (method === PING
          ? () => ({})
          : () => {
              throw new BridgeError('NOT_SUPPORTED', `Method not found: ${method}`)
            })
      const controller = new AbortController()
      const { signal } = controller
      this.#inFlight.set(id, controller)
      const progressToken = isObject(params._meta) && isRequestId(params._meta.progressToken) ? params._meta.progressToken : undefined
      const after: Array<() => void> = []
      const finish = (result: unknown, failed?: boolean) => {
        // Answered once; not at all once dropped by `forgetPeer()` (or `close()`).
        if (this.#inFlight.get(id) !== controller) return
        this.#inFlight.delete(id)
        if (signal.aborted) return
        this.#reply(id, failed ? { error: toRpcError(result) } : { result: isObject(result) ? result : {} })
        for (const action of after) this.#try(action, 'LISTENER', 'afterResponse')
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
        }, method)
        if (typeof (outcome as PromiseLike<unknown> | undefined)?.then === 'function') {
          ;(outcome as PromiseLike<unknown>).then(finish, (error) => finish(error, true))
        } else finish(outcome)
      } catch (error) {
        finish(error, true)
      }
    },
    notification: (method, params) => this.#notification(method, params),
    result: (id, result, data) => this.#answer(id, result, data),
    error: (id, error, data) => this.#answer(id, fromRpcError(error), data),
    invalid: (reason, data, id, reply) => this.refuse('MALFORMED', reason, data, id, reply),
    foreign: () => {},
  }
  #closed = false
  /**
   * One timer for every pending request, armed for the earliest deadline: a timer per request
   * costs a setTimeout and a clearTimeout per call, the larger part of a call's CPU time.
   */
  #timer: ReturnType<typeof setTimeout> | undefined
  #wakeAt = Infinity
  /**
   * `performance`, looked up once: in a browser, reading the global is a call into the DOM
   * bindings each time, and in the view's frame it cost more per request than `now()` itself.
   */
  readonly #clock = performance

  constructor(options: SessionCoreOptions) {
    this.#options = options
    this.#unlisten = options.transport.listen((data) => {
      // Last line of defence: nothing thrown by a handler or a check escapes the listener.
      if (!this.#closed) this.#try(() => this.receive(data), 'MALFORMED', 'Handling', data)
    })
  }

  /** True once {@link close} ran; every later request rejects with `CLOSED`. */
  get closed(): boolean {
    return this.#closed
  }

  /**
   * Registers the handler of one request method and returns the function that removes it.
   * A second handler for the same method is a programming error and throws: handlers never
   * silently replace each other. `ping` is answered `{}` until a handler of its own is
   * registered, and again once that handler is removed.
   */
  handle(method: string, handler: RequestHandler): () => void {
    return register(this.#requestHandlers, method, handler)
  }

  /** Registers the handler of one notification method; same rules as {@link handle}. */
  on(method: string, handler: NotificationHandler): () => void {
    return register(this.#notificationHandlers, method, handler)
  }

  /** Sends a request and resolves with the peer's result object. */
  request(method: string, params: Record<string, unknown> = {}, { signal, timeoutMs = this.#options.timeoutMs ?? DEFAULT_TIMEOUT_MS, onprogress }: RequestOptions = {}): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      if (this.#closed) throw failure('CLOSED', method, 'closed')
      if (signal?.aborted) throw cancelled(method, signal.reason)
      const id = nextId++
      const onAbort = () => pending.settle(cancelled(method, signal!.reason), describeThrown(signal!.reason ?? 'aborted'))
      const pending = {
        method,
        onprogress,
        timeoutMs,
        settle: (outcome, cancel) => {
          signal?.removeEventListener('abort', onAbort)
          this.#pending.delete(id)
          if (cancel !== undefined) this.#sendQuietly({ jsonrpc: '2.0', method: CANCELLED, params: { requestId: id, reason: cancel } })
          ;(outcome instanceof BridgeError ? reject : resolve)(outcome as Record<string, unknown>)
        },
      } as Pending // its deadline is set right below
      this.#pending.set(id, pending)
      this.#restart(pending)
      // No `once`: a signal aborts only once, and settling removes the listener anyway.
      signal?.addEventListener('abort', onAbort)
      try {
        // The params object is sent as given: no copy per call unless progress needs a token.
        this.send({ jsonrpc: '2.0', id, method, params: onprogress ? { ...params, _meta: { ...(params._meta as object), progressToken: id } } : params })
      } catch (error) {
        pending.settle(failure('INVALID_PARAMS', method, describeThrown(error), error))
      }
    })
  }

  /** Sends a notification. Throws `CLOSED` after close, `INVALID_PARAMS` if it cannot be cloned. */
  notify(method: string, params?: Record<string, unknown>): void {
    if (this.#closed) throw failure('CLOSED', method, 'closed')
    try {
      this.send({ jsonrpc: '2.0', method, ...(params && { params }) })
    } catch (error) {
      throw failure('INVALID_PARAMS', method, describeThrown(error), error)
    }
  }

  /**
   * Rejects every pending request with `CLOSED` and tells the peer to stop working on it
   * (`notifications/cancelled`, with `reason`), stops listening, and aborts every request the peer
   * is waiting on (their answers are not sent). Idempotent.
   */
  close(reason = 'closed'): void {
    if (this.#closed) return
    // Cancelled while this side still sends: the peer may be working for a caller that is gone
    // (a host running a server tool call for a view that closed) and would answer nobody.
    this.#pending.forEach((pending) => pending.settle(new BridgeError('CLOSED', reason), reason))
    this.#closed = true
    this.#unlisten()
    clearTimeout(this.#timer)
    this.forgetPeer(reason)
  }

  /**
   * Rejects every request this side is waiting on with `CLOSED` (`reason`), and aborts every
   * request the peer is waiting on (their signals' reason: the same) without answering it: for a
   * peer replaced by a new one (a view re-created in its frame), which will never answer the old
   * one's requests and whose own requests reuse the old one's ids. The request being served is in
   * flight too: call this from its handler through `afterResponse`.
   */
  forgetPeer(reason: string): void {
    this.#pending.forEach((pending) => pending.settle(new BridgeError('CLOSED', reason)))
    this.#inFlight.forEach((controller) => controller.abort(new BridgeError('CLOSED', reason)))
    this.#inFlight.clear()
  }

  /** Number of requests this side is waiting on (for tests and invariants). */
  get pendingCount(): number {
    return this.#pending.size
  }

  /**
   * Reports something tolerated or dropped through `onWarning` (the bridges report their own
   * findings here too); a throwing hook never breaks message handling.
   */
  warn(code: BridgeWarningCode, message: string, data?: unknown): void {
    try {
      this.#options.onWarning?.({ code, message, ...(data !== undefined && { data }) })
    } catch {
      // A throwing warning hook must not break message handling.
    }
  }

  /** Hands one message to the transport; may throw (a value structured clone cannot copy). */
  protected send(message: JsonRpcMessage): void {
    this.#options.transport.send(message)
  }

  /** Acts on one incoming value; a subclass may look at it first. */
  protected receive(data: unknown): void {
    route(data, this.#routes)
  }

  /**
   * Refuses an incoming message, reported under `code` as {@link warn} reports (its arguments
   * first, in its order): a request whose `id` is usable is
   * answered with the `reply` error code; a response with a usable `id` rejects that request with
   * `PROTOCOL`.
   */
  protected refuse(code: BridgeWarningCode, reason: string, data?: unknown, id?: RequestId, reply?: number): void {
    this.warn(code, reason, data)
    if (id === undefined) return
    if (reply) {
      if (!this.#duplicate(id, 'dropped')) this.#reply(id, { error: { code: reply, message: reason } })
    } else this.#pending.get(id)?.settle(new BridgeError('PROTOCOL', reason))
  }

  #answer(id: RequestId, outcome: Record<string, unknown> | BridgeError, data: unknown): void {
    const pending = this.#pending.get(id)
    if (pending) pending.settle(outcome)
    else this.warn('UNEXPECTED', `response: unknown id ${id}`, data)
  }

  /** Gives `pending` its full time again, from now. */
  #restart(pending: Pending): void {
    this.#wake((pending.deadline = this.#clock.now() + pending.timeoutMs))
  }

  /**
   * Makes sure the timer fires by `deadline`. When it fires, it times out every request whose
   * deadline passed and re-arms for the others. An answered request leaves the timer as it was:
   * it then fires once for nothing, which costs less than re-arming on every answer.
   */
  #wake(deadline: number): void {
    if (deadline >= this.#wakeAt) return
    clearTimeout(this.#timer)
    this.#wakeAt = deadline
    this.#timer = setTimeout(
      () => {
        this.#wakeAt = Infinity
        this.#pending.forEach((pending) => {
          if (pending.deadline > this.#clock.now()) this.#wake(pending.deadline)
          else pending.settle(failure('TIMEOUT', pending.method, 'timed out'), 'timeout')
        })
      },
      // Above its maximum setTimeout would fire at once; the timer re-arms when it fires early.
      Math.min(deadline - this.#clock.now(), MAX_TIMER_DELAY),
    )
  }

  /** Sends something whose loss the caller cannot act on (a cancellation, an error answer). */
  #sendQuietly(message: JsonRpcMessage): void {
    if (!this.#closed) this.#try(() => this.send(message), 'UNEXPECTED', 'Send', message)
  }

  /** Runs `action`, reporting what it throws under `code`. */
  #try(action: () => void, code: BridgeWarningCode, what: string, data?: unknown): void {
    try {
      action()
    } catch (error) {
      this.warn(code, `${what} failed: ${describeThrown(error)}`, data)
    }
  }

  #notification(method: string, params: Record<string, unknown>): void {
    const { requestId, progressToken, progress, total, message } = params
    // Looking up a value of any type is safe: only usable ids are ever keys of these maps.
    if (method === CANCELLED) {
      this.#inFlight.get(requestId as RequestId)?.abort(new BridgeError('CANCELLED', describeThrown(params.reason ?? 'cancelled by peer')))
      return
    }
    // Only a request sent with a token (one that asked for progress) may be kept alive by it:
    // otherwise a peer could hold any request, a teardown included, past its timeout.
    const pending = this.#pending.get(progressToken as RequestId)
    const onprogress = pending?.onprogress
    if (method === PROGRESS && onprogress && typeof progress === 'number') {
      this.#restart(pending!)
      this.#try(() => onprogress({ progress, ...(typeof total === 'number' && { total }), ...(typeof message === 'string' && { message }) }), 'LISTENER', 'onprogress')
      return
    }
    const handler = this.#notificationHandlers.get(method)
    if (handler) handler(params, method)
    else this.warn('UNEXPECTED', `${method}: ignored`)
  }

  /**
   * True (and reported) when a request reuses the id of one still in flight, well-formed or not:
   * answering it would give the peer two responses for one id; the first still gets its own.
   */
  #duplicate(id: RequestId, what: string): boolean {
    if (!this.#inFlight.has(id)) return false
    this.warn('UNEXPECTED', `${what}: id ${id} in flight`)
    return true
  }

  /** Answers a request with its `result` or its `error`. */
  #reply(id: RequestId, answer: { result: Record<string, unknown> } | { error: RpcErrorObject }): void {
    if (this.#closed) return
    try {
      this.send({ jsonrpc: '2.0', id, ...answer })
    } catch (error) {
      // The result could not be cloned (a function, a DOM node): answer with an error instead, and
      // tell this side, whose handler (or options) made an answer that cannot be sent.
      const message = `Response failed: ${describeThrown(error)}`
      this.warn('UNEXPECTED', `${message} (id ${id})`)
      this.#sendQuietly({ jsonrpc: '2.0', id, error: { code: RPC_INTERNAL_ERROR, message } })
    }
  }
}

function register<H>(handlers: Handlers<H>, method: string, handler: H): () => void {
  if (handlers.has(method)) throw new BridgeError('PROTOCOL', `${method}: handler exists`)
  handlers.set(method, handler)
  return () => {
    if (handlers.get(method) === handler) handlers.delete(method)
  }
}

/**
 * A `BridgeError` naming the method first, as every error of this library does. Exported for the
 * view bridge; the protocol entry leaves it out (no public API).
 */
export const failure = (code: BridgeError['code'], method: string, detail: string, cause?: unknown) =>
  new BridgeError(code, `${method}: ${detail}`, { cause })

/** The `CANCELLED` error of a request aborted through its signal. Exported for the view bridge, like {@link failure}. */
export function cancelled(method: string, reason: unknown): BridgeError {
  return failure('CANCELLED', method, `cancelled${reason === undefined ? '' : ` (${describeThrown(reason)})`}`, reason)
}

