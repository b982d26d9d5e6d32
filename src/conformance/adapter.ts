/**
 * The host adapter contract: how the kit drives a host it does not know.
 *
 * An adapter is one small browser module whose default export is a {@link HostAdapter}. The kit
 * bundles it (esbuild) into a page on its own origin and calls `mount` once per session, with a
 * fresh container, the scripted view's HTML as a `ui://` resource would deliver it, the context and
 * capabilities to start with, and a scripted MCP server. The adapter mounts the view with the host
 * under test, exactly as the host does in production, and returns the hooks the kit needs to play
 * the rest of the chat UI: change the context, deliver tool data, tear the view down.
 *
 * Import these types with `import type` only: the adapter runs in the browser, the kit's runtime
 * code does not.
 *
 * @example A complete adapter for a host built on mcp-app-bridge's `HostBridge`:
 * ```ts
 * import type { HostAdapter } from 'mcp-app-bridge/conformance'
 * import { HostBridge, buildCsp } from 'mcp-app-bridge/host'
 *
 * const adapter: HostAdapter = {
 *   name: 'my chat UI',
 *   mount({ container, resource, capabilities, hostContext, server, effects }) {
 *     const frame = document.createElement('iframe')
 *     const { policy } = buildCsp(resource.csp)
 *     frame.setAttribute('sandbox', 'allow-scripts')
 *     frame.srcdoc = `<meta http-equiv="Content-Security-Policy" content="${policy}">` + resource.html
 *     container.append(frame)
 *     const bridge = new HostBridge({
 *       target: frame.contentWindow!,
 *       targetOrigin: 'null',
 *       hostInfo: { name: 'my chat UI', version: '1.0.0' },
 *       capabilities,
 *       hostContext,
 *       client: server,
 *       handlers: {
 *         openLink: ({ url }) => effects.report('openLink', { url }),
 *         message: (params) => effects.report('message', params),
 *         requestDisplayMode: ({ mode }) => mode,
 *       },
 *     })
 *     bridge.on('log', (entry) => effects.report('log', entry))
 *     bridge.on('sizechange', ({ height }) => height !== undefined && (frame.style.height = `${height}px`))
 *     return {
 *       setHostContext: (change) => bridge.setHostContext(change),
 *       sendToolInputPartial: (args) => bridge.sendToolInputPartial(args),
 *       sendToolInput: (args) => bridge.sendToolInput(args),
 *       sendToolResult: (result) => bridge.sendToolResult(result),
 *       sendToolCancelled: (reason) => bridge.sendToolCancelled(reason),
 *       teardown: async (reason) => {
 *         await bridge.teardown(reason)
 *         frame.remove()
 *       },
 *     }
 *   },
 * }
 * export default adapter
 * ```
 */
import type {
  CallToolParams,
  CallToolResult,
  ListResourcesResult,
  ListToolsResult,
  McpUiHostCapabilities,
  McpUiHostContext,
  McpUiResourceCsp,
  ReadResourceParams,
  ReadResourceResult,
  Tool,
} from '../protocol/index.js'

export interface HostAdapter {
  /** The host under test, as reports name it (e.g. `"acme chat 3.2 (HostBridge)"`). */
  name: string
  /**
   * Requirements this host cannot be judged on, each with the reason (for example a sandbox
   * requirement when the frame is built by the adapter rather than by the host under test). The
   * checks still run, and the report keeps what they observed beside the declaration
   * (`ReportEntry.declared`). A requirement the catalogue marks `appliesTo` (it binds only some
   * hosts, such as `host-web-proxy`) is then NOT APPLICABLE whatever was observed; any other one
   * binds every host, so it is NOT APPLICABLE only when the kit did not see it fail: an observed
   * FAIL stays a FAIL.
   */
  notApplicable?: Record<string, string>
  /** Mounts one view with the host under test. Called once per session, each time in a fresh page. */
  mount(options: HostMountOptions): MountedHost | Promise<MountedHost>
}

