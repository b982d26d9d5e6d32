/**
 * `window.openai`, for apps written against the OpenAI Apps SDK (ChatGPT), backed by a
 * `ViewBridge`: such an app runs unchanged in any MCP Apps host.
 *
 * - Feature detection stays honest once the handshake is done: each method exists only while the
 *   host advertises what it needs (`callTool`: `serverTools`; `sendFollowUpMessage`: `message`;
 *   `openExternal`: `openLinks`; `setWidgetState`: `updateModelContext` accepting structured
 *   content; `requestDisplayMode`: a mode besides `inline` in `availableDisplayModes`). Before it,
 *   every method is there, as in ChatGPT, and waits for it (then runs, or is refused with
 *   `NOT_SUPPORTED`); `notifyIntrinsicHeight` and `requestClose` always exist.
 * - Every global the Apps SDK documents is there from install, with the value ChatGPT gives when it
 *   has none (`null` for the tool output, its metadata and the widget state), so reads before any
 *   data are safe. The globals change, then `openai:set_globals` fires with the ones that changed,
 *   on every host context change, tool input, tool result and widget state.
 * - `setWidgetState` becomes `ui/update-model-context` (the state as `structuredContent`, marked
 *   `_meta["openai/widgetState"]: true`), which is model context in MCP Apps as widget state is in
 *   ChatGPT. A state's `privateContent`, which ChatGPT keeps from the model, goes in the marker
 *   instead (`{ privateContent }`). A host that persists it says so, and returns the saved state, in
 *   `hostCapabilities.experimental["openai/widgetState"] = { state }` (see `host.ts`): the
 *   spec's experimental channel, no new method on the wire.
 * - `notifyIntrinsicHeight` becomes `size-changed`, and stops auto-resize: the app sizes itself.
 * - `requestClose` becomes `ui/notifications/request-teardown`: the host decides, and tears the
 *   view down the usual way if it agrees.
 * - ChatGPT's own extensions, which MCP Apps has no equivalent for (`requestModal`, `uploadFile`,
 *   `getFileDownloadUrl`, `setOpenInAppUrl`, `requestCheckout`), are there too and reject with
 *   `NOT_SUPPORTED`: apps call them without checking (ChatGPT always has them), and a rejection
 *   they can catch is better than a `TypeError` thrown at the call.
 * - The shim does the handshake once, itself, with a bridge of its own. It never installs over an
 *   existing `window.openai` (ChatGPT's own, another copy of the shim, another compatibility
 *   layer), so it never speaks for a bridge that is already in the page.
 */
import { BridgeError, acceptsModality, deepEqual, isObject, type CallToolResult, type Implementation, type McpUiDisplayMode } from '../protocol/index.js'
import { ViewBridge, type ViewBridgeOptions, type ViewConnection } from '../view/view-bridge.js'
import type { MessageSource, MessageTarget } from '../view/parent-transport.js'
import { contextGlobals, type OpenAiGlobals } from './globals.js'
import { SET_GLOBALS_EVENT, TOOL_RESPONSE_EVENT, WIDGET_STATE_KEY } from './keys.js'


/**
 * The methods that exist only while the host supports what they need: there from install, waiting
 * for the handshake, then put in or removed by what the host advertised.
 */
const DETECTED = ['callTool', 'sendFollowUpMessage', 'sendFollowupTurn', 'openExternal', 'requestDisplayMode', 'setWidgetState'] as const

/** ChatGPT's extensions with no MCP Apps equivalent: always there, always refused (after the handshake, like the rest). */
const UNSUPPORTED = ['requestModal', 'uploadFile', 'getFileDownloadUrl', 'setOpenInAppUrl', 'requestCheckout'] as const

/** `window.openai`: the globals, and the methods the host supports. */
export interface OpenAi extends OpenAiGlobals {
  /** Resolves with the tool result, and its text blocks' text, one per line, as `result` (as ChatGPT's does). */
  callTool?: (name: string, args?: Record<string, unknown>) => Promise<CallToolResult & { result: string }>
  sendFollowUpMessage?: (args: { prompt: string } | string) => Promise<void>
  /** The older name of `sendFollowUpMessage`. */
  sendFollowupTurn?: (args: { prompt: string } | string) => Promise<void>
  openExternal?: (args: { href: string } | string) => Promise<unknown>
  /** Resolves with the mode in effect afterwards (the current one when refused). */
  requestDisplayMode?: (args: { mode: McpUiDisplayMode }) => Promise<{ mode: McpUiDisplayMode }>
  /** Saves an object as the widget state, `null` clears it; anything else is refused (`INVALID_PARAMS`). */
  setWidgetState?: (state: Record<string, unknown> | null) => Promise<void>
  /** The content's height, in pixels (a number, or `{ height }`); anything else is ignored. */
  notifyIntrinsicHeight: (height: number | { height: number }) => void
  /** Asks the host to close the view (`ui/notifications/request-teardown`); resolves once asked. */
  requestClose: () => Promise<void>
  /** Not supported (no MCP Apps equivalent): rejects with `NOT_SUPPORTED`. */
  requestModal: (args?: unknown) => Promise<never>
  /** Not supported (no MCP Apps equivalent): rejects with `NOT_SUPPORTED`. */
  uploadFile: (file?: unknown, options?: unknown) => Promise<never>
  /** Not supported (no MCP Apps equivalent): rejects with `NOT_SUPPORTED`. */
  getFileDownloadUrl: (file?: unknown) => Promise<never>
  /** Not supported (no MCP Apps equivalent): rejects with `NOT_SUPPORTED`. */
  setOpenInAppUrl: (args?: unknown) => Promise<never>
  /** Not supported (no MCP Apps equivalent): rejects with `NOT_SUPPORTED`. */
  requestCheckout: (args?: unknown) => Promise<never>
}

