/**
 * The host side of MCP Apps: one `HostBridge` per view a chat UI shows.
 *
 * It answers the handshake, keeps the host context and sends the view only what changed, holds
 * every message until the view is initialized, enforces the order of tool data, serves the view's
 * requests behind capability gates, visibility rules and rate limits that a handler cannot
 * replace, and tears the view down politely. It is framework-agnostic: it talks to a
 * {@link Transport}, usually a {@link FrameTransport} on the view's iframe.
 */
import {
  BridgeError,
  HOST_CONTEXT_CHANGED,
  INITIALIZE,
  INITIALIZED,
  PING,
  RESOURCE_TEARDOWN,
  Session,
  inspectMessage,
  TOOLS_CALL,
  TOOLS_LIST,
  TOOL_CANCELLED,
  TOOL_INPUT,
  TOOL_INPUT_PARTIAL,
  TOOL_RESULT,
  appProvidesTools,
  deepEqual,
  diffHostContext,
  mergeHostContext,
  negotiateVersion,
  readCallToolResult,
  readInitializeParams,
  readListToolsResult,
  type BridgeWarning,
  type CallToolParams,
  type CallToolResult,
  type Implementation,
  type JsonRpcMessage,
  type ListToolsResult,
  type LoggingMessageParams,
  type McpUiAppCapabilities,
  type McpUiDisplayMode,
  type McpUiHostCapabilities,
  type McpUiHostContext,
  type McpUiSizeChangedParams,
  type McpUiToolCancelledParams,
  type McpUiUpdateModelContextParams,
  type MessageLimits,
  type Note,
  type PaginatedParams,
  type RequestContext,
  type RequestId,
  type RequestOptions,
  type Tool,
  type Transport,
} from '../protocol/index.js'
import { cancelled, failure, timerDelay } from '../protocol/session-core.js'
import { createEmitter } from '../shared/emitter.js'
import { FrameTransport, type FrameTransportOptions } from './frame-transport.js'
import type { HubWindow } from './message-hub.js'
import type { RateLimits } from './rate-limit.js'
import { toolDirectoryFor, type McpClient } from './server-proxy.js'
import { sendableCopy } from './sendable.js'
import { createToolData, type ToolPhase } from './tool-data.js'
import { serveViewRequests, type HostHandlers } from './view-requests.js'

/**
 * The host context a bridge stored last. A chat gives its views equal contexts (one theme, one set
 * of style variables, one locale): a bridge's context takes that one's deep-equal top-level values
 * instead of a copy of its own, about a third of a live view's heap. Safe because a stored context
 * is never changed in place, only replaced (what a caller passes is copied first, `hostContext`
 * hands out copies); it keeps one context alive after the last bridge closes.
 */
let latest: McpUiHostContext = {}

/** `context`, a copy of our own, with its values deep-equal to the latest context's replaced by those; now the latest. */
function share(context: McpUiHostContext): McpUiHostContext {
  for (const key in context) if (key !== '__proto__' && deepEqual(latest[key], context[key])) context[key] = latest[key]
  return (latest = context)
}

/** Default time a view gets to answer `ui/resource-teardown`, in ms. */
export const TEARDOWN_TIMEOUT_MS = 5_000

