/**
 * `mountMcpUiApp`: `mountApp` for apps written for MCP-UI, the protocol before MCP Apps.
 *
 * The app runs in the same sandboxed frame, behind the same CSP and the same bridge as any MCP App
 * (srcdoc or the sandbox proxy); only the channel differs: `createMcpUiTransport` translates its
 * messages into the requests the bridge enforces. An MCP App (or an MCP-UI app carrying
 * `@mcp-ui/server`'s MCP Apps adapter) mounted this way simply speaks MCP Apps through it.
 */
import { BridgeError } from '../protocol/index.js'
import { createEmitter } from '../shared/emitter.js'
import { mountApp, type MountAppOptions, type MountedApp } from '../host/mount-app.js'
import { createMcpUiTransport, type McpUiEventType, type McpUiProtocol, type McpUiTransport } from './translator.js'
import { readMcpUiResource } from './resource.js'

export interface MountMcpUiAppOptions extends Omit<MountAppOptions, 'resource' | 'wrapTransport'> {
  /**
   * The MCP-UI resource: the embedded resource block of a tool result (`findMcpUiResource`), its
   * `resource`, or a `resources/read` content item. `text/html` (with or without the MCP Apps
   * profile) or `text/uri-list`.
   */
  resource: unknown
  /** Render data for the app, over the resource's `mcpui.dev/ui-initial-render-data`. */
  renderData?: Record<string, unknown>
}

/** Events of a mounted MCP-UI app. Each `on()` returns its unsubscribe. */
export interface McpUiEvents {
  /**
   * The app asked for an intent. What a listener returns (or resolves with) is the app's
   * response; a throwing listener refuses it. Without a listener the app is told the host does
   * not handle intents.
   */
  intent: (payload: { intent: string; params?: Record<string, unknown>; [key: string]: unknown }) => unknown
  /** The app sent a notification (`{ message }`). Without a listener the app is told it is not handled. */
  notify: (payload: { message: string; [key: string]: unknown }) => unknown
  /**
   * The app asked for data (`ui-request-data`: `{ requestType, params }`). What a listener returns
   * (or resolves with) is the app's response; without a listener the app is told it is not handled.
   */
  'ui-request-data': (payload: { requestType: string; params?: Record<string, unknown>; [key: string]: unknown }) => unknown
}

export interface MountedMcpUiApp extends MountedApp {
  /** The protocol the frame speaks, once it is known. */
  readonly protocol: McpUiProtocol | undefined
  on<K extends keyof McpUiEvents>(event: K, listener: McpUiEvents[K]): () => void
}

/**
 * Shows a legacy MCP-UI app in `container`, like `mountApp` shows an MCP App. Throws a
 * `BridgeError` (`PROTOCOL`) when `resource` is not a usable MCP-UI resource.
 *
 * ```ts
 * const resource = findMcpUiResource(result) // the tool result that carries the UI
 * const app = mountMcpUiApp({ container, resource, client, sandbox: 'srcdoc', hostInfo, capabilities: { serverTools: {} }, toolInput: args, toolResult: result })
 * app.on('intent', ({ intent, params }) => router.handle(intent, params))
 * ```
 */
export function mountMcpUiApp(options: MountMcpUiAppOptions): MountedMcpUiApp {
  // Reported once the caller had the chance to subscribe to `warning`, and only if there is a
  // bridge to report on: `mountApp` throws on a misconfigured proxy URL before it makes one.
  const resource = readMcpUiResource(options.resource, (note, code = 'VARIANT') => queueMicrotask(() => app?.bridge.warn(code, note)), options.renderData)
  const events = createEmitter<McpUiEvents>()
  let translator: McpUiTransport | undefined
  let app: MountedApp | undefined
  app = mountApp({
    ...options,
    resource,
    wrapTransport(inner, frame) {
      if (resource.frameSize) [frame.style.width, frame.style.height] = resource.frameSize
      translator = createMcpUiTransport({
        // The host's `limits` and `rateLimits`, as its bridge applies them.
        ...options,
        frame: inner,
        legacy: resource.legacy,
        renderData: { ...resource.renderData, ...options.renderData },
        warn: (code, message) => app!.bridge.warn(code, message),
        async onAction(type: McpUiEventType, payload) {
          const listeners = events.listeners(type)
          if (!listeners.length) throw new BridgeError('NOT_SUPPORTED', `${type}: no host handler`)
          // Each listener called, a throwing one as a rejection; the first answer wins.
          const results = await Promise.all(listeners.map(async (listener) => listener(payload as never)))
          return results.find((result) => result !== undefined)
        },
      })
      // MCP-UI hosts send render data when the document loads; behind the proxy, the frame's load is the proxy's.
      if (frame.srcdoc) frame.addEventListener('load', translator.loaded)
      return translator
    },
  })
  return {
    ...app,
    get protocol() {
      return translator?.protocol
    },
    on: events.on,
  }
}
