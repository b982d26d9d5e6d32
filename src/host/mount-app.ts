/**
 * `mountApp`: the one call a chat UI makes to show an MCP App.
 *
 * It reads and checks the tool's `ui://` resource, builds the CSP and the `allow` attribute from
 * its metadata, creates the sandboxed frame (directly, or behind the sandbox proxy), connects a
 * `HostBridge` before the view's script can run, streams the tool's input and result in protocol
 * order, sizes the frame from the view's reports, shows granted display modes, and ties the
 * frame's life to the bridge's: closing the bridge removes the frame, and removing the frame (or
 * the frame navigating away) closes the bridge.
 *
 * Everything it does is built from exported pieces (`readUiResource`, `buildCsp`,
 * `createAppFrame`, `watchFrame`, `FrameTransport`, `ProxyTransport`, `createFrameSizer`,
 * `createDisplayModeApplier`), for hosts that need to compose them differently.
 */
import {
  BridgeError,
  buildAllowAttribute,
  buildCsp,
  getToolUiResourceUri,
  HOST_CONTEXT_CHANGED,
  isObject,
  type BuiltCsp,
  type CallToolResult,
  type CspRelaxations,
  type JsonRpcNotification,
  type McpUiDisplayMode,
  type McpUiHostCapabilities,
  type McpUiResourceMeta,
  type McpUiResourcePermissions,
  type McpUiSizeChangedParams,
  type Resource,
  type Tool,
  type Transport,
} from '../protocol/index.js'
import { describeThrown } from '../protocol/errors.js'
import { timerDelay } from '../protocol/session-core.js'
import { prepareAppFrame } from './app-frame.js'
import { DeferredTransport } from './deferred-transport.js'
import { createDisplayModeApplier } from './display-mode.js'
import { FrameTransport } from './frame-transport.js'
import { createFrameSizer, type FrameSizeOptions } from './frame-size.js'
import { FRAME_MOVED, watchFrame } from './frame-watch.js'
import { HostBridge, type HostBridgeOptions } from './host-bridge.js'
import { ProxyTransport } from './proxy-transport.js'
import { buildSandboxUrl } from './sandbox-url.js'
import { readUiResource, type UiResource } from './ui-resource.js'

/** How the view is framed. */
export type SandboxMode =
  /** One opaque-origin frame, `sandbox="allow-scripts"`, CSP as `<meta>`: desktop hosts and tests. */
  | 'srcdoc'
  | {
      /**
       * URL of the sandbox proxy page (`mcp-app-bridge/sandbox-proxy.html`), on another origin
       * than the host. A function picks it per resource, e.g. a dedicated origin per server or
       * per `_meta.ui.domain` (then an unusable URL rejects `ready` instead of throwing).
       */
      proxyUrl: string | URL | ((resource: UiResource) => string | URL)
      /**
       * Allows a proxy on the host's own origin. The spec forbids it (the proxy's origin is what
       * keeps untrusted content away from the host's cookies, storage and DOM); only for a test
       * set-up that cannot have two origins.
       */
      dangerouslyAllowSameOriginProxy?: boolean
    }

