/**
 * The view side of MCP Apps: what an app running in the sandboxed iframe uses to talk to its host.
 *
 * One `ViewBridge` per app. It performs the handshake, keeps the merged host context, delivers the
 * host's notifications as events (multi-listener; each `on()` returns its unsubscribe), answers the
 * host's requests (teardown, ping, the app's own tools), and sends the app's requests, refusing
 * before sending any request whose capability the host did not advertise.
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
  PROMPTS_LIST_CHANGED,
  REQUEST_DISPLAY_MODE,
  REQUEST_TEARDOWN,
  RESOURCE_TEARDOWN,
  RESOURCES_LIST,
  RESOURCES_LIST_CHANGED,
  RESOURCES_READ,
  SAMPLING_CREATE_MESSAGE,
  Session,
  SIZE_CHANGED,
  TOOL_CANCELLED,
  TOOL_INPUT,
  TOOL_INPUT_PARTIAL,
  TOOL_RESULT,
  TOOLS_CALL,
  TOOLS_LIST,
  TOOLS_LIST_CHANGED,
  UPDATE_MODEL_CONTEXT,
  hostAllows,
  isSupportedVersion,
  mergeHostContext,
  readCallToolParams,
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
  type MessageLimits,
  type Note,
  type PaginatedParams,
  type ReadResourceResult,
  type RequestOptions,
  type Tool,
} from '../protocol/index.js'
import { createEmitter } from '../shared/emitter.js'
import { ParentTransport, type MessageSource, type MessageTarget } from './parent-transport.js'
import { AppTools, type AppToolDefinition, type AppToolHandler } from './app-tools.js'
import { startAutoResize } from './auto-resize.js'

/** Default timeout of the handshake, in milliseconds. */
export const HANDSHAKE_TIMEOUT_MS = 10_000

export interface ViewBridgeOptions {
  /** The app's name and version, sent to the host in `ui/initialize`. */
  appInfo: Implementation
  /**
   * What the app offers. List every display mode the app supports in `availableDisplayModes`
   * (the spec requires it); without one the app is treated as inline-only. Registering a tool
   * before `connect()` adds `tools: { listChanged: true }`.
   */
  capabilities?: McpUiAppCapabilities
  /** Report the document's size to the host whenever it changes (default `true`). */
  autoResize?: boolean
  /** Timeout of each request, in ms (default 30 s). */
  timeoutMs?: number
  /** Timeout of the handshake, in ms (default 10 s). */
  handshakeTimeoutMs?: number
  /**
   * The host's origin, when the app knows it. Without it the origin that answers the handshake is
   * pinned, and messages from any other origin are dropped from then on.
   */
  hostOrigin?: string
  /** The window to talk to; `window.parent` by default. */
  target?: MessageTarget
  /** The window to listen on; `window` by default. */
  self?: MessageSource & MessageTarget
  /** Size and depth limits of incoming messages. */
  limits?: Partial<MessageLimits>
}

/** What `connect()` resolves with. */
export interface ViewConnection {
  hostInfo: Implementation
  hostCapabilities: McpUiHostCapabilities
  hostContext: McpUiHostContext
  protocolVersion: string
}

/** Events of a {@link ViewBridge}. Each `on()` returns its unsubscribe. */
export interface ViewBridgeEvents {
  /** The complete tool arguments (once). Delivered to the first listener even if it came earlier. */
  toolinput: (params: McpUiToolInputParams) => void
  /** Arguments still being streamed: may be incomplete; never rely on them for critical work. */
  toolinputpartial: (params: McpUiToolInputParams) => void
  /** The tool's result (once). Delivered to the first listener even if it came earlier. */
  toolresult: (result: CallToolResult) => void
  /** The tool call was cancelled instead of completing. Delivered like `toolresult`. */
  toolcancelled: (params: McpUiToolCancelledParams) => void
  /** The host context changed: the merged context and the top-level keys that changed. */
  hostcontextchanged: (context: McpUiHostContext, changed: string[]) => void
  /** The host is about to remove the view. The reply waits for every returned promise. */
  teardown: (params: McpUiResourceTeardownParams) => unknown
  /** The server's tools, resources or prompts list changed (relayed by the host). */
  listchanged: (list: 'tools' | 'resources' | 'prompts') => void
  /** Something was tolerated, dropped or refused. */
  warning: (warning: BridgeWarning) => void
  /** The bridge closed; every pending request has been rejected. */
  close: (reason: string) => void
}

