/**
 * The view side of MCP Apps: what an app running in the sandboxed iframe uses to talk to its host.
 *
 * One `ViewBridge` per app. It performs the handshake, keeps the merged host context, delivers the
 * host's notifications as events (multi-listener; each `on()` returns its unsubscribe), answers the
 * host's requests (teardown, ping, the app's own tools), and sends the app's requests, refusing
 * before sending any request whose capability the host did not advertise (PROTOCOL.md A.6).
 */
import {
  BridgeError,
  DOWNLOAD_FILE,
  HOST_CONTEXT_CHANGED,
  INITIALIZE,
  INITIALIZED,
  LATEST_PROTOCOL_VERSION,
  LOGGING_MESSAGE,
  MESSAGE,
  OPEN_LINK,
  REQUEST_DISPLAY_MODE,
  REQUEST_TEARDOWN,
  RESOURCE_TEARDOWN,
  RESOURCES_LIST,
  RESOURCES_READ,
  SAMPLING_CREATE_MESSAGE,
  SessionCore,
  SIZE_CHANGED,
  TOOL_CANCELLED,
  TOOL_INPUT,
  TOOL_INPUT_PARTIAL,
  TOOL_RESULT,
  TOOLS_CALL,
  UPDATE_MODEL_CONTEXT,
  hostAllows,
  invalid,
  isSupportedVersion,
  mergeHostContext,
  readCallToolResult,
  readDisplayModeResult,
  readHostContext,
  readInitializeResult,
  readTeardownParams,
  readToolCancelled,
  readToolInput,
  type BridgeWarning,
  type CallToolParams,
  type CallToolResult,
  type ContentBlock,
  type CreateMessageParams,
  type CreateMessageResult,
  type Implementation,
  type ListResourcesResult,
  type LoggingLevel,
  type McpUiActionResult,
  type McpUiAppCapabilities,
  type McpUiDisplayMode,
  type McpUiDownloadFileParams,
  type McpUiHostCapabilities,
  type McpUiHostContext,
  type McpUiMessageParams,
  type McpUiResourceTeardownParams,
  type McpUiSizeChangedParams,
  type McpUiToolCancelledParams,
  type McpUiToolInputParams,
  type McpUiUpdateModelContextParams,
  type Note,
  type PaginatedParams,
  type ReadResourceResult,
  type RequestOptions,
} from '../protocol/index.js'
import { describeThrown, toRpcError } from '../protocol/errors.js'
import { cancelled, failure } from '../protocol/session-core.js'
import { createEmitter, report } from '../shared/emitter.js'
import { ParentTransport, type MessageSource, type MessageTarget } from './parent-transport.js'
import { serveAppTools, type AppTools, type AppToolDefinition, type AppToolHandler } from './app-tools.js'
import { startAutoResize } from './auto-resize.js'

/** Default timeout of the handshake, in milliseconds. */
export const HANDSHAKE_TIMEOUT_MS = 10_000

export interface ViewBridgeOptions {
  /** The app's name and version, sent to the host in `ui/initialize`. */
  appInfo: Implementation
  /**
   * What the app offers. List every display mode the app supports in `availableDisplayModes`
   * (the spec requires it); without one the app declares `['inline']` and is treated as
   * inline-only. Registering a tool before `connect()` adds `tools: { listChanged: true }`.
   */
  capabilities?: McpUiAppCapabilities
  /** Report the document's size to the host whenever it changes, from the handshake on (default `true`). */
  autoResize?: boolean
  /** Timeout of each request, in ms (default 30 s); a request's own `timeoutMs` overrides it. */
  timeoutMs?: number
  /** Timeout of the handshake, in ms (default 10 s): `connect()` then rejects with `TIMEOUT`. */
  handshakeTimeoutMs?: number
  /**
   * The host's origin, when the app knows it: only messages from it are read, and messages are
   * posted to it alone. Without it the origin that answers the handshake is pinned instead. A URL
   * counts as its origin (`https://host.example/chat/` is `https://host.example`); anything that
   * is no URL (`host.example`) throws a `TypeError` in the constructor.
   */
  hostOrigin?: string
  /** The window to talk to; `window.parent` by default. */
  target?: MessageTarget
  /** The window to listen on (its document is the one auto-resize measures); `window` by default. */
  self?: MessageSource & { document?: Document; parent?: unknown }
}

