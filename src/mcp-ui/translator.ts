/**
 * The legacy MCP-UI protocol spoken to a frame, translated to and from MCP Apps, as a transport
 * between a `HostBridge` and the frame's channel.
 *
 * MCP-UI apps post `{ type, messageId?, payload }` and expect `ui-message-received`,
 * `ui-message-response` and `ui-lifecycle-iframe-render-data` back. Each action becomes the JSON-RPC
 * request an MCP Apps view would send (`tool` → `tools/call`, `prompt` → `ui/message`, `link` →
 * `ui/open-link`, `ui-size-change` → `size-changed`), delivered to the bridge as if the view had
 * sent it: the bridge's gates (handshake, capability, rate limit, params, visibility, link schemes,
 * host handler) apply unchanged, because nothing here can call a host handler directly. `intent`,
 * `notify` and `ui-request-data` have no MCP Apps request and go to `onAction` (host events),
 * within the host's `rateLimits`, as do the app's asks for render data.
 *
 * Which protocol the frame speaks is decided once, by whichever comes first: the frame's own
 * `ui/initialize` (MCP Apps; everything JSON-RPC passes through untouched), an MCP-UI message, or
 * the resource itself (`legacy`). In MCP-UI mode this transport performs the handshake for the
 * frame, answers the bridge's requests (teardown, ping) itself, and sends render data built from
 * the tool input, result and host context it sees go by, once the app is there to receive it.
 *
 * An MCP-UI app that ships `@mcp-ui/server`'s MCP Apps adapter does its handshake itself; in a
 * sandboxed frame the adapter cannot intercept the app's own `postMessage` calls (the parent is
 * cross-origin), so the app's MCP-UI actions still arrive here and are translated, while its
 * `ui-lifecycle-iframe-ready` is ignored: the adapter already said `initialized`, and saying it
 * again is what makes naive bridges send the tool data twice.
 */
import {
  BridgeError,
  INITIALIZE,
  INITIALIZED,
  LATEST_PROTOCOL_VERSION,
  MESSAGE,
  OPEN_LINK,
  SIZE_CHANGED,
  TOOLS_CALL,
  TOOL_INPUT,
  TOOL_RESULT,
  HOST_CONTEXT_CHANGED,
  inspectMessage,
  invalid,
  isObject,
  mergeHostContext,
  toRpcError,
  type BridgeWarningCode,
  type McpUiHostContext,
  type MessageLimits,
  type RequestId,
  type Transport,
} from '../protocol/index.js'
import { DEFAULT_RATE_LIMITS, createLimiter, type RateLimits } from '../host/rate-limit.js'

/** The protocol a frame speaks: legacy MCP-UI, or MCP Apps (JSON-RPC). */
export type McpUiProtocol = 'mcp-ui' | 'mcp-apps'

/** MCP-UI actions without an MCP Apps request: they become host events. */
export type McpUiEventType = 'intent' | 'notify' | 'ui-request-data'

export interface McpUiTransportOptions {
  /** The channel to the frame (`FrameTransport`, or `ProxyTransport` behind the sandbox proxy). */
  frame: Transport
  /** Serve the frame as MCP-UI from the start (the resource says so); otherwise its first message decides. */
  legacy?: boolean
  /** Render data besides the tool data and host context (`mcpui.dev/ui-initial-render-data`, the host's). */
  renderData?: Record<string, unknown>
  /**
   * Runs an `intent`, `notify` or `ui-request-data` (its string field checked); resolves with the
   * app's response, rejects to refuse it.
   */
  onAction(type: McpUiEventType, payload: Record<string, unknown>): Promise<unknown>
  /** Reports what was tolerated, dropped or refused (the bridge's `warning` event). */
  warn(code: BridgeWarningCode, message: string): void
  /**
   * The host's message limits (the bridge's `limits`). MCP-UI messages are inspected here against
   * them, as the bridge inspects JSON-RPC: own `__proto__` keys removed, and one over the size or
   * depth limit dropped.
   */
  limits?: Partial<MessageLimits>
  /**
   * The host's rate limits (the bridge's `rateLimits`): `intent` and `ui-request-data` draw on the
   * action budget (one bucket), `notify` and the asks for render data (`ui-lifecycle-iframe-ready`,
   * `ui-request-render-data`) on the notification budget, each its own bucket.
   */
  rateLimits?: Partial<RateLimits>
}

const READY = 'ui-lifecycle-iframe-ready'
const REQUEST_RENDER_DATA = 'ui-request-render-data'
const RENDER_DATA = 'ui-lifecycle-iframe-render-data'
const SIZE = 'ui-size-change'
/**
 * Each action's required string field. `ui-request-data` is one too: MCP-UI reserves it, and its
 * app waits for the answer under its message id, so it is answered (by the host's listener, or
 * refused) rather than dropped.
 */