type OneShot = 'toolinput' | 'toolresult' | 'toolcancelled'

export class ViewBridge {
  readonly #options: ViewBridgeOptions
  readonly #self: MessageSource & MessageTarget
  readonly #events = createEmitter<ViewBridgeEvents>()
  readonly #transport: ParentTransport
  readonly #session: Session
  readonly #tools: AppTools
  /** One-shot notifications that arrived before any listener, delivered to the first one. */
  readonly #early = new Map<OneShot, unknown>()
  /** Context changes that raced ahead of the handshake answer (applied after it, not lost). */
  #earlyChanges: Array<Record<string, unknown>> | undefined = []
  #connection: ViewConnection | undefined
  #connecting: Promise<ViewConnection> | undefined
  #stopResize: (() => void) | undefined
  #closed = false
  readonly #note: Note = (message, code = 'VARIANT') => this.#events.emit('warning', { code, message })

  constructor(options: ViewBridgeOptions) {
    this.#options = options
    const self = (this.#self = options.self ?? (globalThis as unknown as Window))
    this.#transport = new ParentTransport({
      target: options.target ?? (self as Window).parent,
      self,
      origin: options.hostOrigin,
      onForeignOrigin: (origin) => this.#note(`Dropped a message from unexpected origin ${origin}`, 'POLICY'),
    })
    const session = (this.#session = new Session({
      transport: this.#transport,
      timeoutMs: options.timeoutMs,
      limits: options.limits,
      onWarning: (warning) => this.#events.emit('warning', warning),
    }))
    this.#tools = new AppTools(session, () => this.#options.capabilities, this.#note)
    const deliver = (event: OneShot, method: string, read: (params: Record<string, unknown>) => unknown) =>
      session.on(method, (params) => this.#notify(() => this.#oneShot(event, read(params))))
    deliver('toolinput', TOOL_INPUT, (p) => readToolInput(p, this.#note))
    deliver('toolresult', TOOL_RESULT, (p) => readCallToolResult(p, this.#note, 'tool-result params'))
    deliver('toolcancelled', TOOL_CANCELLED, readToolCancelled)
    session.on(TOOL_INPUT_PARTIAL, (p) => this.#notify(() => this.#events.emit('toolinputpartial', readToolInput(p, this.#note, 'tool-input-partial params'))))
    session.on(HOST_CONTEXT_CHANGED, (p) => this.#notify(() => this.#contextChanged(p)))
    for (const [method, list] of [[TOOLS_LIST_CHANGED, 'tools'], [RESOURCES_LIST_CHANGED, 'resources'], [PROMPTS_LIST_CHANGED, 'prompts']] as const) {
      session.on(method, () => this.#events.emit('listchanged', list))
    }
    session.handle(RESOURCE_TEARDOWN, async (params) => {
      const reason = readTeardownParams(params)
      const outcomes = await Promise.allSettled(this.#events.collect('teardown', reason))
      this.#stopResize?.()
      const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected')
      if (failed) throw new BridgeError('DENIED', `Teardown error: ${failed.reason instanceof Error ? failed.reason.message : String(failed.reason)}`)
      return {}
    })
  }

  /** Subscribes to an event; returns the function that unsubscribes. */
  on<K extends keyof ViewBridgeEvents>(event: K, listener: ViewBridgeEvents[K]): () => void {
    const off = this.#events.on(event, listener)
    if (this.#early.has(event as OneShot) && this.#events.count(event) === 1) {
      const value = this.#early.get(event as OneShot)
      this.#early.delete(event as OneShot)
      // Delivered after on() returns, so the caller holds its unsubscribe first.
      queueMicrotask(() => (this.#events.emit as (e: K, v: unknown) => void)(event, value))
    }
    return off
  }

  /**
   * Performs the handshake: `ui/initialize`, then `ui/notifications/initialized`, then starts
   * auto-resize. Resolves with what the host said; rejects with `TIMEOUT` when the host does not
   * answer in time (the bridge then closes). Calling it again returns the same promise.
   */
  connect(): Promise<ViewConnection> {
    return (this.#connecting ??= this.#handshake())
  }

  async #handshake(): Promise<ViewConnection> {
    const options = this.#options
    if ((options.target ?? (this.#self as Window).parent) === this.#self) {
      throw new BridgeError('NOT_SUPPORTED', 'The view is not inside a frame: there is no host to connect to')
    }
    const appCapabilities = this.#tools.declare(options.capabilities ?? {})
    this.#options.capabilities = appCapabilities
    try {
      const raw = await this.#session.request(
        INITIALIZE,
        { appInfo: options.appInfo, appCapabilities, protocolVersion: LATEST_PROTOCOL_VERSION },
        { timeoutMs: options.handshakeTimeoutMs ?? HANDSHAKE_TIMEOUT_MS },
      )
      const result = readInitializeResult(raw, this.#note)
      this.#transport.pin()
      if (!isSupportedVersion(result.protocolVersion)) this.#note(`Host answered unknown protocol version ${result.protocolVersion}`, 'VERSION')
      let context = result.hostContext
      for (const change of this.#earlyChanges ?? []) context = mergeHostContext(context, readHostContext(change, this.#note)).context
      this.#earlyChanges = undefined
      this.#connection = { hostInfo: result.hostInfo, hostCapabilities: result.hostCapabilities, hostContext: context, protocolVersion: result.protocolVersion }
      this.#session.notify(INITIALIZED, {})
      const doc = (this.#self as Window).document
      if (options.autoResize !== false && doc) this.#stopResize = startAutoResize((size) => this.sendSizeChanged(size), doc)
      return { ...this.#connection }
    } catch (error) {
      this.close(`Handshake failed: ${error instanceof Error ? error.message : String(error)}`)
      throw error
    }
  }

  /** The host's context, with every change merged in. `{}` before the handshake. */
  get hostContext(): McpUiHostContext {
    return this.#connection?.hostContext ?? {}
  }

  /** What the host advertised; `undefined` before the handshake. */
  get hostCapabilities(): McpUiHostCapabilities | undefined {
    return this.#connection?.hostCapabilities
  }

  get hostInfo(): Implementation | undefined {
    return this.#connection?.hostInfo
  }

  /** The negotiated protocol version; `undefined` before the handshake. */
  get protocolVersion(): string | undefined {
    return this.#connection?.protocolVersion
  }

  /** Adds a message to the conversation (normally starts a model turn). A string becomes one text block. */
  async sendMessage(message: string | ContentBlock[] | Omit<McpUiMessageParams, 'role'>, options?: RequestOptions): Promise<McpUiActionResult> {
    const params = typeof message === 'string' ? { content: [{ type: 'text', text: message }] } : Array.isArray(message) ? { content: message } : message
    return this.#action(MESSAGE, { ...params, role: 'user' }, options)
  }

  /** Replaces the context the model sees in future turns; does not start a turn. */
  async updateModelContext(params: McpUiUpdateModelContextParams, options?: RequestOptions): Promise<void> {
    await this.#request(UPDATE_MODEL_CONTEXT, params, options)
  }

  /** Calls a tool of the app's own MCP server, through the host. */
  async callServerTool(params: CallToolParams, options?: RequestOptions): Promise<CallToolResult> {
    if (typeof params !== 'object' || params === null) throw new BridgeError('INVALID_PARAMS', 'callServerTool takes { name, arguments }')
    readCallToolParams(params, this.#note)
    return readCallToolResult(await this.#request(TOOLS_CALL, params, options), this.#note)
  }

  /** Reads a resource of the app's server, through the host. */
  async readServerResource(params: { uri: string }, options?: RequestOptions): Promise<ReadResourceResult> {
    return (await this.#request(RESOURCES_READ, params, options)) as ReadResourceResult
  }

  /** Lists the resources of the app's server, through the host. */
  async listServerResources(params: PaginatedParams = {}, options?: RequestOptions): Promise<ListResourcesResult> {
    return (await this.#request(RESOURCES_LIST, params, options)) as ListResourcesResult
  }

  /** Asks the host to open a URL; rejects with `DENIED` when it refuses. */
  async openLink(url: string, options?: RequestOptions): Promise<McpUiActionResult> {
    return this.#action(OPEN_LINK, { url }, options)
  }

  /** Asks the host to download files for the user (sandboxed frames cannot). */
  async downloadFile(params: McpUiDownloadFileParams, options?: RequestOptions): Promise<McpUiActionResult> {
    return this.#action(DOWNLOAD_FILE, params, options)
  }

  /**
   * Asks for another display mode and resolves with the mode in effect afterwards, which may
   * differ. Refused before sending when the host or the app did not declare the mode.
   */
  async requestDisplayMode(mode: McpUiDisplayMode, options?: RequestOptions): Promise<McpUiDisplayMode> {
    await this.#ready()
    const hostModes = this.hostContext.availableDisplayModes
    const appModes = this.#options.capabilities?.availableDisplayModes ?? ['inline']
    if (!hostModes?.includes(mode) || !appModes.includes(mode)) {
      throw new BridgeError('NOT_SUPPORTED', `Display mode ${mode} is not available (host: ${hostModes?.join(', ') || 'none declared'}; app: ${appModes.join(', ')})`)
    }
    return readDisplayModeResult(await this.#request(REQUEST_DISPLAY_MODE, { mode }, options)).mode
  }

  /** Asks the host's model for a completion (ext-apps 2.0.4 sampling). */
  async createSamplingMessage(params: CreateMessageParams, options?: RequestOptions): Promise<CreateMessageResult> {
    return (await this.#request(SAMPLING_CREATE_MESSAGE, params, options)) as CreateMessageResult
  }

  /** Sends a log entry to the host. Returns false, sending nothing, when the host offers no logging. */
  sendLog(level: LoggingLevel, data: unknown, logger?: string): boolean {
    return this.#notification(LOGGING_MESSAGE, logger === undefined ? { level, data } : { level, data, logger })
  }

  /** Reports the content size. Auto-resize calls this; call it yourself when `autoResize` is off. */
  sendSizeChanged(size: McpUiSizeChangedParams): boolean {
    return this.#notification(SIZE_CHANGED, size)
  }

  /** Asks the host to tear the view down; if it agrees, the normal `teardown` event follows. */
  requestTeardown(): boolean {
    return this.#notification(REQUEST_TEARDOWN, {})
  }

  /**
   * Offers a tool to the host (app-provided tools). Returns the function that removes it. Tools
   * registered before `connect()` declare the `tools` capability; afterwards the host is told with
   * `notifications/tools/list_changed`.
   */
  registerTool(name: string, definition: AppToolDefinition, handler: AppToolHandler): () => void {
    return this.#tools.register(name, definition, handler, this.#connection !== undefined)
  }

  /** Lists the tools the app has registered, as the host will see them. */
  get tools(): Tool[] {
    return this.#tools.list()
  }

  /** Stops everything: auto-resize, listeners, pending requests (rejected with `CLOSED`). Idempotent. */
  close(reason = 'The view closed the bridge'): void {
    if (this.#closed) return
    this.#closed = true
    this.#stopResize?.()
    this.#session.close(reason)
    this.#events.emit('close', reason)
  }

  #oneShot(event: OneShot, value: unknown): void {
    if (this.#events.count(event) === 0) this.#early.set(event, value)
    else (this.#events.emit as (e: OneShot, v: unknown) => void)(event, value)
  }

  #contextChanged(params: Record<string, unknown>): void {
    if (this.#earlyChanges) {
      this.#earlyChanges.push(params)
      return
    }
    const { context, changed } = mergeHostContext(this.hostContext, readHostContext(params, this.#note, 'host-context-changed params'))
    if (!changed.length) return
    this.#connection!.hostContext = context
    this.#events.emit('hostcontextchanged', context, changed)
  }

  /** Runs a notification reader/dispatcher; a bad notification cannot be answered, so it is reported. */
  #notify(run: () => void): void {
    try {
      run()
    } catch (error) {
      this.#note(error instanceof Error ? error.message : String(error), 'MALFORMED')
    }
  }

  async #ready(): Promise<void> {
    if (this.#closed) throw new BridgeError('CLOSED', 'The bridge is closed')
    if (!this.#connecting) throw new BridgeError('PROTOCOL', 'Call connect() before sending requests')
    await this.#connecting
  }

  async #request(method: string, params: object, options?: RequestOptions): Promise<Record<string, unknown>> {
    await this.#ready()
    if (!hostAllows(this.hostCapabilities, method)) throw new BridgeError('NOT_SUPPORTED', `The host does not support ${method}`)
    return this.#session.request(method, params as Record<string, unknown>, options)
  }

  /** A request whose refusal may come back as `isError: true` (SDK form) or as an error (spec form). */
  async #action(method: string, params: object, options?: RequestOptions): Promise<McpUiActionResult> {
    const result = await this.#request(method, params, options)
    if (result.isError === true) throw new BridgeError('DENIED', `The host refused ${method}`, { data: result })
    return result
  }

  #notification(method: string, params: Record<string, unknown>): boolean {
    if (!this.#connection || this.#closed || !hostAllows(this.hostCapabilities, method)) return false
    this.#session.notify(method, params)
    return true
  }
}