/** What `connect()` resolves with. */
export interface ViewConnection {
  hostInfo: Implementation
  hostCapabilities: McpUiHostCapabilities
  /** The context, with any change that raced ahead of the handshake answer merged in. */
  hostContext: McpUiHostContext
  /** The version the host answered (a `warning` is raised when this library does not know it). */
  protocolVersion: string
}

/** Events of a {@link ViewBridge}. Each `on()` returns its unsubscribe. */
export interface ViewBridgeEvents {
  /** The complete tool arguments (once). Kept until the first listener if it arrives earlier. */
  toolinput: (params: McpUiToolInputParams) => void
  /** Arguments still being streamed: may be incomplete; never rely on them for critical work. */
  toolinputpartial: (params: McpUiToolInputParams) => void
  /** The tool's result (once). Kept until the first listener if it arrives earlier. */
  toolresult: (result: CallToolResult) => void
  /** The tool call was cancelled instead of completing (once). Kept like `toolresult`. */
  toolcancelled: (params: McpUiToolCancelledParams) => void
  /**
   * The host context changed: the merged context and the top-level keys that changed. Also
   * emitted by the handshake with the initial context (the context was `{}` before it), so one
   * listener registered before `connect()` sees every state.
   */
  hostcontextchanged: (context: McpUiHostContext, changed: string[]) => void
  /**
   * The host is about to remove the view: save state now. The reply waits for every promise the
   * listeners return; a rejection is answered as a teardown error. Without listeners the reply is `{}`.
   * A listener that closes the bridge is answered for all the same, but the listeners after it are
   * not called (closed, the bridge emits `close` only).
   */
  teardown: (params: McpUiResourceTeardownParams) => unknown
  /** The server's tools, resources or prompts changed (relayed by the host). */
  listchanged: (list: 'tools' | 'resources' | 'prompts') => void
  /** Something was tolerated, dropped or refused. */
  warning: (warning: BridgeWarning) => void
  /**
   * The bridge closed; every pending request has been rejected (with `CLOSED`, the host told to stop
   * working on those it had; those waiting for a handshake that timed out or failed, with its
   * error). No other event follows it.
   */
  close: (reason: string) => void
}

/**
 * The context before the handshake answer (and after a failed handshake): one object, since
 * framework stores compare snapshots by identity (React's `useSyncExternalStore` loops on a new
 * `{}` per read); frozen, since every bridge shares it.
 */
const NO_CONTEXT: McpUiHostContext = Object.freeze({})

/** Notifications the host sends at most once, kept until their first listener. */
type OneShot = 'toolinput' | 'toolresult' | 'toolcancelled'

/**
 * The bridge listening on each window. Two would both read every message from the parent and
 * number their requests from 1 alike, so each would take the other's answers.
 */
const bridges = new WeakMap<object, ViewBridge>()

/**
 * The view's side of one MCP App session. One per window: constructing a `ViewBridge` closes the
 * one already open on the same window (`self`), with the reason "replaced by a new ViewBridge",
 * so that a module re-evaluated by hot module replacement without a dispose hook,
 * or a second bridge made by a library, leaves exactly one bridge talking to the host.
 */
export class ViewBridge {
  readonly #options: ViewBridgeOptions
  readonly #self: NonNullable<ViewBridgeOptions['self']>
  readonly #target: MessageTarget
  readonly #events = createEmitter<ViewBridgeEvents>()
  readonly #transport: ParentTransport
  readonly #session: SessionCore
  readonly #tools: AppTools
  readonly #early = new Map<OneShot, unknown>()
  /** Context changes that raced ahead of the handshake answer, merged; applied after it, not lost. */
  readonly #earlyChanges: McpUiHostContext = {}
  /** The handshake answer, its `hostContext` kept current. */
  #connection: ViewConnection | undefined
  #connecting: Promise<ViewConnection> | undefined
  /**
   * Calls waiting in {@link #ready} not sent yet. While there are any, a new call waits behind
   * them, even one made by code that awaited `connect()` before they were made (its continuation
   * runs first).
   */
  #waiting = 0
  #autoResize: boolean
  #stopResize: (() => void) | undefined
  readonly #note: Note = (message, code = 'VARIANT') => this.#session.warn(code, message)