export interface HostMountOptions {
  /** An empty element attached to the page: put the view (or its sandbox proxy) here. */
  container: HTMLElement
  /** The view to show, as `resources/read` delivers a `ui://` resource. */
  resource: {
    uri: string
    /** The complete HTML document. */
    html: string
    /** `_meta.ui.csp` of the resource, when it declares one. */
    csp?: McpUiResourceCsp
  }
  /**
   * What the host should advertise to the view. A host that cannot choose advertises its own;
   * the kit reads what was actually advertised from the handshake and judges against that.
   */
  capabilities: McpUiHostCapabilities
  /** The host context to start with (theme, display modes, flexible height, locale, ...). */
  hostContext: McpUiHostContext
  /**
   * The view's own MCP server, with one tool per visibility. Forward the view's `tools/call`,
   * `resources/*` to it the way the host forwards to a real server (it has the shape of
   * mcp-app-bridge's `McpClient`, and a generic `request`).
   */
  server: ConformanceServer
  /** Report what the host did for the view, so the kit can tell a served request from a refused one. */
  effects: HostEffects
  /** An origin different from the host page's, for a sandbox proxy (`--sandbox-dir` serves files there). */
  sandboxOrigin: string
  /** Whatever the runner was given as `adapterOptions` (JSON). */
  adapterOptions?: unknown
}

/** What the host did on the view's behalf. */
export type HostEffectKind = 'openLink' | 'message' | 'modelContext' | 'log' | 'downloadFile' | 'sampling'

export interface HostEffects {
  /**
   * Call from the host's handlers when it acts on a view's request: opened a link, added a
   * message, stored model context, recorded a log entry, started a download, ran sampling.
   */
  report(kind: HostEffectKind, params?: unknown): void
}

/**
 * The hooks the kit plays the chat UI with. Each may be called at any time after `mount`
 * returns, including before the view has initialized, exactly as a chat UI does when the tool
 * result arrives while the view is still loading, and in any order, including orders the
 * protocol forbids: the host must deliver in protocol order or refuse. A hook that throws is a
 * refusal at the call site, which is a correct answer to a forbidden order.
 */
export interface MountedHost {
  /** The host context changed (a partial: only the fields named changed). */
  setHostContext(change: Partial<McpUiHostContext>): void | Promise<void>
  /** The model is streaming the tool's arguments (healed partial JSON). */
  sendToolInputPartial(args: Record<string, unknown>): void | Promise<void>
  /** The tool's arguments are complete. */
  sendToolInput(args: Record<string, unknown>): void | Promise<void>
  /** The tool finished. */
  sendToolResult(result: CallToolResult): void | Promise<void>
  /** The tool call was cancelled. */
  sendToolCancelled(reason: string): void | Promise<void>
  /** The user closed the view: tear it down the way the host does; resolve when it is gone. */
  teardown(reason: string): Promise<void>
}

/** The scripted MCP server behind the view (runs in the host page; every call is recorded). */
export interface ConformanceServer {
  /** The server's tools: `kit_app_only`, `kit_model_only`, `kit_default` and `kit_nobody` (see `KIT_TOOLS`). */
  readonly tools: readonly Tool[]
  getServerCapabilities(): { tools: object; resources: object }
  listTools(params?: unknown): Promise<ListToolsResult>
  callTool(params: CallToolParams, ...rest: unknown[]): Promise<CallToolResult>
  readResource(params: ReadResourceParams, ...rest: unknown[]): Promise<ReadResourceResult>
  listResources(params?: unknown, ...rest: unknown[]): Promise<ListResourcesResult>
  listResourceTemplates(params?: unknown, ...rest: unknown[]): Promise<{ resourceTemplates: never[] }>
  listPrompts(params?: unknown, ...rest: unknown[]): Promise<{ prompts: never[] }>
  /** Any MCP request by method name (for clients that speak raw JSON-RPC, like the SDK's `Client.request`). */
  request(request: { method: string; params?: unknown }, ...rest: unknown[]): Promise<unknown>
}