export interface MountAppOptions extends Omit<HostBridgeOptions, 'transport' | 'target' | 'targetOrigin' | 'hostWindow'> {
  /**
   * The element the frame is appended to. It may be inserted into the document after this call,
   * but must be in it when the resource has been read (else `ready` rejects with `INVALID_PARAMS`).
   */
  container: Element
  /** How the view is framed: `'srcdoc'` or `{ proxyUrl }` (web hosts: the spec requires the proxy). */
  sandbox: SandboxMode
  /**
   * The tool that created the view (see `HostBridgeOptions.tool`): its `_meta.ui.resourceUri` is
   * read through `client`, unless `resource` is given.
   */
  tool?: Tool
  /** The resource itself (raw HTML and its `_meta.ui`), instead of reading it through `client`. */
  resource?: { html: string; meta?: McpUiResourceMeta; uri?: string }
  /** The resource's `resources/list` entry (or the whole list): its `_meta.ui` fills what the content item lacks (an entry with the resource's URI only). */
  listing?: Resource | readonly Resource[]
  /** The tool's complete arguments, or a promise of them; sent once the view is initialized. `{}` when only `toolResult` is given. */
  toolInput?: Record<string, unknown> | Promise<Record<string, unknown>>
  /**
   * The tool's result, or a promise of it (what the MCP SDK's `client.callTool()` returns, as is);
   * a rejected promise sends `tool-cancelled` with its message.
   */
  toolResult?: CallToolResult | Record<string, unknown> | Promise<CallToolResult | Record<string, unknown>>
  /** CSP relaxations for a server the host trusts (each off by default; see `buildCsp`). */
  cspRelaxations?: CspRelaxations
  /**
   * Which of the permissions the resource requests are granted (camera, microphone, geolocation,
   * clipboard-write). Default: none. A grant hands the frame what the host's own origin holds:
   * when the user already allowed the host its microphone or location, the view gets them with no
   * prompt, so decide per server (`(requested) => requested` grants all it asks). The view is
   * told what was granted in `hostCapabilities.sandbox`.
   */
  grantPermissions?: (requested: McpUiResourcePermissions) => McpUiResourcePermissions
  /** The frame's starting height and how size reports resize it, or `false` to leave sizing to the host. */
  size?: FrameSizeOptions | false
  /**
   * Shows a display mode; replaces the default: a fixed overlay for fullscreen and pip with the
   * host's own way back above it (a bar with a button, and Escape for fullscreen), which a host
   * replacing this must provide itself, so that a view cannot keep the user in a page that
   * imitates the host.
   * Called with `inline` too when the view closes out of the conversation.
   */
  applyDisplayMode?: (mode: McpUiDisplayMode, frame: HTMLIFrameElement) => void
  /** Accessible name of the default way back from fullscreen and pip (default `Back to the conversation`). */
  exitLabel?: string
  /** Accessible name of the frame (default: the tool's display name: `title`, `annotations.title`, else `name`). */
  title?: string
  /**
   * How long at most the frame stays transparent waiting for the view's `initialized`, in ms
   * (default 2,000): a view's page is white until it has the host's theme, a flash in a dark
   * conversation. 0 shows the frame at once.
   */
  hideUntilInitializedMs?: number
  /**
   * Wraps the channel to the frame before the bridge reads from it: the seam for layers that
   * speak another protocol to the frame (`mcp-app-bridge/mcp-ui` translates legacy MCP-UI
   * messages into the bridge's enforced requests). Called once, with the frame in the document
   * and before its document can run, so nothing the frame says is missed.
   */
  wrapTransport?: (transport: Transport, frame: HTMLIFrameElement) => Transport
}

/** What `ready` resolves with once the view is initialized. */
export interface MountedView {
  resource: UiResource
  /** The policy the frame runs under, what it granted, and the declared entries it refused. */
  csp: BuiltCsp
  /** The frame's `allow` attribute. */
  allow: string
}

/** The handle `mountApp` returns. */
export interface MountedApp {
  /** The view's bridge: context updates, tool data, handlers' events, `modelContext`. */
  readonly bridge: HostBridge
  /** The view's frame (the proxy's frame in proxy mode); in the document once the resource is read. */
  readonly iframe: HTMLIFrameElement
  /**
   * Resolves when the view finished its handshake; rejects when the resource cannot be used (the
   * bridge then closes), when the bridge closes first, or with `TIMEOUT` after `timeoutMs`.
   */
  readonly ready: Promise<MountedView>
  /**
   * Sends `ui/resource-teardown`, waits for the view (bounded), then closes the bridge and removes
   * the frame. On a frame no longer in the document it just closes the bridge (the view is gone):
   * React, Vue and Svelte remove the DOM before effect cleanups run, so a host that wants the view
   * to save its state awaits `teardown()` before it removes the row.
   */
  teardown(reason?: string): Promise<void>
}

/**
 * Shows an MCP App in `container`. Returns at once; the frame appears when the resource is read,
 * transparent until the view is initialized (at most 2 s: `hideUntilInitializedMs`), so that a
 * dark conversation does not flash the view's white page before the view has the host's theme.
 *
 * Removing the frame (or its container) from the page closes the bridge, and so does moving it
 * (a keyed list reordered with `insertBefore`/`appendChild` reloads the frame's document): the
 * close reason is then {@link FRAME_MOVED}, on which the host mounts the app again; moving the row
 * with `Element.moveBefore` (Chromium 133+) keeps the document and the app. The view is asked to
 * save its state only by `teardown()` while its frame is still in the page: a framework host
 * awaits `app.teardown()` before it removes the row (React, Vue and Svelte remove the DOM before
 * effect cleanups run, and a teardown from a cleanup then just closes the bridge).
 *
 * ```ts
 * const app = mountApp({
 *   container, client, tool, toolInput: args, toolResult: client.callTool({ name: tool.name, arguments: args }),
 *   sandbox: { proxyUrl: 'https://sandbox.example.net/sandbox-proxy.html' },
 *   hostInfo: { name: 'my-chat', version: '1.0.0' },
 *   capabilities: { openLinks: {}, serverTools: {}, message: { text: {} } },
 *   hostContext: { theme: 'dark', availableDisplayModes: ['inline', 'fullscreen'] },
 *   handlers: { openLink: ({ url }) => void window.open(url, '_blank', 'noopener') },
 * })
 * app.bridge.on('requestteardown', () => app.teardown('The app asked to close'))
 * ```
 */
