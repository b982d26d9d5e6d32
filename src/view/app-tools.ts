/**
 * App-provided tools: tools the view offers its host (ext-apps 2.0.4 `tools/list` and
 * `tools/call` from host to view). A tool handler's failure becomes an `isError: true` result, as
 * MCP reports tool-level failures; an unknown tool is a JSON-RPC `-32602`.
 */
import {
  BridgeError,
  TOOLS_CALL,
  TOOLS_LIST,
  TOOLS_LIST_CHANGED,
  appProvidesTools,
  readCallToolParams,
  readCallToolResult,
  type CallToolResult,
  type McpUiAppCapabilities,
  type Note,
  type RequestContext,
  type Session,
  type Tool,
} from '../protocol/index.js'

/** A tool's definition, as listed to the host (the name is given separately). */
export type AppToolDefinition = Omit<Tool, 'name' | 'inputSchema'> & { inputSchema?: Tool['inputSchema'] }

/** Runs the tool with the host's arguments; returns an MCP `CallToolResult`. */
export type AppToolHandler = (args: Record<string, unknown>, context: RequestContext) => CallToolResult | Promise<CallToolResult>

export class AppTools {
  readonly #tools = new Map<string, { tool: Tool; handler: AppToolHandler }>()
  readonly #session: Session
  readonly #capabilities: () => McpUiAppCapabilities | undefined

  constructor(session: Session, capabilities: () => McpUiAppCapabilities | undefined, note: Note) {
    this.#session = session
    this.#capabilities = capabilities
    const assertDeclared = () => {
      if (!appProvidesTools(capabilities())) throw new BridgeError('NOT_SUPPORTED', 'This app declared no tools')
    }
    session.handle(TOOLS_LIST, () => (assertDeclared(), { tools: this.list() }))
    session.handle(TOOLS_CALL, async (params, context) => {
      assertDeclared()
      const call = readCallToolParams(params, note)
      const entry = this.#tools.get(call.name)
      if (!entry) throw new BridgeError('INVALID_PARAMS', `Unknown tool: ${call.name}`)
      try {
        return readCallToolResult((await entry.handler(call.arguments ?? {}, context)) as unknown as Record<string, unknown>, note)
      } catch (error) {
        return { isError: true, content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }] }
      }
    })
  }

  /** The capabilities to declare in `ui/initialize`: adds `tools` when tools exist before connecting. */
  declare(capabilities: McpUiAppCapabilities): McpUiAppCapabilities {
    return this.#tools.size && !capabilities.tools ? { ...capabilities, tools: { listChanged: true } } : capabilities
  }

  register(name: string, definition: AppToolDefinition, handler: AppToolHandler, connected: boolean): () => void {
    if (this.#tools.has(name)) throw new BridgeError('PROTOCOL', `Tool ${name} is already registered`)
    const entry = { tool: { ...definition, name, inputSchema: definition.inputSchema ?? { type: 'object' as const } }, handler }
    this.#tools.set(name, entry)
    if (connected) this.#changed()
    return () => {
      if (this.#tools.get(name) !== entry) return
      this.#tools.delete(name)
      this.#changed()
    }
  }

  list(): Tool[] {
    return [...this.#tools.values()].map((entry) => entry.tool)
  }

  #changed(): void {
    if (this.#capabilities()?.tools?.listChanged && !this.#session.closed) this.#session.notify(TOOLS_LIST_CHANGED, {})
  }
}
