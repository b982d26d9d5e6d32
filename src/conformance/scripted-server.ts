/**
 * The MCP server the kit puts behind the host under test: one tool per visibility the spec
 * names, a resource, and a record of every call, so the visibility checks can tell "refused by
 * the host" from "refused by the server" (the server never refuses). Runs in the host page.
 */
import type { CallToolParams, CallToolResult, Tool } from '../protocol/index.js'
import type { ConformanceServer } from './adapter.js'

/** The kit's tools by role. */
export const KIT_TOOL = {
  /** `visibility: ["app"]`: the view may call it. */
  appOnly: 'kit_app_only',
  /** `visibility: ["model"]`: the host must refuse the view's call. */
  modelOnly: 'kit_model_only',
  /** No visibility: defaults to `["model","app"]`. */
  default: 'kit_default',
  /** `visibility: []`: nobody may call it (it lacks "app"). */
  nobody: 'kit_nobody',
} as const

const RESOURCE_URI = 'ui://mcp-app-bridge-conformance/view'

const tool = (name: string, visibility: string[] | undefined): Tool => ({
  name,
  description: `Conformance kit tool (visibility ${visibility ? JSON.stringify(visibility) : 'omitted'})`,
  inputSchema: { type: 'object' },
  _meta: { ui: { resourceUri: RESOURCE_URI, ...(visibility && { visibility }) } },
})

export const KIT_TOOLS: readonly Tool[] = [
  tool(KIT_TOOL.appOnly, ['app']),
  tool(KIT_TOOL.modelOnly, ['model']),
  tool(KIT_TOOL.default, undefined),
  tool(KIT_TOOL.nobody, []),
]

/** The scripted view's resource URI (what the adapter is told it mounts). */
export const KIT_RESOURCE_URI = RESOURCE_URI

/** One call the host made to the server. */
export interface ServerCall {
  method: string
  params: unknown
}

/** Creates the server; `onCall` sees each call before it is answered. */
export function createScriptedServer(onCall: (call: ServerCall) => void): ConformanceServer {
  const callTool = async (params: CallToolParams): Promise<CallToolResult> => {
    onCall({ method: 'tools/call', params })
    const known = KIT_TOOLS.some((candidate) => candidate.name === params?.name)
    if (!known) return { content: [{ type: 'text', text: `Unknown tool ${String(params?.name)}` }], isError: true }
    return { content: [{ type: 'text', text: `${params.name} ran` }], structuredContent: { tool: params.name } }
  }
  const readResource = async (params: { uri: string }) => {
    onCall({ method: 'resources/read', params })
    return { contents: [{ uri: params?.uri ?? RESOURCE_URI, mimeType: 'text/plain', text: 'conformance kit resource' }] }
  }
  const listResources = async (params?: unknown) => {
    onCall({ method: 'resources/list', params })
    return { resources: [{ uri: RESOURCE_URI, name: 'conformance view' }] }
  }
  const listTools = async (params?: unknown) => {
    onCall({ method: 'tools/list', params })
    return { tools: [...KIT_TOOLS] }
  }
  const listResourceTemplates = async (params?: unknown) => {
    onCall({ method: 'resources/templates/list', params })
    return { resourceTemplates: [] as never[] }
  }
  const listPrompts = async (params?: unknown) => {
    onCall({ method: 'prompts/list', params })
    return { prompts: [] as never[] }
  }
  const byMethod: Record<string, (params: never) => Promise<unknown>> = {
    'tools/call': callTool,
    'tools/list': listTools,
    'resources/read': readResource,
    'resources/list': listResources,
    'resources/templates/list': listResourceTemplates,
    'prompts/list': listPrompts,
  }
  return {
    tools: KIT_TOOLS,
    getServerCapabilities: () => ({ tools: {}, resources: {} }),
    listTools,
    callTool,
    readResource,
    listResources,
    listResourceTemplates,
    listPrompts,
    async request({ method, params }) {
      const handler = byMethod[method]
      if (!handler) {
        onCall({ method, params })
        throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 })
      }
      return handler(params as never)
    },
  }
}