export function mountApp(options: MountAppOptions): MountedApp {
  const { container, sandbox, tool } = options
  const doc = container.ownerDocument
  const hostWindow = doc.defaultView as Window
  const checkProxy = (url: string | URL) => {
    const checked = new URL(url, doc.baseURI)
    if (!/^https?:$/.test(checked.protocol)) throw new BridgeError('INVALID_PARAMS', 'proxyUrl: not http(s)')
    if (checked.origin === hostWindow.location.origin && !(sandbox as { dangerouslyAllowSameOriginProxy?: boolean }).dangerouslyAllowSameOriginProxy) {
      throw new BridgeError('DENIED', 'proxyUrl: must be on another origin than the host (spec; see dangerouslyAllowSameOriginProxy)')
    }
    return checked
  }
  // A fixed proxy URL is checked at once: a misconfigured host fails loudly, before anything loads.
  let proxyUrl = sandbox !== 'srcdoc' && typeof sandbox.proxyUrl !== 'function' ? checkProxy(sandbox.proxyUrl) : undefined
  /** What the frame was granted, added to the host's capabilities once the resource is read. */
  let sandboxGrant: McpUiHostCapabilities['sandbox']
  const transport = new DeferredTransport()
  const bridge = new HostBridge({
    ...options,
    transport,
    // Read live, as HostBridge reads its own option: a capability the host withdraws later is refused.
    get capabilities() {
      return { ...options.capabilities, ...(sandboxGrant && { sandbox: sandboxGrant }) }
    },
  })
  const frame = doc.createElement('iframe')
  const sizer = options.size === false ? undefined : createFrameSizer(frame, options.size)
  const applyMode =
    options.applyDisplayMode ??
    createDisplayModeApplier(frame, {
      // The user's way back: always allowed, and told to the view as any change of mode is.
      onExit: () => bridge.closed || bridge.setHostContext({ displayMode: 'inline' }),
      exitLabel: options.exitLabel,
    })
  const inline = (now = bridge.hostContext) => (now.displayMode ?? 'inline') === 'inline'
  let lastSize: McpUiSizeChangedParams | undefined
  let stopWatching: (() => void) | undefined
  /** The frame has its attributes and base style: a mode set before that is applied by `show`. */
  let prepared = false
  /** Shows the frame waiting, transparent, for its view (see `show`); otherwise does nothing. */
  let reveal = () => {}

  /**
   * Sizes the inline frame from the last report (or its current height) and the current limits,
   * reading the context once (each read copies it whole; a chat with dozens of live apps pays it per report).
   */
  const resize = (now = bridge.hostContext) => inline(now) && sizer?.(lastSize ?? {}, now.containerDimensions)
  bridge.on('sizechange', (size) => {
    lastSize = size
    resize()
  })
  // New container dimensions from the host apply now, not at the view's next report (a view whose
  // content did not change never sends one). Seen as the change goes out to the view: in a
  // `host-context-changed`, or, set before the view initialized, in the handshake's answer.
  // (A response has no `method`; a `host-context-changed` the bridge sent always has its params.)
  bridge.on('traffic', (direction, message) => {
    if (direction === 'out' && (message as JsonRpcNotification).method === HOST_CONTEXT_CHANGED && 'containerDimensions' in (message as JsonRpcNotification).params!) resize()
  })
  bridge.on('initialized', () => {
    reveal()
    resize()
  })
  bridge.on('displaymodechange', (mode) => {
    // Applied to a frame not yet prepared, the mode would keep its empty style as the inline one.
    if (!prepared) return
    // Before the applier keeps the inline style to restore: that style must be the visible one.
    reveal()
    applyMode(mode, frame)
    if (mode === 'inline' && lastSize) resize()
  })
  /** Aborted when the bridge closes: a bridge closed while the resource loads stops the read too, not just its use. */
  const loading = new AbortController()
  // The frame lives exactly as long as the bridge.
  bridge.on('close', (reason) => {
    loading.abort(reason)
    // Its deadline's timer goes with the frame.
    reveal()
    stopWatching?.()
    // Where the focus is, before the way back (which may hold it) goes.
    const active = doc.activeElement
    const focused = active === frame || active?.hasAttribute('data-mcp-app-exit')
    // Takes the way back, and a fullscreen's hold on the page, with the frame: the applier, the
    // default or the host's own (which may be built on the default), is told the view is inline.
    if (prepared && !inline()) applyMode('inline', frame)
    frame.remove()
    // Focus in the view would fall to the page's body (a screen reader starts over at the top):
    // it stays where the view was instead.
    if (focused && container.isConnected) {
      if (!container.hasAttribute('tabindex')) container.setAttribute('tabindex', '-1')
      ;(container as HTMLElement).focus({ preventScroll: true })
    }
  })

  const show = async (): Promise<MountedView> => {
    const closed = () => new BridgeError('CLOSED', 'mountApp: closed before shown')
    // Settled by the close too: a client that ignores the abort must not leave `ready` pending.
    const resource = await new Promise<UiResource>((resolve, reject) => {
      loading.signal.addEventListener('abort', () => reject(closed()))
      loadResource(options, loading.signal).then(resolve, reject)
    })
    // Closed after the read, before this line ran (in a microtask).
    if (bridge.closed) throw closed()
    if (!container.isConnected) throw new BridgeError('INVALID_PARAMS', 'mountApp: container not in the document')
    if (sandbox !== 'srcdoc' && typeof sandbox.proxyUrl === 'function') proxyUrl = checkProxy(sandbox.proxyUrl(resource))
    const csp = buildCsp(resource.meta.csp, options.cspRelaxations)
    // Read as no declaration (the default policy), which must not pass unnoticed.
    if (!isObject(resource.meta.csp ?? {})) bridge.warn('MALFORMED', CSP_NOT_AN_OBJECT)
    for (const dropped of csp.dropped) bridge.warn('POLICY', `CSP entry refused in ${dropped.list}: ${describeThrown(dropped.entry)} (${dropped.reason})`, dropped)
    // Nothing by default: the server's metadata alone must not hand the view the host's own grants.
    const permissions = options.grantPermissions ? knownPermissions(options.grantPermissions(knownPermissions(resource.meta.permissions))) : {}
    const allow = buildAllowAttribute(permissions)
    sandboxGrant = { csp: csp.granted, permissions }
    prepareAppFrame(
      frame,
      proxyUrl ? { proxyUrl: buildSandboxUrl(proxyUrl, { hostOrigin: hostWindow.location.origin, csp: csp.granted, relax: options.cspRelaxations }) } : { html: resource.html, csp: csp.policy },
      { allow, title: options.title ?? tool?.title ?? tool?.annotations?.title ?? tool?.name, height: numberOr(bridge.hostContext.containerDimensions?.height, (options.size || {}).initialHeight) },
    )
    prepared = true
    // Transparent until the view is initialized: it has the host's theme by then (in the
    // handshake's answer), and its page is white before, a flash in a dark conversation. At most
    // `hideUntilInitializedMs`, for a view that initializes late or never (shown then, as before).
    const hiddenMs = timerDelay(options.hideUntilInitializedMs ?? 2_000)
    if (inline() && hiddenMs > 0) {
      frame.style.opacity = '0'
      const deadline = setTimeout(() => reveal(), hiddenMs)
      reveal = () => {
        reveal = () => {}
        clearTimeout(deadline)
        frame.style.opacity = ''
      }
    }
    // The starting height within the host's limits.
    resize()
    // The server's border preference, for the host's CSS (`iframe[data-prefers-border="true"]`).
    if (typeof resource.meta.prefersBorder === 'boolean') frame.setAttribute('data-prefers-border', String(resource.meta.prefersBorder))
    container.append(frame)
    // In the document, where the top layer and the way back can be used.
    if (!inline()) applyMode(bridge.hostContext.displayMode!, frame)
    stopWatching = watchFrame(frame, (reason) => bridge.close(reason))
    const direct = new FrameTransport({
      target: frame.contentWindow!,
      targetOrigin: proxyUrl ? proxyUrl.origin : 'null',
      hostWindow,
      onForeignOrigin: (origin) => bridge.warn('POLICY', `Dropped origin ${origin}`),
      // The hub's sweep finds a frame removed where `watchFrame` cannot see (inside a shadow root),
      // and may find a moved frame's old window closed before `watchFrame` sees the move.
      onGone: () => bridge.close(frame.isConnected ? FRAME_MOVED : 'frame removed'),
    })
    const inner = proxyUrl
      ? new ProxyTransport({
          frame: direct,
          // `title` and `lang` (ours, beyond the spec) name the proxy's page and inner frame for assistive technology.
          resource: { html: resource.html, csp: csp.granted, permissions, title: frame.title, lang: bridge.hostContext.locale },
          onRefused: (text) => bridge.warn('POLICY', text),
        })
      : direct
    transport.attach(options.wrapTransport ? options.wrapTransport(inner, frame) : inner)
    await bridge.whenInitialized()
    return { resource, csp, allow }
  }

  const ready = show().catch((error) => {
    if (error instanceof BridgeError && error.code === 'TIMEOUT') bridge.warn('UNEXPECTED', error.message)
    // A closed bridge (the usual reason it was not shown) keeps its close reason: `close()` does nothing then.
    else bridge.close(`mountApp: not shown: ${describeThrown(error)}`)
    throw error
  })
  // The caller may never look at `ready`; its failure is also reported as a warning or the close reason.
  ready.catch(() => {})
  streamToolData(bridge, options)

  return {
    bridge,
    iframe: frame,
    ready,
    teardown(reason) {
      // Nothing to ask a view whose frame is gone; asking would only time out or fail.
      if (!frame.isConnected) bridge.close(reason)
      return bridge.teardown(reason)
    },
  }
}