  constructor(options: ViewBridgeOptions) {
    this.#options = options
    this.#autoResize = options.autoResize !== false
    const self = (this.#self = options.self ?? (globalThis as unknown as Window))
    this.#transport = new ParentTransport({
      // A global without a parent (a worker's) stands for itself: `connect()` refuses both alike.
      target: (this.#target = options.target ?? ((self.parent ?? self) as MessageTarget)),
      self,
      origin: options.hostOrigin,
      onForeignOrigin: (origin) => this.#note(`Dropped origin ${origin}`, 'POLICY'),
    })
    const session = (this.#session = new SessionCore({
      // The bridge's options pass through for `timeoutMs`, the one the session shares with it.
      ...options,
      transport: this.#transport,
      onWarning: (warning) => this.#events.emit('warning', warning),
    }))
    this.#tools = serveAppTools(session, this.#note, (method, params) => this.#notification(method, params))
    // A reader that throws is reported by the session as a MALFORMED warning: a notification has no answer.
    // Each reader names the method in what it reports (the session passes it to the handler).
    const oneShot = (event: OneShot, method: string, read: (params: Record<string, unknown>, note: Note, method: string) => unknown) =>
      session.on(method, (params) => this.#deliver(event, read(params, this.#note, method)))
    oneShot('toolinput', TOOL_INPUT, readToolInput)
    oneShot('toolresult', TOOL_RESULT, readCallToolResult)
    oneShot('toolcancelled', TOOL_CANCELLED, readToolCancelled)
    session.on(TOOL_INPUT_PARTIAL, (params, method) => this.#events.emit('toolinputpartial', readToolInput(params, this.#note, method)))
    session.on(HOST_CONTEXT_CHANGED, (params, method) => this.#changeContext(readHostContext(params, this.#note, method)))
    for (const list of ['tools', 'resources', 'prompts'] as const) session.on(`notifications/${list}/list_changed`, () => this.#events.emit('listchanged', list))
    session.handle(RESOURCE_TEARDOWN, async (params, context) => {
      const read = readTeardownParams(params)
      // Async, so that what a listener throws becomes a rejection like any other.
      const outcomes = await Promise.allSettled(this.#events.listeners('teardown').map(async (listener) => listener(read)))
      // Only a rejected outcome has a `reason` (a fulfilled one has `value`).
      const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => 'reason' in outcome)
      const error = failed && new BridgeError('DENIED', `Teardown error: ${describeThrown(failed.reason)}`)
      // A listener that closed the bridge (save, then close) ended the session, which answers
      // nothing now; the host still waits for this answer (a failed save included), its whole
      // teardown timeout without it. Only now, once every listener settled: another may still be saving.
      if ((context.signal.reason as BridgeError | undefined)?.code === 'CLOSED') this.#transport.send({ jsonrpc: '2.0', id: context.id, ...(error ? { error: toRpcError(error) } : { result: {} }) })
      if (error) throw error
      // Only once torn down: after a failed teardown the host keeps the view, which must still fit its content.
      this.stopAutoResize()
      // Answered `{}`: the session answers a handler's non-object result that way.
    })
    // Only where it listens (server-side rendering's bridges hear nothing, and must not close each
    // other). Registered before the old one closes, so that a bridge made by its `close` listener wins.
    if (self.addEventListener) {
      const old = bridges.get(self)
      bridges.set(self, this)
      old?.close('replaced by a new ViewBridge')
    }
  }

  /**
   * Subscribes to an event; returns the function that unsubscribes. A one-shot notification
   * (`toolinput`, `toolresult`, `toolcancelled`) that arrived before any listener is delivered
   * to the first one, in a microtask (so the caller holds its unsubscribe first). Once closed, the
   * bridge emits `close` only.
   */
  on<K extends keyof ViewBridgeEvents>(event: K, listener: ViewBridgeEvents[K]): () => void {
    const value = this.#early.get(event as OneShot)
    // Queued before the listener is added: the microtask runs after both, once `on` returned
    // (and calls no listener once closed: see below).
    if (this.#early.delete(event as OneShot)) queueMicrotask(() => this.#deliver(event as OneShot, value))
    // Checked per call: closing lets every listener go at once, as the emitter skips one removed by
    // an earlier listener. A listener may close the bridge while a message is read (its warning, its
    // event): the message's later events, and the later listeners of the same event, are not called.
    return this.#events.on(event, event == 'close' ? listener : (((...args: never[]) => this.#session.closed || (listener as (...args: never[]) => unknown)(...args)) as ViewBridgeEvents[K]))
  }

  /**
   * Performs the handshake: `ui/initialize`, then `ui/notifications/initialized`, then starts
   * auto-resize. Resolves with what the host said. Rejects with `TIMEOUT` when the host does not
   * answer in time, or with the host's error; with `NOT_SUPPORTED`, sending nothing, where there is
   * no window (server-side rendering: constructing the bridge there is safe) or no parent frame (a
   * top-level page, a worker).
   * The bridge is then closed. Calling it again returns the same promise.
   */
  connect(): Promise<ViewConnection> {
    return (this.#connecting ??= this.#handshake())
  }

  async #handshake(): Promise<ViewConnection> {
    const { appInfo, capabilities = {}, handshakeTimeoutMs = HANDSHAKE_TIMEOUT_MS } = this.#options
    try {
      // Nobody to talk to: no window (server-side rendering runs the app's modules in Node), or no
      // parent frame (a top-level page, a worker).
      if (!this.#self.addEventListener || this.#target === (this.#self as unknown)) throw new BridgeError('NOT_SUPPORTED', "No parent frame: run in a host's iframe")
      const { protocolVersion, hostContext, hostInfo, hostCapabilities } = readInitializeResult(
        await this.#session.request(
          INITIALIZE,
          // The spec has the view declare its display modes: inline, unless the app says more.
          { appInfo, appCapabilities: this.#tools.declare({ availableDisplayModes: ['inline'], ...capabilities }), protocolVersion: LATEST_PROTOCOL_VERSION },
          { timeoutMs: handshakeTimeoutMs },
        ),
        this.#note,
      )
      this.#transport.pin()
      if (!isSupportedVersion(protocolVersion)) this.#note(`Unknown version ${protocolVersion}`, 'VERSION')
      this.#connection = { hostInfo, hostCapabilities, hostContext: {}, protocolVersion }
      this.#session.notify(INITIALIZED, {})
      // Early changes replace top-level keys; one they withdrew (`undefined`) is no change from `{}`.
      this.#changeContext({ ...hostContext, ...this.#earlyChanges })
      if (this.#autoResize) this.startAutoResize()
      // A copy: later context changes replace the bridge's context, not the caller's.
      return { ...this.#connection }
    } catch (error) {
      this.close(`${INITIALIZE} failed: ${(error as Error).message}`)
      throw error
    }
  }

  /**
   * The host's context with every change merged in: a new object on each change, the same one
   * between changes; before the handshake answer, one frozen `{}`.
   */
  get hostContext(): McpUiHostContext {
    return this.#connection?.hostContext ?? NO_CONTEXT
  }

  /** What the host advertised; `undefined` before the handshake. */
  get hostCapabilities(): McpUiHostCapabilities | undefined {
    return this.#connection?.hostCapabilities
  }

  /** The host's name and version; `undefined` before the handshake. */
  get hostInfo(): Implementation | undefined {
    return this.#connection?.hostInfo
  }

  /** The protocol version the host answered; `undefined` before the handshake. */
  get protocolVersion(): string | undefined {
    return this.#connection?.protocolVersion
  }

  /**
   * Adds a user message to the conversation (normally starts a model turn). A string becomes one
   * text block. Needs the host's `message` capability; a refusal rejects with `DENIED`.
   */
  sendMessage(message: string | ContentBlock[] | Omit<McpUiMessageParams, 'role'>, options?: RequestOptions): Promise<McpUiActionResult> {
    return this.#action(
      MESSAGE,
      { ...(typeof message === 'string' ? { content: [{ type: 'text', text: message }] } : Array.isArray(message) ? { content: message } : message), role: 'user' },
      options,
    )
  }

  /**
   * Replaces the context the model sees in future turns; does not start a turn. Needs the host's
   * `updateModelContext` capability.
   */
  async updateModelContext(params: McpUiUpdateModelContextParams, options?: RequestOptions): Promise<void> {
    await this.#request(UPDATE_MODEL_CONTEXT, params, options)
  }

  /**
   * Calls a tool of the app's own MCP server, through the host (`serverTools` capability). A
   * tool-level failure resolves with `isError: true`; `onprogress` in the options receives progress.
   */
  async callServerTool(params: CallToolParams, options?: RequestOptions): Promise<CallToolResult> {
    if (typeof params?.name !== 'string') invalid('tools/call params', 'name', 'a string')
    return readCallToolResult(await this.#request(TOOLS_CALL, params, options), this.#note)
  }

  /** Reads a resource of the app's server, through the host (`serverResources` capability). */
  readServerResource(params: { uri: string }, options?: RequestOptions): Promise<ReadResourceResult> {
    return this.#request(RESOURCES_READ, params, options) as Promise<ReadResourceResult>
  }

  /** Lists the resources of the app's server, through the host (`serverResources` capability). */
  listServerResources(params: PaginatedParams = {}, options?: RequestOptions): Promise<ListResourcesResult> {
    return this.#request(RESOURCES_LIST, params, options) as Promise<ListResourcesResult>
  }

  /** Asks the host to open a URL (`openLinks` capability); rejects with `DENIED` when it refuses. */
  openLink(url: string, options?: RequestOptions): Promise<McpUiActionResult> {
    return this.#action(OPEN_LINK, { url }, options)
  }

  /** Asks the host to download files for the user (`downloadFile` capability): sandboxed frames cannot. */
  downloadFile(params: McpUiDownloadFileParams, options?: RequestOptions): Promise<McpUiActionResult> {
    return this.#action(DOWNLOAD_FILE, params, options)
  }

  /**
   * Asks for another display mode and resolves with the mode in effect afterwards, which may
   * differ. Refused before sending unless both the host (`hostContext.availableDisplayModes`) and
   * the app (`capabilities.availableDisplayModes`, `["inline"]` without it) list the mode.
   */
  requestDisplayMode(mode: McpUiDisplayMode, options?: RequestOptions): Promise<McpUiDisplayMode> {
    // Checked and sent from `#ready` even when connected, so that it keeps its place among the
    // calls the app makes (it needs no capability, and the session refuses it after close).
    return this.#ready(REQUEST_DISPLAY_MODE, async () => {
      if (!this.hostContext.availableDisplayModes?.includes(mode) || !(this.#options.capabilities?.availableDisplayModes ?? ['inline']).includes(mode)) {
        throw failure('NOT_SUPPORTED', REQUEST_DISPLAY_MODE, `${mode} unavailable`)
      }
      return readDisplayModeResult(await this.#session.request(REQUEST_DISPLAY_MODE, { mode }, options)).mode
    }, options)
  }

  /**
   * Asks the host's model for a completion (`sampling` capability, ext-apps 2.0.4); with `tools` or
   * `toolChoice`, only when the host's `sampling` lists `tools`.
   */
  createSamplingMessage(params: CreateMessageParams, options?: RequestOptions): Promise<CreateMessageResult> {
    return this.#request(SAMPLING_CREATE_MESSAGE, params, options) as Promise<CreateMessageResult>
  }

  /**
   * Sends a log entry to the host. Returns false, sending nothing, without the `logging` capability
   * (and before the handshake, after close). Throws `INVALID_PARAMS` when `postMessage` cannot copy
   * `data` (a function, a DOM node or event, a framework's reactive proxy): pass plain data.
   * Keeps call order like every notification (see {@link requestTeardown}); a queued log whose
   * `data` cannot be copied is reported as an uncaught error (`reportError`) instead.
   */
  sendLog(level: LoggingLevel, data: unknown, logger?: string): boolean {
    return this.#notification(LOGGING_MESSAGE, { level, data, ...(logger !== undefined && { logger }) })
  }

  /**
   * Reports the content size. Auto-resize calls this; call it yourself when it is off. Returns
   * false, sending nothing, before the handshake and after close. Keeps call order like
   * {@link requestTeardown}.
   */
  sendSizeChanged(size: McpUiSizeChangedParams): boolean {
    return this.#notification(SIZE_CHANGED, size)
  }

  /**
   * Asks the host to tear the view down; if it agrees, the `teardown` event follows. Returns false,
   * sending nothing, before the handshake and after close; true once sent, or once queued behind
   * calls made before it that still wait (for the handshake, or a `requestDisplayMode`'s check):
   * the host gets the app's calls in the order it made them, so a `sendMessage` made first arrives
   * first. A queued notification goes out right after them, unless the bridge closes first.
   */
  requestTeardown(): boolean {
    return this.#notification(REQUEST_TEARDOWN, {})
  }

  /**
   * Starts auto-resize (see `auto-resize.ts`), or keeps the running one: there is never more than
   * one observer. Before the handshake it only records the wish. Stops by itself on close and on
   * a teardown answered `{}` (not on a failed one: the host keeps the view). Returns
   * {@link stopAutoResize}.
   */
  startAutoResize(): () => void {
    this.#autoResize = true
    if (this.#connection && !this.#session.closed && this.#self.document) this.#stopResize ??= startAutoResize((size) => this.sendSizeChanged(size), this.#self.document)
    return () => this.stopAutoResize()
  }

  /** Stops auto-resize (and keeps a later handshake from starting it). */
  stopAutoResize(): void {
    this.#autoResize = false
    this.#stopResize?.()
    this.#stopResize = undefined
  }

  /**
   * Offers a tool to the host (app-provided tools) and returns the function that removes it.
   * Tools registered before `connect()` declare the `tools` capability; later changes are
   * announced with `notifications/tools/list_changed`. Once `connect()` was called (its
   * `ui/initialize` has gone out, whether or not answered), registering needs `capabilities.tools`
   * and otherwise throws `NOT_SUPPORTED`, since the host was told whether the app has tools.
   */
  registerTool(name: string, definition: AppToolDefinition, handler: AppToolHandler): () => void {
    return this.#tools.register(name, definition, handler)
  }

  /**
   * Stops everything: auto-resize, listening, events but `close`, pending requests (rejected with
   * `CLOSED`; the host is sent `notifications/cancelled` for each it had). Idempotent.
   */
  close(reason = 'closed'): void {
    if (this.#session.closed) return
    this.stopAutoResize()
    this.#session.close(reason)
    this.#events.emit('close', reason)
  }

  #deliver(event: OneShot, value: unknown): void {
    if (this.#events.listeners(event).length) (this.#events.emit as (event: OneShot, value: unknown) => void)(event, value)
    else this.#early.set(event, value)
  }

  #changeContext(change: McpUiHostContext): void {
    if (!this.#connection) {
      // Before the handshake answer. Top-level replace, so later changes simply overwrite earlier ones (`undefined` included).
      Object.assign(this.#earlyChanges, change)
      return
    }
    const { context, changed } = mergeHostContext(this.hostContext, change)
    if (!changed.length) return
    this.#connection!.hostContext = context
    this.#events.emit('hostcontextchanged', context, changed)
  }

  /**
   * Waits for the handshake, for a call made before its answer, then runs `then`. `then` is attached
   * to the very promise `connect()` returned, so that calls waiting on it go out in the order they
   * were made, before any made once it resolved (counted in `#waiting` until sent: see `#request`).
   * The `signal` of `options` rejects the wait at once with `CANCELLED`
   * (the session then refuses to send the request when the handshake settles).
   */
  #ready<T>(method: string, then: () => T | Promise<T>, { signal }: RequestOptions = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.#session.closed) throw failure('CLOSED', method, 'closed')
      if (!this.#connecting) throw failure('PROTOCOL', method, 'connect() first')
      this.#waiting++
      const abort = () => reject(cancelled(method, signal!.reason))
      signal?.aborted ? abort() : signal?.addEventListener('abort', abort)
      this.#connecting
        .then(() => (this.#waiting--, then()))
        .then(resolve, reject)
        .finally(() => signal?.removeEventListener('abort', abort))
    })
  }

  /**
   * Sends a request once the handshake is done, refused before sending when the host did not
   * advertise it (PROTOCOL.md A.6). A connected call gets the session's own promise, with no async
   * wrapper around it: this is every call's path, and each wrapper costs the call microtasks.
   * Before the handshake answer, after close, or refused, it waits for {@link #ready} first; so
   * does any call made while calls are still waiting there, so that it goes out after them (a
   * later `updateModelContext` must not be overwritten by an earlier one).
   */
  #request(method: string, params: object, options?: RequestOptions): Promise<Record<string, unknown>> {
    const send = () => {
      if (!hostAllows(this.hostCapabilities, method, params)) throw failure('NOT_SUPPORTED', method, 'not advertised')
      return this.#session.request(method, params as Record<string, unknown>, options)
    }
    return this.#allows(method, params) && !this.#waiting ? send() : this.#ready(method, send, options)
  }

  /** A request whose refusal may come back as `isError: true` (SDK form) or as an error (spec form). */
  async #action(method: string, params: object, options?: RequestOptions): Promise<McpUiActionResult> {
    const result = await this.#request(method, params, options)
    if (result.isError === true) throw new BridgeError('DENIED', `${method}: refused`, { data: result })
    return result
  }

  /** Connected, open, and `method` advertised by the host (PROTOCOL.md A.6). */
  #allows(method: string, params?: object): unknown {
    return this.#connection && !this.#session.closed && hostAllows(this.hostCapabilities, method, params)
  }

  /**
   * Sends a notification, or queues it behind the calls still waiting in {@link #ready}, so that
   * it cannot overtake them (see `requestTeardown`). A queued one is dropped if the bridge closes
   * first; its copy failure is reported as an uncaught error, its caller having returned.
   */
  #notification(method: string, params: Record<string, unknown>): boolean {
    const send = () => this.#session.closed || this.#session.notify(method, params)
    return !!this.#allows(method) && (this.#waiting ? this.#ready(method, send).catch(report) : send(), true)
  }
}
