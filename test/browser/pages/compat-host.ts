/**
 * Test host page for the compatibility layers (`compat-*.test.ts`): a chat UI that calls a tool
 * through its MCP client and shows the result with `mountMcpUiApp` (legacy MCP-UI apps) or
 * `mountApp` with `withWidgetState` (apps written against `window.openai`, the shim injected by the
 * host with `injectOpenAiShim` or carried by the app). Everything the host
 * sees is recorded in `window.compatHost.events`, which Node awaits with `waitFor`.
 *
 * Like the other test pages it imports the source entries for their types and gets the built
 * `dist/` files in its bundle (see `compat-env.ts`): we test what we ship.
 */
import { mountApp, type CallToolResult, type MountedApp, type McpUiHostCapabilities, type McpUiHostContext, type SandboxMode } from '../../../src/host/index.js'
import { findMcpUiResource, mountMcpUiApp, type MountedMcpUiApp } from '../../../src/mcp-ui/index.js'
import { injectOpenAiShim, withWidgetState } from '../../../src/openai/host.js'
import { remoteMcpClient } from './mcp-client.js'
import { createRecorder, plain } from './recorder.js'

export type CompatEventKind =
  | 'initialized'
  | 'ready'
  | 'callTool'
  | 'message'
  | 'openLink'
  | 'intent'
  | 'notify'
  | 'sizechange'
  | 'displaymode'
  | 'modelcontext'
  | 'saveWidgetState'
  | 'warning'
  | 'traffic'
  | 'close'
  | 'error'

export interface CompatEvent {
  kind: CompatEventKind
  data?: any
}

export interface CompatMount {
  /** The Node-side MCP session the page's client forwards to. */
  mcpSession: string
  /** The tool the host calls, as the model would; its result carries (MCP-UI) or feeds (openai) the app. */
  tool: string
  arguments: Record<string, unknown>
  capabilities: McpUiHostCapabilities
  hostContext: McpUiHostContext
  /** `srcdoc`, or the sandbox proxy's URL. */
  proxyUrl?: string
  /** openai: the app's HTML (an MCP-UI app's comes in the tool result). */
  html?: string
  /** openai: a widget state saved by an earlier render. */
  savedState?: unknown
  /** openai: the app's HTML lacks `window.openai` (as ChatGPT serves it): the host injects the shim. */
  injectShim?: boolean
}

export interface CompatHostApi {
  readonly events: CompatEvent[]
  waitFor(kind: CompatEventKind, count?: number): Promise<CompatEvent>
  mountMcpUi(config: CompatMount): Promise<void>
  mountOpenAi(config: CompatMount): Promise<void>
  /** `mcp-ui` / `mcp-apps` (MCP-UI mounts), once known. */
  protocol(): string | undefined
  appName(): string | undefined
  setHostContext(change: McpUiHostContext): void
  teardown(reason: string): Promise<void>
  /** The frame as laid out, or `null` once removed. */
  frame(): { width: number; height: number; displayMode: string | null } | null
  modelContext(): unknown
}

const recorder = createRecorder<CompatEventKind, CompatEvent>()
const record = (kind: CompatEventKind, data?: unknown) => recorder.push({ kind, data: plain(data) })
let mounted: MountedApp | MountedMcpUiApp | undefined

function common(config: CompatMount) {
  const client = remoteMcpClient(config.mcpSession)
  const sandbox: SandboxMode = config.proxyUrl ? { proxyUrl: config.proxyUrl } : 'srcdoc'
  return {
    client,
    options: {
      container: document.getElementById('views')!,
      sandbox,
      client,
      hostInfo: { name: 'mcp-app-bridge compat test host', version: '1.0.0' },
      // The tests' servers (an external MCP-UI page's included) listen on loopback.
      cspRelaxations: { loopbackOrigins: true },
      capabilities: config.capabilities,
      hostContext: config.hostContext,
      toolInput: config.arguments,
      handlers: {
        message: (params: { content: unknown }) => void record('message', params.content),
        openLink: ({ url }: { url: string }) => void record('openLink', url),
        callTool: (params: unknown, context: { forward(): Promise<any> }) => (record('callTool', params), context.forward()),
      },
    },
  }
}

function watch(app: MountedApp): void {
  mounted = app
  const { bridge } = app
  bridge.on('initialized', (info) => record('initialized', info))
  bridge.on('sizechange', (size) => record('sizechange', size))
  bridge.on('displaymodechange', (mode) => record('displaymode', mode))
  bridge.on('modelcontext', (context) => record('modelcontext', context))
  bridge.on('warning', (warning) => record('warning', warning.message))
  bridge.on('close', (reason) => record('close', reason))
  bridge.on('traffic', (direction, message) => record('traffic', { direction, method: (message as { method?: string }).method ?? 'response' }))
  app.ready.then(
    () => record('ready'),
    (error: Error) => record('error', error.message),
  )
}

const compatHost: CompatHostApi = {
  events: recorder.events,
  waitFor: recorder.waitFor,
  async mountMcpUi(config) {
    const { client, options } = common(config)
    const result = (await client.callTool({ name: config.tool, arguments: config.arguments })) as CallToolResult
    const app = mountMcpUiApp({ ...options, resource: findMcpUiResource(result), toolResult: result })
    app.on('intent', ({ intent, params }) => (record('intent', { intent, params }), { booked: intent }))
    app.on('notify', ({ message }) => void record('notify', message))
    watch(app)
  },
  async mountOpenAi(config) {
    const { client, options } = common(config)
    const result = (await client.callTool({ name: config.tool, arguments: config.arguments })) as CallToolResult
    const store = { state: config.savedState, save: (state: unknown) => void record('saveWidgetState', state) }
    // The shim's script-tag bundle, as a host serves it (mcp-app-bridge/openai.iife.js).
    const html = config.injectShim ? injectOpenAiShim(config.html!, await (await fetch('/compat/openai.iife.js')).text()) : config.html!
    watch(mountApp({ ...withWidgetState(options, store), resource: { html }, toolResult: result, title: 'ChatGPT-style app' }))
  },
  protocol: () => (mounted as MountedMcpUiApp | undefined)?.protocol,
  appName: () => mounted?.bridge.appInfo?.name,
  setHostContext: (change) => mounted!.bridge.setHostContext(change),
  teardown: (reason) => mounted!.teardown(reason),
  frame() {
    const frame = mounted?.iframe
    if (!frame?.isConnected) return null
    const box = frame.getBoundingClientRect()
    return { width: box.width, height: box.height, displayMode: frame.getAttribute('data-display-mode') }
  },
  modelContext: () => plain(mounted?.bridge.modelContext),
}

;(window as unknown as { compatHost: CompatHostApi }).compatHost = compatHost