const FIELDS: Record<string, string> = { tool: 'toolName', prompt: 'prompt', link: 'url', intent: 'intent', notify: 'message', 'ui-request-data': 'requestType' }
const KNOWN = [READY, REQUEST_RENDER_DATA, SIZE, ...Object.keys(FIELDS)]
/** The app info the bridge sees for a frame served as MCP-UI (each bridge gets a copy of its own). */
export const MCP_UI_APP_INFO = { name: 'mcp-ui-app', version: 'legacy' } as const

/** The MCP-UI translator: a `Transport` for the bridge, plus what the mount layer needs. */
export interface McpUiTransport extends Transport {
  /** The protocol the frame speaks, once known. */
  readonly protocol: McpUiProtocol | undefined
  /**
   * What the app is sent as `renderData`: the resource's and host's render data, then `toolInput`,
   * `toolOutput` (the whole tool result), `theme`, `locale`, `displayMode`, `maxHeight` (the keys
   * `@mcp-ui/server`'s adapters use).
   */
  readonly renderData: Record<string, unknown>
  /** The frame's document loaded (srcdoc framing): MCP-UI sends render data then, unasked. */
  loaded(): void
}

type Answer = { result?: Record<string, unknown>; error?: unknown }

/**
 * Creates the translator for one frame: give it the frame's channel, and give the result to a
 * `HostBridge` as its transport (`mountMcpUiApp` does both, through `mountApp`'s `wrapTransport`).
 */
