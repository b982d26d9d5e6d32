/**
 * A `HostBridge` talking to a scripted MCP-UI app through `createMcpUiTransport`: the test posts
 * what the app would post and reads what the app would receive, with the real bridge (and its
 * enforcement) in between.
 */
import { onTestFinished, vi } from 'vitest'
import { HostBridge, type HostBridgeOptions } from '../../src/host/index.js'
import { createMcpUiTransport, type McpUiEventType, type McpUiTransport } from '../../src/mcp-ui/index.js'
import type { BridgeWarning, Tool, Transport } from '../../src/protocol/index.js'
import { nextTask } from '../helpers/courier.js'

export const HOST_INFO = { name: 'compat-test-host', version: '1.0.0' }

export const TOOLS: Tool[] = [
  { name: 'add', inputSchema: { type: 'object' }, _meta: { ui: { visibility: ['app'] } } },
  { name: 'secret', inputSchema: { type: 'object' }, _meta: { ui: { visibility: ['model'] } } },
]

export interface LegacySetup {
  bridge: HostBridge
  translator: McpUiTransport
  /** Everything the app received, in order. */
  received: any[]
  /** Posts data as the app does (`parent.postMessage`). */
  post(data: unknown): void
  /** What the bridge's own warning event and the translator reported, in order. */
  warnings: BridgeWarning[]
  /** `intent`/`notify` as the host saw them. */
  actions: Array<[McpUiEventType, Record<string, unknown>]>
  /** The server's `tools/call` (a mock): what reached the server. */
  callTool: ReturnType<typeof vi.fn>
  /** Lets every pending delivery, answer and microtask run. */
  settle(): Promise<void>
  /** Messages of one MCP-UI type the app received. */
  ofType(type: string): any[]
  /** JSON-RPC messages the app received. */
  jsonRpc(): any[]
}

export interface LegacySetupOptions {
  legacy?: boolean
  renderData?: Record<string, unknown>
  host?: Partial<HostBridgeOptions>
  onAction?: (type: McpUiEventType, payload: Record<string, unknown>) => Promise<unknown>
  /** Runs first on each message to the app: a throwing one is a frame that refuses it. */
  frameSend?: (message: unknown) => void
}

export function setupLegacy(options: LegacySetupOptions = {}): LegacySetup {
  const received: any[] = []
  let deliver: (data: unknown) => void = () => {}
  const frame: Transport = {
    send(message) {
      options.frameSend?.(message)
      received.push(structuredClone(message))
    },
    listen(receive) {
      deliver = receive
      return () => (deliver = () => {})
    },
  }
  const warnings: BridgeWarning[] = []
  const actions: LegacySetup['actions'] = []
  const translator = createMcpUiTransport({
    frame,
    legacy: options.legacy,
    renderData: options.renderData,
    warn: (code, message) => void warnings.push({ code, message }),
    limits: options.host?.limits,
    rateLimits: options.host?.rateLimits,
    onAction: async (type, payload) => {
      actions.push([type, payload])
      return options.onAction ? options.onAction(type, payload) : { handled: type }
    },
  })
  const callTool = vi.fn(async (params: { name: string; arguments?: Record<string, unknown> }) => ({
    content: [{ type: 'text', text: `called ${params.name}` }],
    structuredContent: { arguments: params.arguments },
  }))
  const bridge = new HostBridge({
    hostInfo: HOST_INFO,
    transport: translator,
    tools: TOOLS,
    client: { callTool, listTools: async () => ({ tools: TOOLS }), readResource: async () => ({ contents: [] }) },
    ...options.host,
  })
  bridge.on('warning', (warning) => void warnings.push(warning))
  onTestFinished(() => bridge.close())
  return {
    bridge,
    translator,
    received,
    post: (data) => deliver(structuredClone(data)),
    warnings,
    actions,
    callTool,
    async settle() {
      for (let i = 0; i < 5; i++) await nextTask()
    },
    ofType: (type) => received.filter((message) => message?.type === type),
    jsonRpc: () => received.filter((message) => message?.jsonrpc === '2.0'),
  }
}
