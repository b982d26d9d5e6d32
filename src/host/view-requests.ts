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
  type McpUiHostContext,
  type McpUiMessageParams,
  type McpUiOpenLinkParams,
  type McpUiUpdateModelContextParams,
  type Note,
  type PaginatedParams,
  type ReadResourceParams,
  type ReadResourceResult,
  type RequestContext,
  type RequestHandler,
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

type Params = Record<string, unknown>

/**
 * Serves the view's requests and notifications on `session` for `bridge`, configured by its
 * `options` (whose `client` and `tools` answer visibility checks): `note` reports warnings, and
 * `events` are the bridge's (the view's notifications become events, and so does a new model context).
 * `initialize` answers `ui/initialize`: served here so that a repeated one passes the gate.
 * Positional, not an options object: one internal caller, and the property names would ship.
 */
export function serveViewRequests(
  session: Session,
  options: HostBridgeOptions,
  bridge: HostBridge,
  note: Note,
  events: SafeEmitter<HostBridgeEvents>,
  initialize: RequestHandler,
): void {
  const handlers = options.handlers ?? {}
  const limits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits }
  // Requests share their category's bucket; each notification method gets its own.
  // Each is made at its first use: a live view uses few, and a limiter is a closure, its scope and
  // a heap number on the host page (the bucket starts full either way).
  const limiters: Record<string, () => boolean> = {}
  // The latest notification of each method dropped over its limit, delivered once a token is back.
  const latest: Record<string, Params | undefined> = {}
  const maxConcurrent = options.maxConcurrentCalls ?? 16
  // What the MCP SDK gets: its timers, unlike the session's, fire at once for a longer delay.
  const timeoutMs = timerDelay(options.timeoutMs)
  let callsInFlight = 0
  let contextUpdates = 0
  let latestContextUpdate = 0
  let droppedNotifications = 0

  /**
   * Serves every view request: one handler, registered for each method (the session passes the
   * method), so a bridge holds no closure per method. The helpers below are made per request
   * instead: a live view makes few, and a long chat holds dozens of bridges. Each method's case
   * puts its params reader, its policy and its host handler behind the shared gate.
   */
  const serve = (raw: Params, context: RequestContext, method: string) => {
    // What a host handler gets besides the params.
    const hostContext: HostRequestContext = { signal: context.signal, bridge }

    /** Runs an action (or sampling) handler; without one the request is denied. `isError: true` becomes a denial. */
    const action = async <P>(handler: Handler<P, McpUiActionResult | void>, params: P) => {
      if (!handler) throw new BridgeError('DENIED', `${method}: no host handler`)
      const result = await handler(params, hostContext)
      if (isObject(result) && result.isError === true) throw new BridgeError('DENIED', `${method} denied`)
      // Anything but an object is answered `{}` by the session.
      return result
    }

    /** A server request: the host handler (which may `forward()`), else the client, else not supported. */
    const forwarding = (name: ForwardedMethod, params: object) => {
      const forward = () => forwardToServer(options.client, name, params as Params, context, timeoutMs)
      const handler = handlers[name] as ((params: object, context: ForwardingContext<unknown>) => unknown) | undefined
      return handler ? handler(params, { ...hostContext, forward }) : forward()
    }

    // The answer is always the resulting mode: a refusal, the rate limit's included, keeps the current one.
    // Read from one copy of the host context (the getter copies it whole, styles and tool included).
    const modeIn = (now: McpUiHostContext) => ({ mode: now.displayMode ?? 'inline' })
    // A mode a view request may switch to: in the host's list, and in the view's when it declared one
    // (as HostBridge's `#modeAllowed` reads it for the host's own switches).
    const modeAllowed = (mode: McpUiDisplayMode, now: McpUiHostContext) =>
      now.availableDisplayModes?.includes(mode) && (bridge.appCapabilities!.availableDisplayModes?.includes(mode) ?? true)

    /**
     * The shared gate, then `run`. Synchronous all the way when the handler is: an `async`
     * wrapper here would cost every `tools/call` a few microtasks. Over the rate limit, the answer
     * is a `RATE_LIMITED` error, except for a display-mode request (see `modeIn`).
     */
    const gate = <P>(bucket: keyof RateLimits, read: (params: Params, note: Note) => P, run: (params: P) => unknown) => {
      if (!bridge.appCapabilities) throw new BridgeError('PROTOCOL', `${method} before ${INITIALIZE}`)
      if (!hostAllows(options.capabilities, method, raw)) throw new BridgeError('NOT_SUPPORTED', `${method}: not supported`)
      if (!(limiters[bucket] ??= createLimiter(limits[bucket]))()) {
        if (method === REQUEST_DISPLAY_MODE) return modeIn(bridge.hostContext)
        throw new BridgeError('RATE_LIMITED', `${method}: rate limited`)
      }
      const params = read(raw, note)
      // A listener may have closed the bridge meanwhile (a `warning` one on a note of the read, a
      // `traffic` one on the request itself): no policy or host handler runs (`true` instead) for a
      // view the host let go, and a closed bridge answers nothing.
      if (bucket !== 'calls') return session.closed || run(params)
      if (callsInFlight >= maxConcurrent) throw new BridgeError('RATE_LIMITED', `${method}: ${maxConcurrent} calls in flight`)
      callsInFlight++
      let outcome: unknown
      try {
        outcome = session.closed || run(params)
        // A call still running counts until it settles: `outcome` becomes the promise that says so.
        return isThenable(outcome) ? (outcome = Promise.resolve(outcome).finally(() => callsInFlight--)) : outcome
      } finally {
        // A call that returned or threw at once counts no more.
        if (!isThenable(outcome)) callsInFlight--
      }
    }

    switch (method) {
      case INITIALIZE:
        // A view re-created in its frame is given all its tool data again: one re-created in a loop
        // would make the host copy it again and again, so a repeated handshake is an action behind
        // the gate like any other. The first, with no app yet, is free (the gate refuses everything
        // before it); the bridge's handler reads the params.
        return bridge.appCapabilities ? gate('actions', (params) => params, (params) => initialize(params, context, method)) : initialize(raw, context, method)
      case MESSAGE:
        return gate('actions', readMessageParams, (params) => {
          checkModalities(method, options.capabilities?.message, params.content)
          return action(handlers.message, params)
        })
      case UPDATE_MODEL_CONTEXT:
        return gate('context', readUpdateModelContextParams, async (params) => {
          checkModalities(method, options.capabilities?.updateModelContext, params.content, params.structuredContent !== undefined)
          const update = ++contextUpdates
          await handlers.updateModelContext?.(params, hostContext)
          // An update the host's handler finished after a newer one, or one cancelled (or closed) meanwhile, replaces nothing.
          if (update < latestContextUpdate || context.signal.aborted) return
          latestContextUpdate = update
          // An update with neither content nor structured content clears the model context.
          events.emit('modelcontext', params.content?.length || Object.keys(params.structuredContent ?? {}).length ? params : undefined)
          // Nothing returned: the session answers `{}`.
        })
      case OPEN_LINK:
        return gate('actions', readOpenLinkParams, (params) => {
          let parsed: URL
          try {
            parsed = new URL(params.url)
          } catch {
            throw new BridgeError('INVALID_PARAMS', `${method}: invalid url`)
          }
          // The allowlist (by default the web's and mail's schemes); schemes that run code or smuggle
          // content in the host are never opened, whatever it says. Written where they are read: the
          // lists are made per request (actions are rate-limited), not named at load.
          const schemes = (options.openLinkSchemes ?? ['http:', 'https:', 'mailto:']).map((scheme) => scheme.toLowerCase().replace(/:?$/, ':'))
          if (!schemes.includes(parsed.protocol) || ['javascript:', 'data:', 'vbscript:', 'blob:', 'file:'].includes(parsed.protocol)) {
            throw new BridgeError('DENIED', `${method}: scheme ${parsed.protocol} not allowed`)
          }
          return action(handlers.openLink, { ...params, parsed })
        })
      case DOWNLOAD_FILE:
        return gate('actions', readDownloadFileParams, (params) => action(handlers.downloadFile, params))
      case SAMPLING_CREATE_MESSAGE:
        return gate('actions', readCreateMessageParams, (params) => action(handlers.createSamplingMessage, params))
      case REQUEST_DISPLAY_MODE:
        return gate(
          'actions',
          readRequestDisplayModeParams,
          async (params) => {
            // The context is read once before the host decides and once after (not once per look):
            // the host may have changed the available modes (or the mode) while it decided.
            let now = bridge.hostContext
            let { mode } = params
            if (mode !== modeIn(now).mode && modeAllowed(mode, now)) {
              mode = (await handlers.requestDisplayMode?.(params, hostContext)) ?? mode
              // Applied once the answer is sent (spec: return the mode, then notify), as the host would
              // set it; a request the view cancelled is never answered, so it changes nothing.
              if (modeAllowed(mode, (now = bridge.hostContext))) {
                context.afterResponse(() => bridge.setHostContext({ displayMode: mode }))
                return { mode }
              }
              // The current mode is the handler's refusal (or the host switched meanwhile), answered
              // below as it is: not reported, also when it is outside the lists (inline, say).
              if (mode !== modeIn(now).mode) note(`${method}: ${mode} not allowed`, 'POLICY')
            }
            return modeIn(now)
          },
        )
      case TOOLS_CALL:
        return gate('calls', readCallToolParams, (params) => {
          // Visibility first: a model-only or unknown tool never reaches the handler or the server.
          const checked = toolDirectoryFor(options.client, options.tools).assertCallableByApp(params.name, timeoutMs)
          return isThenable(checked)
            ? checked.then(() => {
                // Nobody waits for a call cancelled (or a bridge closed) during the lookup: it must not run.
                context.signal.throwIfAborted()
                return forwarding('callTool', params)
              })
            : forwarding('callTool', params)
        })
    }
    // One of the requests forwarded to the view's server (the session calls this handler for the
    // methods registered below only), each with the name of its host handler and client method.
    return gate<object>('calls', method === RESOURCES_READ ? readReadResourceParams : (params) => readPaginatedParams(params, method), (params) =>
      forwarding(
        (
          {
            [RESOURCES_READ]: 'readResource',
            [RESOURCES_LIST]: 'listResources',
            [RESOURCE_TEMPLATES_LIST]: 'listResourceTemplates',
            [PROMPTS_LIST]: 'listPrompts',
          } as Record<string, ForwardedMethod>
        )[method]!,
        params,
      ),
    )
  }
  for (const method of [INITIALIZE, MESSAGE, UPDATE_MODEL_CONTEXT, OPEN_LINK, DOWNLOAD_FILE, SAMPLING_CREATE_MESSAGE, REQUEST_DISPLAY_MODE, TOOLS_CALL, RESOURCES_READ, RESOURCES_LIST, RESOURCE_TEMPLATES_LIST, PROMPTS_LIST]) session.handle(method, serve)

  /**
   * A notification from the view: gated and rate-limited like requests, but dropped instead of
   * answered. Over the limit, the latest dropped one is kept and delivered once a token is back: a
   * view reports its size only when it changes, so its last report must not be lost.
   */
  const receive = (params: Params, method: string) => {
    if (!bridge.appCapabilities && method !== CSP_VIOLATION) return note(`${method} before ${INITIALIZE}: dropped`, 'UNEXPECTED')
    if (!hostAllows(options.capabilities, method, params)) return note(`${method}: not supported: dropped`, 'POLICY')
    if (!(limiters[method] ??= createLimiter(limits.notifications))()) {
      // One warning per burst of drops, not one per dropped message.
      if (!(droppedNotifications++ % 1000)) note(`${method}: rate limited: dropped`, 'POLICY')
      // A second later the bucket has tokens again (or the latest waits another second).
      if (!latest[method]) {
        setTimeout(() => {
          const params = latest[method]!
          latest[method] = undefined
          if (!session.closed) receive(params, method)
        }, 1000)
      }
      latest[method] = params
      return
    }
    try {
      switch (method) {
        case SIZE_CHANGED:
          return events.emit('sizechange', readSizeChanged(params))
        case LOGGING_MESSAGE:
          return events.emit('log', readLoggingMessageParams(params, note))
        case REQUEST_TEARDOWN:
          return events.emit('requestteardown')
        case TOOLS_LIST_CHANGED:
          // The view's own tools: only a view that declared `tools.listChanged` may say they changed.
          if (bridge.appCapabilities?.tools?.listChanged !== true) return note(`${method} without tools.listChanged: dropped`, 'MALFORMED')
          return events.emit('toolslistchanged')
      }
      // The one method left, CSP_VIOLATION (the session calls this for the methods registered below
      // only): why an app broke, not a blank frame. Any frame can forge one: a value with a throwing
      // `toString` is described, not converted.
      note(`CSP blocked ${describeThrown(params.blockedURI || 'inline code')} (${describeThrown(params.directive)})`, 'POLICY')
    } catch (error) {
      // Readers and the checks here throw `Error`s only; listeners' errors never reach this (the emitter reports them).
      note((error as Error).message, 'MALFORMED')
    }
  }
  // Each method has its own bucket, so a flood of logs cannot cost the view its teardown request.
  // `CSP_VIOLATION` is posted by the reporter `injectCspMeta` puts in front of the view, and
  // accepted before the handshake too, since a blocked script may be why there is none.
  for (const method of [SIZE_CHANGED, LOGGING_MESSAGE, REQUEST_TEARDOWN, TOOLS_LIST_CHANGED, CSP_VIOLATION]) session.on(method, receive)
  // Read now: a limit left `undefined` (which `Partial<RateLimits>` lets through) fails the
  // construction, not the first request or message it limits.
  for (const bucket in DEFAULT_RATE_LIMITS) limits[bucket as keyof RateLimits].burst
  // `ui/notifications/sandbox-*` (host ↔ proxy traffic, which a view can only forge) have no
  // handler here: ignored with an `UNEXPECTED` warning like any unknown notification (a request of
  // that name is answered `-32601`). In proxy mode the proxy drops them before they reach the host.
}