export interface HostBridgeOptions {
  /** The host's name and version, sent to the view in the handshake answer. */
  hostInfo: Implementation
  /**
   * What the host offers the view. Advertise = enforce: a view request whose capability is absent
   * is answered with `-32601` and never reaches a handler. Without it, the view may only use the
   * ungated methods: size, display mode, teardown request, ping, its own tools' `list_changed`
   * (only when it declared `tools.listChanged`), the CSP-violation report, and `prompts/list` (the
   * spec gives it no capability: it goes to a `listPrompts` handler, else to `client`, else
   * `-32601`). Listing content kinds restricts them: `message: { text: {} }` refuses image blocks,
   * `{}` accepts every kind. Read when the view initializes and on every request.
   * `serverTools`/`serverResources` with `listChanged: true` promise that the host calls
   * `sendListChanged()` when the server's lists change: the bridge does not listen on the client.
   */
  capabilities?: McpUiHostCapabilities
  /** The initial host context. `setHostContext()` changes it later. */
  hostContext?: McpUiHostContext
  /** The tool whose call created the view: becomes `hostContext.toolInfo` unless that is set. */
  tool?: Tool
  /** The JSON-RPC id of the host's `tools/call` that created the view (`toolInfo.id`). */
  toolCallId?: RequestId
  /** Timeout of each request, in ms (default 30 s), also for calls forwarded to the server. */
  timeoutMs?: number
  /** Time the view gets to answer `ui/resource-teardown`, in ms (default 5 s). */
  teardownTimeoutMs?: number
  /** The channel to the view. Give this, or `target` and `targetOrigin`. */
  transport?: Transport
  /** The view's (or sandbox proxy's) window, when no `transport` is given. */
  target?: Window
  /** That window's origin, or `"null"` for an opaque frame. Required with `target`. */
  targetOrigin?: string
  /** The window that receives the frame's messages (`window` by default). */
  hostWindow?: HubWindow
  /** MCP client connected to the view's own server: `tools/call`, `resources/*`, `prompts/list` are forwarded to it. */
  client?: McpClient
  /**
   * The server's tools, for visibility checks. Without it the client's list is fetched when first
   * needed, once for all the bridges of that client's connection, and again once it is connected
   * anew (every bridge then checks against the new server's list, also those made before). With
   * neither, every `tools/call` from the view is denied (fail closed).
   */
  tools?: readonly Tool[]
  /** Host handlers for the view's requests. They run after enforcement, never instead of it. */
  handlers?: HostHandlers
  /** URL schemes `ui/open-link` may open (default `http:`, `https:`, `mailto:`). */
  openLinkSchemes?: readonly string[]
  /** Rate limits per category of view traffic (defaults in `DEFAULT_RATE_LIMITS`). */
  rateLimits?: Partial<RateLimits>
  /** Largest number of forwarded calls in flight at once (default 16); more are refused. */
  maxConcurrentCalls?: number
  /** Size and depth limits of incoming messages. */
  limits?: Partial<MessageLimits>
}

/** Events of a {@link HostBridge}. Each `on()` returns its unsubscribe. */
export interface HostBridgeEvents {
  /**
   * The view finished the handshake; held messages have just been sent. Once per view instance:
   * again when the view is re-created in its frame and initializes again (a remount, React Fast
   * Refresh, hot reload), after the tool data it had been sent so far was sent again.
   */
  initialized: (app: { appInfo: Implementation; appCapabilities: McpUiAppCapabilities; protocolVersion: string }) => void
  /** The view reported its content size (validated: finite and non-negative). */
  sizechange: (size: McpUiSizeChangedParams) => void
  /** The view replaced its model context; `modelContext` holds the latest. */
  modelcontext: (context: McpUiUpdateModelContextParams | undefined) => void
  /** A log entry from the view (only when `logging` is advertised). */
  log: (entry: LoggingMessageParams) => void
  /** The view's own tools changed (it declared `tools.listChanged`); call `listTools()` again. */
  toolslistchanged: () => void
  /** The view asked to be torn down; call `teardown()` if the host agrees. */
  requestteardown: () => void
  /** The display mode changed (through a granted view request or `setHostContext`; a mode removed is `inline`). */
  displaymodechange: (mode: McpUiDisplayMode) => void
  /** Something was tolerated, dropped or refused. */
  warning: (warning: BridgeWarning) => void
  /** Every JSON-RPC message, in order, sent (`out`) or accepted (`in`). */
  traffic: (direction: 'in' | 'out', message: JsonRpcMessage) => void
  /** The bridge closed; pending requests have been rejected and listeners removed. No other event follows it. */
  close: (reason: string) => void
}

