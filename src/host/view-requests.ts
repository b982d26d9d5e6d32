/**
 * Serving the view's requests and notifications on the host, enforcement first.
 *
 * Every method goes through the same gate, in this order, before any host handler sees it:
 * handshake done → capability advertised (else `-32601`) → rate limit (else `-32000`; a display-mode
 * request gets the current mode, its answer being always the resulting mode) → params
 * valid (else `-32602`) → method policy (visibility, link schemes, display modes). Host handlers
 * are then called with the checked params; they can refine a decision, never skip a check.
 */
import {
  BridgeError,
  DOWNLOAD_FILE,
  INITIALIZE,
  LOGGING_MESSAGE,
  MESSAGE,
  OPEN_LINK,
  PROMPTS_LIST,
  REQUEST_DISPLAY_MODE,
  REQUEST_TEARDOWN,
  RESOURCE_TEMPLATES_LIST,
  RESOURCES_LIST,
  RESOURCES_READ,
  SAMPLING_CREATE_MESSAGE,
  SIZE_CHANGED,
  TOOLS_CALL,
  TOOLS_LIST_CHANGED,
  UPDATE_MODEL_CONTEXT,
  hostAllows,
  isObject,
  acceptsModality,
  readCallToolParams,
  readCreateMessageParams,
  readDownloadFileParams,
  readLoggingMessageParams,
  readMessageParams,
  readOpenLinkParams,
  readPaginatedParams,
  readReadResourceParams,
  readRequestDisplayModeParams,
  readSizeChanged,
  readUpdateModelContextParams,
  type CallToolParams,
  type CallToolResult,
  type CreateMessageParams,
  type CreateMessageResult,
  type ListPromptsResult,
  type ListResourcesResult,
  type ListResourceTemplatesResult,
  type McpUiActionResult,
  type McpUiDisplayMode,
  type McpUiDownloadFileParams,
  type McpUiMessageParams,
  type McpUiOpenLinkParams,
  type McpUiUpdateModelContextParams,
  type Note,
  type PaginatedParams,
  type ReadResourceParams,
  type ReadResourceResult,
  type RequestContext,
  type Session,
} from '../protocol/index.js'
import { timerDelay } from '../protocol/session-core.js'
import { describeThrown } from '../protocol/errors.js'
import type { SafeEmitter } from '../shared/emitter.js'
import type { HostBridge, HostBridgeEvents, HostBridgeOptions } from './host-bridge.js'
import { DEFAULT_RATE_LIMITS, createLimiter, type RateLimits } from './rate-limit.js'
import { CSP_VIOLATION } from './csp-meta.js'
import { forwardToServer, toolDirectoryFor, type ForwardedMethod } from './server-proxy.js'

type Awaitable<T> = T | Promise<T>

/** What a host handler gets besides the checked params. */
export interface HostRequestContext {
  /** Aborted when the view cancels the request or the bridge closes. */
  signal: AbortSignal
  /** The bridge serving the request. */
  bridge: HostBridge
}

/** A handler for a request the host may forward to the server: `forward()` does so (when a client exists). */
export interface ForwardingContext<T> extends HostRequestContext {
  /**
   * Forwards the request to the view's server through the client; rejects with `NOT_SUPPORTED`
   * without one (or without the client method), `CANCELLED` when the view cancels the request,
   * `CLOSED` when the bridge closes or the connection is gone; otherwise with the client's own
   * error (its timeout is the bridge's `timeoutMs`).
   */
  forward(): Promise<T>
}

/**
 * Host handlers for the view's requests. Each runs after every check; a handler refuses by
 * throwing (a `BridgeError` with code `DENIED` becomes `-32000`) or, for actions, by returning
 * `{ isError: true }`. Without a handler: `message`, `openLink`, `downloadFile` and sampling are
 * denied; a display mode both sides declared is granted (the host learns it from the
 * `displaymodechange` event); server requests are forwarded to `client`.
 */