/** The window the shim installs on (the real `window` by default; tests pass another). */
export interface ShimWindow extends MessageSource {
  parent: unknown
  document?: Document
  openai?: OpenAi
  CustomEvent: typeof CustomEvent
  dispatchEvent(event: Event): boolean
}

export interface OpenAiShimOptions {
  /** Where to install `openai` (default: this window). */
  window?: ShimWindow
  /** Options of the shim's bridge (`appInfo` defaults to the document's title). */
  bridgeOptions?: Partial<ViewBridgeOptions>
}

export interface OpenAiShim {
  openai: OpenAi
  bridge: ViewBridge
  /** The shim's handshake: resolves once the methods the host supports are installed. */
  ready: Promise<ViewConnection>
}

/**
 * Installs `window.openai` (before the app's code runs) and connects it to the host. Returns
 * `undefined`, doing nothing, when the window already has an `openai`.
 */
export function installOpenAiShim(options: OpenAiShimOptions = {}): OpenAiShim | undefined {
  const win = options.window ?? (globalThis as unknown as ShimWindow)
  if ('openai' in win) return undefined
  const bridge = new ViewBridge({
    appInfo: { name: win.document?.title || 'openai-app', version: '0' } as Implementation,
    // ChatGPT apps may ask for any of the three; the host decides.
    capabilities: { availableDisplayModes: ['inline', 'fullscreen', 'pip'] },
    self: win as ViewBridgeOptions['self'],
    target: win.parent as MessageTarget,
    ...options.bridgeOptions,
  })
  let restored = false
  let height: number | undefined
  const text = (args: { prompt?: string; href?: string } | string, key: 'prompt' | 'href') => (typeof args === 'string' ? args : args?.[key]) as string
  /** The promise, with a handler attached so that a rejection nobody awaits is not reported as unhandled. */
  const quiet = <T>(promise: Promise<T>) => (promise.catch(() => {}), promise)
  let latestState: object | undefined
  const methods = {
    // ChatGPT's answer carries the text content as `result` too, and apps read it (the official
    // data-explorer example parses JSON from it).
    callTool: async (name: string, args?: Record<string, unknown> | null) => {
      const result = await bridge.callServerTool({ name, arguments: (args ??= {}) })
      // ChatGPT tells the page that a call completed, for apps that refresh on it.
      win.dispatchEvent(new win.CustomEvent(TOOL_RESPONSE_EVENT, { detail: { tool: { name, args } } }))
      return { ...result, result: result.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n') }
    },
    sendFollowUpMessage: async (args: { prompt: string } | string) => void (await bridge.sendMessage(text(args, 'prompt'))),
    // ChatGPT's openExternal and setWidgetState return nothing to await (its own useWidgetState
    // hook never does): a refusal nobody awaits must not be an unhandled rejection.
    openExternal: (args: { href: string } | string) => quiet(bridge.openLink(text(args, 'href'))),
    requestDisplayMode: async ({ mode }: { mode: McpUiDisplayMode }) => ({ mode: await bridge.requestDisplayMode(mode).catch(() => openai.displayMode) }),
    setWidgetState(state: unknown) {
      // ChatGPT's published types (copied from its web sandbox) take an object, `setWidgetState(state:
      // WidgetState)` with `WidgetState = UnknownObject`, and give back `widgetState: WidgetState |
      // null`; apps pass null to reset it, and its documented shapes are objects (a snapshot, or
      // `{ modelContent, privateContent, imageIds }`). Model context carries structured content as an
      // object only. So an object is saved, null (or nothing) clears, and anything else is refused
      // rather than saved as null and lost on the next render.
      if (state != null && !isObject(state)) return quiet(Promise.reject(new BridgeError('INVALID_PARAMS', 'setWidgetState: not an object or null')))
      update({ widgetState: (state ??= null) })
      // The model sees the state but its `privateContent` (ChatGPT's structured shape: that part is
      // for the widget only), which travels in `_meta`, never given to the model, for the host to keep.
      const { privateContent, ...shown } = (state ?? {}) as Record<string, unknown>
      const save = () =>
        quiet(bridge.updateModelContext({ ...(isObject(state) && { structuredContent: shown }), _meta: { [WIDGET_STATE_KEY]: privateContent === undefined || { privateContent } } }))
      const mine = (latestState = {})
      return quiet(
        save().catch((error) => {
          // The latest state refused (the host's rate limit, when an app sets state on every input
          // event) is tried once more a second later, unless a newer one came: the host must end
          // with the app's last state. The caller hears of the first refusal.
          setTimeout(() => latestState === mine && save(), 1000)
          throw error
        }),
      )
    },
  }
  const openai: OpenAi = {
    ...contextGlobals({}),
    toolInput: {},
    toolOutput: null,
    toolResponseMetadata: null,
    widgetState: null,
    notifyIntrinsicHeight(next) {
      // Apps pass the height, or `{ height }`. A call without one (an app saying "I changed") leaves
      // auto-resize on, which measures.
      const value = typeof next === 'number' ? next : next?.height
      if (!(Number.isFinite(value) && value! >= 0)) return
      bridge.stopAutoResize()
      bridge.sendSizeChanged({ height: (height = value) })
    },
    // The notification needs no capability: it goes out once the handshake is done.
    requestClose: () => quiet(ready.then(() => void bridge.requestTeardown())),
  } as OpenAi
  const target = openai as unknown as Record<string, unknown>
  // ChatGPT's methods are there before the app's code runs, and apps call them at once (a tool call
  // in a mount effect). Until the handshake says what the host supports, each one waits for it, then
  // runs, or is refused as the app would have found it missing: `update` puts in the real methods
  // (or none) before this runs, and never the unsupported ones, which stay this placeholder. Not
  // awaited, a refusal is no unhandled rejection (see `quiet`).
  for (const name of [...DETECTED, ...UNSUPPORTED]) {
    const placeholder = (target[name] = (...args: unknown[]) =>
      quiet(
        ready.then(() => {
          const method = target[name] as ((...args: unknown[]) => unknown) | undefined
          if (!method || method === placeholder) throw new BridgeError('NOT_SUPPORTED', `${name}: not supported`)
          return method(...args)
        }),
      ))
  }
  Object.defineProperty(win, 'openai', { value: openai, enumerable: true })

  /** Applies what changed (and the context's globals), re-detects the methods, fires the event. */
  function update(change: Partial<OpenAiGlobals>): void {
    const caps = bridge.hostCapabilities
    const next: Partial<OpenAiGlobals> = { ...contextGlobals(bridge.hostContext), ...change }
    if (caps && !restored) {
      restored = true
      const saved = caps.experimental?.[WIDGET_STATE_KEY] as { state?: unknown } | undefined
      next.widgetState ??= saved?.state ?? null
    }
    const model = caps?.updateModelContext
    const supported: Record<(typeof DETECTED)[number], unknown> = {
      callTool: caps?.serverTools,
      sendFollowUpMessage: caps?.message,
      sendFollowupTurn: caps?.message,
      openExternal: caps?.openLinks,
      requestDisplayMode: bridge.hostContext.availableDisplayModes?.some((mode) => mode !== 'inline'),
      setWidgetState: isObject(model) && acceptsModality(model, 'structuredContent'),
    }
    for (const name of DETECTED) {
      if (supported[name]) target[name] = methods[name === 'sendFollowupTurn' ? 'sendFollowUpMessage' : name]
      else delete target[name]
    }
    const globals: Record<string, unknown> = {}
    // A global that became `undefined` is `null` in the event: the Apps SDK's useOpenAiGlobal hook
    // ignores an event whose value for its key is `undefined`, and would keep the old value.
    for (const [key, value] of Object.entries(next)) if (!deepEqual(target[key], value)) globals[key] = (target[key] = value) ?? null
    if (Object.keys(globals).length) win.dispatchEvent(new win.CustomEvent(SET_GLOBALS_EVENT, { detail: { globals } }))
  }

  // The handshake emits the initial context too (unless it is empty), so the globals are set before it resolves.
  bridge.on('hostcontextchanged', () => update({}))
  bridge.on('toolinput', (params) => update({ toolInput: params.arguments ?? {} }))
  bridge.on('toolresult', (result) => update({ toolOutput: result.structuredContent ?? null, toolResponseMetadata: (result._meta as Record<string, unknown>) ?? null }))
  const ready = bridge.connect().then((connection) => {
    update({})
    // A height the app gave before the handshake could not be sent then.
    if (height !== undefined) bridge.sendSizeChanged({ height })
    return connection
  })
  ready.catch(() => {})
  return { openai, bridge, ready }
}