/** What a `_meta.ui.csp` that is not an object is reported as (it is read as no declaration). For the host layers. */
export const CSP_NOT_AN_OBJECT = '_meta.ui.csp is not an object: ignored'

const numberOr = (value: unknown, fallback?: number) => (typeof value === 'number' ? value : fallback)

/** The four permissions the spec defines, each as `{}`; anything else a server or host wrote is left out. */
function knownPermissions(permissions: unknown): McpUiResourcePermissions {
  const known: McpUiResourcePermissions = {}
  for (const key of ['camera', 'microphone', 'geolocation', 'clipboardWrite']) if (isObject(permissions) && isObject(permissions[key])) known[key] = {}
  return known
}

async function loadResource(options: MountAppOptions, signal: AbortSignal): Promise<UiResource> {
  const { resource, tool, client } = options
  if (resource) {
    if (typeof resource.html !== 'string') throw new BridgeError('INVALID_PARAMS', 'resource.html must be a string')
    return { uri: resource.uri ?? 'ui://inline', html: resource.html, meta: { ...resource.meta } }
  }
  const uri = getToolUiResourceUri(tool)
  if (!uri) throw new BridgeError('NOT_SUPPORTED', `Tool ${tool?.name ?? '(none)'} has no ui:// resource`)
  if (!client) throw new BridgeError('NOT_SUPPORTED', 'client: needed to read the resource (or pass resource)')
  return readUiResource(client, uri, { listing: options.listing, timeout: timerDelay(options.timeoutMs), signal })
}