export class HostBridge {
  readonly #options: HostBridgeOptions
  #context: McpUiHostContext
  readonly #session: Session
  // Until the view is initialized, tool data is held (and sent by `open()` at its `initialized`).
  readonly #toolData = createToolData((method, params) => this.#initialized && this.#session.notify(method, params))
  readonly #events = createEmitter<HostBridgeEvents>()
  /** The context as the view knows it: what the handshake answer and the changes sent said. */
  #sentContext: McpUiHostContext | undefined
  #modelContext: McpUiUpdateModelContextParams | undefined
  #initialized = false
  #app: { appInfo: Implementation; appCapabilities: McpUiAppCapabilities; protocolVersion: string } | undefined
  #teardown: Promise<void> | undefined
  readonly #note: Note = (message, code = 'VARIANT') => this.warn(code, message)

  /**
   * Starts listening to the frame at once. Where there is no window (server rendering) it throws
   * `NOT_SUPPORTED` before allocating anything: create the bridge in the browser, in an effect.
   */
  constructor(options: HostBridgeOptions) {
    this.#options = options
    // Copied as a whole: a `tool` from a reactive store is a proxy that structured clone refuses.
    this.#context = share(sendableCopy('hostContext', { ...(options.tool && { toolInfo: { ...(options.toolCallId !== undefined && { id: options.toolCallId }), tool: options.tool } }), ...options.hostContext }))
    const session = (this.#session = new Session({
      // The bridge's options pass through for `timeoutMs`, the one the session shares with it.
      ...options,
      transport:
        options.transport ??
        new FrameTransport({
          // `target`, `targetOrigin` and `hostWindow`; FrameTransport refuses a missing origin.
          ...(options as FrameTransportOptions),
          onForeignOrigin: (origin) => this.#note(`Dropped origin ${origin}`, 'POLICY'),
          // A host that removes the frame without closing the bridge must not leak it.
          onGone: () => this.close('frame removed'),
        }),
      inspect: (data) => inspectMessage(data, options.limits),
      onWarning: (warning) => this.#events.emit('warning', warning),
      onTrace: (direction, message) => this.#events.emit('traffic', direction, message),
    }))
    try {
      // Both are arrow fields, bound to the bridge: used as they are, with no wrapper (the handshake is
      // served with the view's requests, so that a repeated one passes their gate).
      session.on(INITIALIZED, this.#onInitialized)
      serveViewRequests(session, options, this, this.#note, this.#events, this.#initialize)
    } catch (error) {
      // The session already listens: options that fail here must not leave the frame bridged for good.
      session.close()
      throw error
    }
    // Registered before any host listener, so `modelContext` is current when theirs run.
    this.#events.on('modelcontext', (context) => (this.#modelContext = context))
  }

  /** Subscribes to an event; returns the function that unsubscribes. Once closed, the bridge emits `close` only. */
  on<K extends keyof HostBridgeEvents>(event: K, listener: HostBridgeEvents[K]): () => void {
    // Checked per call: a listener may close the bridge while one of the view's messages is being
    // read (its traffic, a warning about it, its event), and that message's later events, and the
    // later listeners of the same event, must not act for a view the host has let go.
    return this.#events.on(event, ((...args: never[]) => (this.closed && event != 'close') || (listener as (...args: never[]) => void)(...args)) as HostBridgeEvents[K])
  }

  /** The current host context (what the view has or will have). A deep copy: change it with `setHostContext()`. */
  get hostContext(): McpUiHostContext {
    // Deep: a nested object edited in place and set back must be a change the view hears of.
    return structuredClone(this.#context)
  }

  /** The latest `ui/update-model-context` from the view: give this to the model in future turns. */
  get modelContext(): McpUiUpdateModelContextParams | undefined {
    return this.#modelContext
  }

  /** What the view said about itself in the handshake; `undefined` before it. */
  get appInfo(): Implementation | undefined {
    return this.#app?.appInfo
  }

  get appCapabilities(): McpUiAppCapabilities | undefined {
    return this.#app?.appCapabilities
  }

  /**
   * True once the view sent `ui/notifications/initialized`; false again from a repeated
   * `ui/initialize` (a view re-created in its frame) until its `initialized`, while everything for
   * the view is held again.
   */
  get initialized(): boolean {
    return this.#initialized
  }

  /** Where the tool call stands, as far as the view is concerned. */
  get toolPhase(): ToolPhase {
    return this.#toolData.phase()
  }

  get closed(): boolean {
    // The session closes with the bridge only (`close()`), so its state is the bridge's.
    return this.#session.closed
  }

  /**
   * Changes the host context (top-level replace; a key set to `undefined` is removed) and sends
   * the view only the keys that changed. Held until the view is initialized. A display mode
   * missing from the list of modes the view declared (when it declared one) is refused with
   * `DENIED`, except `inline`: the spec forbids switching a view to an undeclared mode, and we
   * read `inline` as outside that rule, because it is where every view starts and what a host
   * returns to when the user leaves fullscreen or closes a picture-in-picture window (refusing it
   * would leave host and view disagreeing). Throws
   * `CLOSED` once the bridge is closed, as every sending method does; `mountApp` closes it when its
   * frame leaves the document, so a host updating every view of a chat skips those whose `closed` is true.
   */
  setHostContext(change: Partial<McpUiHostContext>): void {
    this.#assertOpen()
    if (!this.#modeAllowed(change.displayMode)) throw new BridgeError('DENIED', `displayMode: ${change.displayMode} not declared by the view`)
    const { context, changed } = mergeHostContext(this.#context, sendableCopy('host context', change))
    if (!changed.length) return
    this.#context = share(context)
    this.#sendContextDiff()
    // After the diff: a listener that changes the context again (back to inline, say) sends its own
    // change after this one, and the view, told the first mode by its request's answer, hears both.
    // A mode removed is inline, as everywhere (a view's request is answered so): the frame must
    // leave fullscreen, and free the page it made inert, as for `inline` itself.
    if (changed.includes('displayMode')) this.#events.emit('displaymodechange', context.displayMode ?? 'inline')
  }

  /** Streams partial tool arguments (healed JSON). Refused once the full input was produced. */
  sendToolInputPartial(args: Record<string, unknown>): void {
    this.#assertOpen()
    this.#toolData.next(TOOL_INPUT_PARTIAL, { arguments: args })
  }

  /** Sends the complete tool arguments, exactly once (`{}` for a tool without arguments). */
  sendToolInput(args: Record<string, unknown> = {}): void {
    this.#assertOpen()
    this.#toolData.next(TOOL_INPUT, { arguments: args })
  }

  /** Sends the tool's result. Refused before the input and after a result or cancellation. */
  sendToolResult(result: CallToolResult): void {
    this.#assertOpen()
    this.#toolData.next(TOOL_RESULT, result)
  }

  /** Tells the view the tool call was cancelled (instead of a result). */
  sendToolCancelled(params: McpUiToolCancelledParams | string = {}): void {
    this.#assertOpen()
    this.#toolData.next(TOOL_CANCELLED, typeof params === 'string' ? { reason: params } : params)
  }

  /** Calls one of the view's own tools (the view must have declared `tools`). */
  async callTool(params: CallToolParams, options?: RequestOptions): Promise<CallToolResult> {
    await this.#viewTools(options)
    return readCallToolResult(await this.#session.request(TOOLS_CALL, params, options), this.#note)
  }

  /** Lists the view's own tools. */
  async listTools(params: PaginatedParams = {}, options?: RequestOptions): Promise<ListToolsResult> {
    await this.#viewTools(options)
    return readListToolsResult(await this.#session.request(TOOLS_LIST, params, options))
  }

  /**
   * Tells the view that its server's tools, resources or prompts changed (relay the server's
   * `notifications/…/list_changed` here; the bridge never touches the shared client's handlers).
   * Sent only when the matching capability advertised `listChanged` (prompts have no capability)
   * and the view is initialized. A tools change also makes the bridge fetch the list again
   * before the next visibility check.
   */
  sendListChanged(list: 'tools' | 'resources' | 'prompts'): void {
    this.#assertOpen()
    if (list === 'tools') toolDirectoryFor(this.#options.client, this.#options.tools).invalidate()
    if (this.#initialized && (list === 'prompts' || this.#options.capabilities?.[list === 'tools' ? 'serverTools' : 'serverResources']?.listChanged === true)) this.#session.notify(`notifications/${list}/list_changed`, {})
  }

  /** Reports a warning through the `warning` event (for the frame helpers built on the bridge). */
  warn(code: BridgeWarning['code'], message: string, data?: unknown): void {
    this.#session.warn(code, message, data)
  }

  /**
   * Resolves once the view is initialized (at once if it is). Rejects with `TIMEOUT` after
   * `timeoutMs` (the bridge's timeout by default), `CANCELLED` when `signal` aborts, `CLOSED` when
   * the bridge closes first. Host → view requests wait for this: the host must not send the view
   * anything before it.
   */
  async whenInitialized({ signal, timeoutMs = this.#options.timeoutMs }: Pick<RequestOptions, 'signal' | 'timeoutMs'> = {}): Promise<void> {
    this.#assertOpen()
    if (this.#initialized) return
    return new Promise((resolve, reject) => {
      const done = (error?: BridgeError) => {
        clearTimeout(timer)
        offInitialized()
        offClose()
        signal?.removeEventListener('abort', abort)
        if (error) reject(error)
        else resolve()
      }
      const abort = () => done(cancelled('whenInitialized', signal!.reason))
      const timer = setTimeout(() => done(failure('TIMEOUT', 'whenInitialized', 'timed out')), timerDelay(timeoutMs))
      const offInitialized = this.on('initialized', () => done())
      const offClose = this.on('close', (reason) => done(new BridgeError('CLOSED', reason)))
      // An already aborted signal never fires `abort`: give up at once rather than at the timeout.
      // (`done` removes the listener, so it needs no `once`.)
      if (signal?.aborted) abort()
      else signal?.addEventListener('abort', abort)
    })
  }

  /** Checks the view is alive; resolves when it answers. */
  async ping(options?: RequestOptions): Promise<void> {
    await this.whenInitialized(options)
    await this.#session.request(PING, {}, options)
  }

  /**
   * Tears the view down: sends `ui/resource-teardown` (when the view is initialized), waits for
   * the answer at most `teardownTimeoutMs`, then closes the bridge. Never rejects; a view that
   * fails or stalls is reported as a warning (one without a teardown handler, answering `-32601`,
   * is not, nor a bridge closed meanwhile). Calling it again returns the same promise.
   */
  teardown(reason = 'removed by the host'): Promise<void> {
    return (this.#teardown ??= (async () => {
      // A bridge closed meanwhile needs no check: its request rejects with `CLOSED`, not reported below.
      if (this.#initialized) {
        try {
          await this.#session.request(RESOURCE_TEARDOWN, { reason }, { timeoutMs: this.#options.teardownTimeoutMs ?? TEARDOWN_TIMEOUT_MS })
        } catch (error) {
          // `request` rejects with `BridgeError`s only. Not a failure: `NOT_SUPPORTED` (-32601), a
          // view with no teardown handler (the official `App` without `onteardown`), which has
          // nothing to save; and a bridge closed meanwhile (its frame removed, or the host closing
          // it), which its `close` event reports.
          if ((error as BridgeError).code != 'NOT_SUPPORTED' && !this.closed) this.#note(`Teardown: ${(error as BridgeError).message}`, 'UNEXPECTED')
        }
      }
      this.close(reason)
    })())
  }

  /** Closes the bridge at once: listeners removed, pending requests rejected with `CLOSED`. Idempotent. */
  close(reason = 'closed by the host'): void {
    if (this.closed) return
    this.#session.close(reason)
    this.#events.emit('close', reason)
  }

  /** Number of requests the host is waiting on (for invariants and tests). */
  get pendingCount(): number {
    return this.#session.pendingCount
  }

  /**
   * A mode the host may set: inline always (see `setHostContext`), and so no mode (`undefined`: a
   * change that leaves the mode alone), any mode before the handshake, else one the view
   * declared, or any when it declared none (the spec binds the host to the view's list only when
   * there is one; the official example apps declare none and ask for fullscreen). A view's own request is read the same way in `view-requests.ts` (a shared
   * function costs the minimal host 12 B it does not have).
   */
  #modeAllowed(mode: McpUiDisplayMode = 'inline'): boolean {
    return mode === 'inline' || (this.appCapabilities?.availableDisplayModes?.includes(mode) ?? true)
  }

  readonly #initialize = (params: Record<string, unknown>, context: RequestContext) => {
    const request = readInitializeParams(params, this.#note)
    if (this.#app) this.#note(`${INITIALIZE}: repeated: app info replaced`, 'UNEXPECTED')
    // A view re-created in its frame numbers its requests from the start again: the old one's still
    // in flight must neither answer the new one's nor block them as duplicates; and the host's
    // requests to the old one (a tool call, a teardown) will never be answered. Both are dropped once
    // this answer is sent, before the new one can send anything. (Before the first `ui/initialize`
    // none is in flight: every other request is refused at once, and the host sends none.)
    context.afterResponse(() => this.#session.forgetPeer('view re-created'))
    // A view re-created in its frame (a remount, hot reload) is a new view instance that has seen
    // nothing: hold everything until its `initialized`, which sends its tool data again.
    this.#initialized = false
    const protocolVersion = negotiateVersion(request.protocolVersion)
    this.#app = { appInfo: request.appInfo, appCapabilities: request.appCapabilities, protocolVersion }
    const mode = this.#context.displayMode
    if (mode && !this.#modeAllowed(mode)) {
      this.#note(`displayMode: ${mode} not declared by the view`, 'POLICY')
      this.#context = { ...this.#context, displayMode: 'inline' }
      this.#events.emit('displaymodechange', 'inline')
    }
    return {
      protocolVersion,
      hostInfo: this.#options.hostInfo,
      hostCapabilities: this.#options.capabilities ?? {},
      // What the view knows of the context from now on.
      hostContext: (this.#sentContext = this.#context),
    }
  }

  readonly #onInitialized = (): void => {
    if (!this.#app) return this.#note(`${INITIALIZED} before ${INITIALIZE}: ignored`, 'UNEXPECTED')
    if (this.#initialized) return this.#note(`${INITIALIZED}: repeated: ignored`, 'UNEXPECTED')
    this.#initialized = true
    this.#sendContextDiff()
    // Held data was checked when it was given (tool-data.ts): sending it cannot fail here.
    this.#toolData.open()
    this.#events.emit('initialized', { ...this.#app })
  }

  #sendContextDiff(): void {
    // Both callers run on an open bridge (`setHostContext` checks, `initialized` arrives only while listening).
    if (this.#initialized) {
      // Set by the handshake answer, which comes before `initialized`.
      const diff = diffHostContext(this.#sentContext!, this.#context)
      if (Object.keys(diff).length) this.#session.notify(HOST_CONTEXT_CHANGED, diff)
      this.#sentContext = this.#context
    }
  }

  #assertOpen(): void {
    if (this.closed) throw new BridgeError('CLOSED', 'bridge closed')
  }

  async #viewTools(options?: RequestOptions): Promise<void> {
    await this.whenInitialized(options)
    if (!appProvidesTools(this.appCapabilities)) throw new BridgeError('NOT_SUPPORTED', 'tools: not declared by the view')
  }
}