export interface HostHandlers {
  /** `ui/message`: add the message to the conversation. */
  message?: (params: McpUiMessageParams, context: HostRequestContext) => Awaitable<McpUiActionResult | void>
  /**
   * `ui/update-model-context`: the bridge keeps the latest one as `modelContext` once this handler
   * returns (throwing refuses the update and keeps the previous one). Latest as the view sent
   * them: an update finished after a newer one, or cancelled meanwhile, is not kept.
   */
  updateModelContext?: (params: McpUiUpdateModelContextParams, context: HostRequestContext) => Awaitable<void>
  /** `ui/open-link`, only for URLs whose scheme is allowed: open it (ask the user first if you like). */
  openLink?: (params: McpUiOpenLinkParams & { parsed: URL }, context: HostRequestContext) => Awaitable<McpUiActionResult | void>
  /**
   * `ui/download-file`: save the contents for the user (ask first: spec SHOULD). A `resource_link`'s
   * `uri` is the view's own, checked only to be a string: read it as data only (fetch it over
   * `https:`/`http:`, or through the server's `resources/read` for a URI of the server's), never
   * navigate to it or make it a link's `href` (a `javascript:` URI would run in your page).
   */
  downloadFile?: (params: McpUiDownloadFileParams, context: HostRequestContext) => Awaitable<McpUiActionResult | void>
  /**
   * `ui/request-display-mode`, only for a mode both sides declared and not already in effect:
   * return the mode now in effect (nothing means granted; the current mode refuses). The bridge
   * answers the view, then sends the context change and emits `displaymodechange`.
   */
  requestDisplayMode?: (params: { mode: McpUiDisplayMode }, context: HostRequestContext) => Awaitable<McpUiDisplayMode | void>
  /** `sampling/createMessage`: run the completion (apply cost controls and user approval). */
  createSamplingMessage?: (params: CreateMessageParams, context: HostRequestContext) => Awaitable<CreateMessageResult>
  /** `tools/call` for a tool whose visibility includes `"app"`. */
  callTool?: (params: CallToolParams, context: ForwardingContext<CallToolResult>) => Awaitable<CallToolResult>
  readResource?: (params: ReadResourceParams, context: ForwardingContext<ReadResourceResult>) => Awaitable<ReadResourceResult>
  listResources?: (params: PaginatedParams, context: ForwardingContext<ListResourcesResult>) => Awaitable<ListResourcesResult>
  listResourceTemplates?: (params: PaginatedParams, context: ForwardingContext<ListResourceTemplatesResult>) => Awaitable<ListResourceTemplatesResult>
  listPrompts?: (params: PaginatedParams, context: ForwardingContext<ListPromptsResult>) => Awaitable<ListPromptsResult>
}

const DEFAULT_LINK_SCHEMES = ['http:', 'https:', 'mailto:']
const NEVER_OPENED = ['javascript:', 'data:', 'vbscript:', 'blob:', 'file:']

/**
 * Refuses content the host did not say it accepts (when it lists what it accepts at all). Exported
 * for host layers that widen a capability for their own messages (`withWidgetState`).
 */
export function checkModalities(method: string, advertised: unknown, content: readonly { type: string }[] = [], structured?: boolean): void {
  if (!isObject(advertised)) return
  for (const { type } of structured ? [...content, { type: 'structuredContent' }] : content) {
    const kind = type === 'resource_link' ? 'resourceLink' : type
    if (!acceptsModality(advertised, kind)) throw new BridgeError('INVALID_PARAMS', `${method}: ${kind} content not accepted`)
  }
}

const isThenable = (value: unknown): value is Promise<unknown> => typeof (value as PromiseLike<unknown> | undefined)?.then === 'function'

type Handler<P, R> = ((params: P, context: HostRequestContext) => Awaitable<R>) | undefined