/**
 * Sends the tool's input, then its result or cancellation, as their promises settle. The bridge
 * holds them until the view is initialized; a rejection of either becomes `tool-cancelled`.
 */
function streamToolData(bridge: HostBridge, options: MountAppOptions): void {
  const { toolInput, toolResult } = options
  if (toolInput === undefined && toolResult === undefined) return
  const result = toolResult === undefined ? undefined : Promise.resolve(toolResult)
  // Observed at once, so a result that fails before the input has come is never an unhandled rejection.
  result?.catch(() => {})
  const send = (action: () => void) => {
    if (bridge.closed) return
    try {
      action()
    } catch (error) {
      // The host sent tool data itself as well (the bridge refused the duplicate), or the data
      // cannot be sent at all (neither structured clone nor JSON can copy it): then the call ends
      // for the view, which would otherwise wait for data that never comes.
      bridge.warn('UNEXPECTED', `mountApp: tool data not sent: ${describeThrown(error)}`)
      if ((error as BridgeError).code === 'INVALID_PARAMS') send(() => bridge.sendToolCancelled(describeThrown(error)))
    }
  }
  // A call the host cancelled itself (`sendToolCancelled`) then fails as aborted: nothing more to send.
  const cancel = (error: unknown) => bridge.toolPhase === 'cancelled' || send(() => bridge.sendToolCancelled(describeThrown(error)))
  // The result after the input, and nothing after a failure of either (its `catch` ends the call).
  void Promise.resolve(toolInput ?? {})
    .then((args) => {
      send(() => bridge.sendToolInput(args))
      return result?.then((value) => {
        // What goes on the wire is a CallToolResult, whose `content` is required (a hand-made result, or an old server's `{ toolResult }`, may lack it).
        if (!Array.isArray(value.content)) {
          bridge.warn('MALFORMED', 'mountApp: toolResult without content')
          value = { ...value, content: [] }
        }
        send(() => bridge.sendToolResult(value as CallToolResult))
      })
    })
    .catch(cancel)
}