export function createMcpUiTransport(options: McpUiTransportOptions): McpUiTransport {
  const { frame, warn } = options
  const pending = new Map<RequestId, (answer: Answer) => void>()
  let protocol: McpUiProtocol | undefined
  let receive: ((data: unknown) => void) | undefined
  /** The id of the frame's own `ui/initialize`: its answer carries the host context. */
  let initializeId: RequestId | undefined
  let context: McpUiHostContext = {}
  let toolInput: unknown
  let toolOutput: unknown
  /** The app can receive: it spoke, or its document loaded. */
  let live = false
  let queued = false
  // The budgets the bridge gives a view's actions and notifications: for `intent` and `notify`
  // (refused over them), and for the asks for render data (dropped over it, like a message over
  // the size limits): each answer copies the whole tool data to the frame, and a flood of asks
  // must not make the host do that without end.
  const rates = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits }
  // A data request is an action: it shares intent's bucket.
  const intent = createLimiter(rates.actions)
  const allowed: Record<string, () => boolean> = { intent, notify: createLimiter(rates.notifications), [READY]: createLimiter(rates.notifications), 'ui-request-data': intent }

  const post = (type: string, messageId?: RequestId, payload?: unknown) => {
    // Nothing after the bridge stopped listening: the frame may hold another document by then
    // (a navigation is what closes it), which must not get the app's data.
    if (!receive) return
    try {
      frame.send({ type, messageId, payload } as never)
    } catch (error) {
      warn('UNEXPECTED', `${type}: ${error}`)
    }
  }
  const setContext = (change: unknown, replace?: boolean) => {
    if (isObject(change)) context = mergeHostContext(replace ? {} : context, change).context
  }
  /** Sends the current render data once the app is there, coalescing what changed in one turn. */
  const push = () => {
    if (protocol !== 'mcp-ui' || !live || queued) return
    queued = true
    queueMicrotask(() => {
      queued = false
      post(RENDER_DATA, undefined, { renderData: transport.renderData })
    })
  }
  /** Sends a request to the bridge as the view; resolves with its result, rejects with its error object. */
  const request = (method: string, params: Record<string, unknown>) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      // Random, not counted: the frame's own JSON-RPC reaches the same session, and a frame that
      // guessed the next id would take this request's answer (or have it refused as a duplicate).
      const id = Math.random()
      pending.set(id, (answer) => (answer.error ? reject(answer.error) : resolve(answer.result!)))
      receive?.({ jsonrpc: '2.0', id, method, params })
    })
  /** The handshake an MCP Apps view would do, on behalf of an app that cannot. */
  const serveLegacy = () => {
    protocol = 'mcp-ui'
    // Never refused: these params are valid, and a bridge refuses nothing else in a first ui/initialize.
    void request(INITIALIZE, { appInfo: { ...MCP_UI_APP_INFO }, appCapabilities: {}, protocolVersion: LATEST_PROTOCOL_VERSION }).then((result) => {
      setContext(result.hostContext, true)
      receive?.({ jsonrpc: '2.0', method: INITIALIZED, params: {} })
    })
  }
  /**
   * One MCP-UI action: acknowledged at once, answered when the bridge (or the host) settles it.
   * Both are sent without a message id too, as `@mcp-ui/client` sends them: an app that makes one
   * call at a time may read any response.
   */
  const action = async (type: string, payload: unknown, messageId: RequestId | undefined) => {
    post('ui-message-received', messageId)
    // What `ui-message-response` carries: the answer as `response`, or the error.
    let response: { response: unknown } | { error: unknown }
    try {
      const field = FIELDS[type]!
      if (!isObject(payload) || typeof payload[field] !== 'string') invalid(`MCP-UI ${type}`, `payload.${field}`, 'a string')
      // `intent`, `notify` and `ui-request-data`; the bridge holds the others to its own budgets.
      if (allowed[type]?.() === false) throw new BridgeError('RATE_LIMITED', `${type}: rate limited`)
      response = {
        response: await (type === 'tool'
          ? request(TOOLS_CALL, { name: payload.toolName, arguments: payload.params ?? {} })
          : type === 'prompt'
            ? request(MESSAGE, { role: 'user', content: [{ type: 'text', text: payload.prompt }] })
            : type === 'link'
              ? request(OPEN_LINK, { url: payload.url })
              : options.onAction(type as McpUiEventType, payload)),
      }
    } catch (error) {
      // A JSON-RPC error object from the bridge, or a BridgeError from here: the same wire form.
      response = { error: toRpcError(error) }
    }
    post('ui-message-response', messageId, response)
  }

  const fromFrame = (data: unknown) => {
    if (!isObject(data)) return
    if (data.jsonrpc === '2.0') {
      if (data.method === INITIALIZE) {
        protocol ??= 'mcp-apps'
        initializeId = data.id as RequestId
      }
      return receive?.(data)
    }
    const { type, payload, messageId } = data as { type: string; payload: unknown; messageId?: RequestId }
    // Anything else is another script's business (frames share postMessage). What the bridge does
    // to every JSON-RPC message is done here too: over the size or depth limits it is dropped, and
    // own `__proto__` keys are removed.
    if (!KNOWN.includes(type) || inspectMessage(data, options.limits).problem || ((type === READY || type === REQUEST_RENDER_DATA) && !allowed[READY]!())) return
    protocol ?? serveLegacy()
    const first = !live
    live = true
    if (type === READY) {
      if (protocol === 'mcp-ui') return push()
      return warn('UNEXPECTED', `${READY} after ${INITIALIZE}: ignored`)
    }
    // An app that speaks without asking still gets what MCP-UI sends on load; one whose first word is
    // a request gets it too, after its answer: asked before its handshake was answered, the answer
    // holds no host context yet.
    if (first) push()
    if (type === REQUEST_RENDER_DATA) return post(RENDER_DATA, messageId, { renderData: transport.renderData })
    if (type !== SIZE) return void action(type, payload, messageId)
    // The bridge checks it as it checks a view's size report (and reports what it drops).
    receive?.({ jsonrpc: '2.0', method: SIZE_CHANGED, params: payload ?? null })
  }

  const transport: McpUiTransport = {
    get protocol() {
      return protocol
    },
    get renderData() {
      const { theme, locale, displayMode, containerDimensions: box } = context
      return { ...options.renderData, toolInput, toolOutput, theme, locale, displayMode, maxHeight: box?.maxHeight ?? box?.height }
    },
    loaded() {
      live = true
      push()
    },
    listen(receiver) {
      receive = receiver
      const stop = frame.listen(fromFrame)
      // Not during the call: a bridge listens before it registers its handlers.
      if (options.legacy) queueMicrotask(() => protocol ?? serveLegacy())
      return () => {
        receive = undefined
        stop()
      }
    },
    /** What the bridge sends: tracked for render data, then passed on, answered here, or dropped. */
    send(message) {
      const { id, method, params, result } = message as { id?: RequestId; method?: string; params?: Record<string, unknown>; result?: Record<string, unknown> }
      if (method === undefined) {
        const settle = pending.get(id!)
        if (pending.delete(id!)) return settle!(message as Answer)
        if (id === initializeId) setContext(result?.hostContext, true)
        return frame.send(message)
      }
      const legacy = protocol === 'mcp-ui'
      if (method === TOOL_INPUT) toolInput = params?.arguments
      else if (method === TOOL_RESULT) toolOutput = params
      else if (method === HOST_CONTEXT_CHANGED) setContext(params)
      // Other notifications (partial input, list changes) mean nothing to an MCP-UI app.
      else if (legacy && id === undefined) return
      if (!legacy) return frame.send(message)
      // An MCP-UI app reads none of the JSON-RPC: its data goes out as render data, and the bridge's
      // requests are answered here so that it never waits for an app that cannot. They can only be
      // teardown and ping (`{}` is right for both): the handshake declared no app tools.
      if (id === undefined) return push()
      queueMicrotask(() => receive?.({ jsonrpc: '2.0', id, result: {} }))
    },
  }
  return transport
}