/** The requests forwarded to the view's server, each with the name of its host handler and client method. */
const FORWARDED: Array<[string, ForwardedMethod]> = [
  [RESOURCES_READ, 'readResource'],
  [RESOURCES_LIST, 'listResources'],
  [RESOURCE_TEMPLATES_LIST, 'listResourceTemplates'],
  [PROMPTS_LIST, 'listPrompts'],
]

/**
 * Serves the view's requests and notifications on `session` for `bridge`, configured by its
 * `options` (whose `client` and `tools` answer visibility checks): `note` reports warnings, and
 * `events` are the bridge's (the view's notifications become events, and so does a new model context).
 * Positional, not an options object: one internal caller, and the property names would ship.
 */
export function serveViewRequests(
  session: Session,
  options: HostBridgeOptions,
  bridge: HostBridge,
  note: Note,
  events: SafeEmitter<HostBridgeEvents>,
): void {
  const handlers = options.handlers ?? {}
  const limits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits }
  // Requests share their category's bucket; each notification method gets its own (see `listen`).
  // Each is made at its first use: a live view uses few, and a limiter is a closure, its scope and
  // a heap number on the host page (the bucket starts full either way).
  const limiters: Record<string, () => boolean> = {}
  const maxConcurrent = options.maxConcurrentCalls ?? 16
  // What the MCP SDK gets: its timers, unlike the session's, fire at once for a longer delay.
  const timeoutMs = timerDelay(options.timeoutMs)
  let callsInFlight = 0
  let contextUpdates = 0
  let latestContextUpdate = 0
  let droppedNotifications = 0

  /**
   * Registers one view request behind the shared gate. Synchronous all the way when the handler
   * is: an `async` wrapper here would cost every `tools/call` a few microtasks. Over the rate
   * limit, the answer is `overLimit()` when given, else a `RATE_LIMITED` error.
   */
  const serve = <P>(
    method: string,
    bucket: keyof RateLimits,
    read: (params: Record<string, unknown>, note: Note) => P,
    run: (params: P, context: RequestContext) => unknown,
    overLimit?: () => unknown,
  ) => {
    session.handle(method, (raw, context) => {
      if (!bridge.appCapabilities) throw new BridgeError('PROTOCOL', `${method} before ${INITIALIZE}`)
      if (!hostAllows(options.capabilities, method, raw)) throw new BridgeError('NOT_SUPPORTED', `${method}: not supported`)
      if (!(limiters[bucket] ??= createLimiter(limits[bucket]))()) {
        if (overLimit) return overLimit()
        throw new BridgeError('RATE_LIMITED', `${method}: rate limited`)
      }
      const params = read(raw, note)
      if (bucket !== 'calls') return run(params, context)
      if (callsInFlight >= maxConcurrent) throw new BridgeError('RATE_LIMITED', `${method}: ${maxConcurrent} calls in flight`)
      callsInFlight++
      let outcome: unknown
      try {
        outcome = run(params, context)
      } finally {
        if (!isThenable(outcome)) callsInFlight--
      }
      return isThenable(outcome) ? Promise.resolve(outcome).finally(() => callsInFlight--) : outcome
    })
  }

  const hostContext = (context: RequestContext): HostRequestContext => ({ signal: context.signal, bridge })

  /** Runs an action (or sampling) handler; without one the request is denied. `isError: true` becomes a denial. */
  const action = async <P>(method: string, handler: Handler<P, McpUiActionResult | void>, params: P, context: RequestContext) => {
    if (!handler) throw new BridgeError('DENIED', `${method}: no host handler`)
    const result = await handler(params, hostContext(context))
    if (isObject(result) && result.isError === true) throw new BridgeError('DENIED', `${method} denied`)
    // Anything but an object is answered `{}` by the session.
    return result
  }

  /** A server request: the host handler (which may `forward()`), else the client, else not supported. */
  const forwarding = (name: ForwardedMethod) => (params: object, context: RequestContext) => {
    const forward = () => forwardToServer(options.client, name, params as Record<string, unknown>, context, timeoutMs)
    const handler = handlers[name] as ((params: object, context: ForwardingContext<unknown>) => unknown) | undefined
    return handler ? handler(params, { ...hostContext(context), forward }) : forward()
  }

  serve(MESSAGE, 'actions', readMessageParams, (params, context) => {
    checkModalities(MESSAGE, options.capabilities?.message, params.content)
    return action(MESSAGE, handlers.message, params, context)
  })

  serve(UPDATE_MODEL_CONTEXT, 'context', readUpdateModelContextParams, async (params, context) => {
    checkModalities(UPDATE_MODEL_CONTEXT, options.capabilities?.updateModelContext, params.content, params.structuredContent !== undefined)
    const update = ++contextUpdates
    await handlers.updateModelContext?.(params, hostContext(context))
    // An update the host's handler finished after a newer one, or one cancelled (or closed) meanwhile, replaces nothing.
    if (update < latestContextUpdate || context.signal.aborted) return
    latestContextUpdate = update
    const empty = !params.content?.length && !Object.keys(params.structuredContent ?? {}).length
    events.emit('modelcontext', empty ? undefined : params)
    // Nothing returned: the session answers `{}`.
  })

  serve(OPEN_LINK, 'actions', readOpenLinkParams, (params, context) => {
    let parsed: URL
    try {
      parsed = new URL(params.url)
    } catch {
      throw new BridgeError('INVALID_PARAMS', `${OPEN_LINK}: invalid url`)
    }
    // Schemes that run code or smuggle content in the host are never opened, whatever the allowlist says.
    const schemes = (options.openLinkSchemes ?? DEFAULT_LINK_SCHEMES).map((scheme) => scheme.toLowerCase().replace(/:?$/, ':'))
    if (!schemes.includes(parsed.protocol) || NEVER_OPENED.includes(parsed.protocol)) {
      throw new BridgeError('DENIED', `${OPEN_LINK}: scheme ${parsed.protocol} not allowed`)
    }
    return action(OPEN_LINK, handlers.openLink, { ...params, parsed }, context)
  })

  serve(DOWNLOAD_FILE, 'actions', readDownloadFileParams, (params, context) => action(DOWNLOAD_FILE, handlers.downloadFile, params, context))

  serve(SAMPLING_CREATE_MESSAGE, 'actions', readCreateMessageParams, (params, context) => {
    return action(SAMPLING_CREATE_MESSAGE, handlers.createSamplingMessage, params, context)
  })

  // The answer is always the resulting mode: a refusal, the rate limit's included, keeps the current one.
  const currentMode = () => ({ mode: bridge.hostContext.displayMode ?? 'inline' })
  // A mode a view request may switch to: in the host's list, and in the view's when it declared one
  // (as HostBridge's `#modeAllowed` reads it for the host's own switches).
  const modeAllowed = (mode: McpUiDisplayMode) =>
    bridge.hostContext.availableDisplayModes?.includes(mode) && (bridge.appCapabilities!.availableDisplayModes?.includes(mode) ?? true)
  serve(
    REQUEST_DISPLAY_MODE,
    'actions',
    readRequestDisplayModeParams,
    async (params, context) => {
      if (params.mode === currentMode().mode || !modeAllowed(params.mode)) return currentMode()
      const granted = (await handlers.requestDisplayMode?.(params, hostContext(context))) ?? params.mode
      // Checked again: the host may have changed the available modes (or the mode) while it decided.
      if (!modeAllowed(granted)) {
        note(`${REQUEST_DISPLAY_MODE}: ${granted} not allowed`, 'POLICY')
        return currentMode()
      }
      // Applied once the answer is sent (spec: return the mode, then notify), as the host would set
      // it; a request the view cancelled is never answered, so it changes nothing.
      context.afterResponse(() => bridge.setHostContext({ displayMode: granted }))
      return { mode: granted }
    },
    currentMode,
  )

  const callTool = forwarding('callTool')
  serve(TOOLS_CALL, 'calls', readCallToolParams, (params, context) => {
    // Visibility first: a model-only or unknown tool never reaches the handler or the server.
    const checked = toolDirectoryFor(options.client, options.tools).assertCallableByApp(params.name, timeoutMs)
    return isThenable(checked)
      ? checked.then(() => {
          // Nobody waits for a call cancelled (or a bridge closed) during the lookup: it must not run.
          context.signal.throwIfAborted()
          return callTool(params, context)
        })
      : callTool(params, context)
  })
  for (const [method, name] of FORWARDED) {
    serve(method, 'calls', method === RESOURCES_READ ? readReadResourceParams : (p) => readPaginatedParams(p, method), forwarding(name))
  }

  /**
   * A notification from the view: gated and rate-limited like requests, but dropped instead of
   * answered. Each method has its own bucket, so a flood of logs cannot cost the view its
   * teardown request. Over the limit, the latest dropped one is kept and delivered once a token is
   * back: a view reports its size only when it changes, so its last report must not be lost.
   */
  const listen = (method: string, run: (params: Record<string, unknown>) => void, beforeHandshake?: boolean) => {
    let latest: Record<string, unknown> | undefined
    const receive = (params: Record<string, unknown>) => {
      if (!bridge.appCapabilities && !beforeHandshake) return note(`${method} before ${INITIALIZE}: dropped`, 'UNEXPECTED')
      if (!hostAllows(options.capabilities, method, params)) return note(`${method}: not supported: dropped`, 'POLICY')
      if (!(limiters[method] ??= createLimiter(limits.notifications))()) {
        // One warning per burst of drops, not one per dropped message.
        if (!(droppedNotifications++ % 1000)) note(`${method}: rate limited: dropped`, 'POLICY')
        // A second later the bucket has tokens again (or the latest waits another second).
        if (!latest) {
          setTimeout(() => {
            const params = latest!
            latest = undefined
            if (!session.closed) receive(params)
          }, 1000)
        }
        latest = params
        return
      }
      try {
        run(params)
      } catch (error) {
        // Readers and the checks here throw `Error`s only; listeners' errors never reach this (the emitter reports them).
        note((error as Error).message, 'MALFORMED')
      }
    }
    session.on(method, receive)
  }
  listen(SIZE_CHANGED, (params) => events.emit('sizechange', readSizeChanged(params)))
  listen(LOGGING_MESSAGE, (params) => events.emit('log', readLoggingMessageParams(params, note)))
  listen(REQUEST_TEARDOWN, () => events.emit('requestteardown'))
  listen(TOOLS_LIST_CHANGED, () => {
    // The view's own tools: only a view that declared `tools.listChanged` may say they changed.
    if (bridge.appCapabilities?.tools?.listChanged !== true) return note(`${TOOLS_LIST_CHANGED} without tools.listChanged: dropped`, 'MALFORMED')
    events.emit('toolslistchanged')
  })
  // Posted by the reporter `injectCspMeta` puts in front of the view: why an app broke, not a blank
  // frame. Accepted before the handshake too, since a blocked script may be why there is none. Any
  // frame can forge one: a value with a throwing `toString` is described, not converted.
  listen(CSP_VIOLATION, ({ blockedURI, directive }) => note(`CSP blocked ${describeThrown(blockedURI || 'inline code')} (${describeThrown(directive)})`, 'POLICY'), true)
  // Read now: a limit left `undefined` (which `Partial<RateLimits>` lets through) fails the
  // construction, not the first request or message it limits.
  for (const bucket in DEFAULT_RATE_LIMITS) limits[bucket as keyof RateLimits].burst
  // `ui/notifications/sandbox-*` (host ↔ proxy traffic, which a view can only forge) have no
  // handler here: ignored with an `UNEXPECTED` warning like any unknown notification (a request of
  // that name is answered `-32601`). In proxy mode the proxy drops them before they reach the host.
}
