/**
 * App-provided tools: tools the view offers its host (ext-apps 2.0.4 `tools/list` and `tools/call`
 * from host to view). Both requests are refused with `-32601` unless the app declared `tools` in
 * its capabilities (advertise = enforce, as on the host side). A handler's failure becomes an
 * `isError: true` result, as MCP reports tool-level failures; an unknown tool is a `-32602`.
 */
import {
  BridgeError,
  TOOLS_CALL,
  TOOLS_LIST,
  TOOLS_LIST_CHANGED,
  isObject,
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
  /** Sends a notification once the handshake is done (the bridge's own sender; false when it cannot). */
  readonly #notify: (method: string, params: Record<string, unknown>) => boolean
  /** The capabilities declared in the handshake, once it happened. */
  #declared: McpUiAppCapabilities | undefined

  constructor(session: Session, note: Note, notify: (method: string, params: Record<string, unknown>) => boolean) {
    this.#notify = notify
    const declared = () => {
      if (!this.#declared?.tools) throw new BridgeError('NOT_SUPPORTED', 'No tools declared')
    }
    session.handle(TOOLS_LIST, () => (declared(), { tools: [...this.#tools.values()].map((entry) => entry.tool) }))
    session.handle(TOOLS_CALL, async (params, context) => {
      declared()
      const call = readCallToolParams(params, note)
      const entry = this.#tools.get(call.name)
      if (!entry) throw new BridgeError('INVALID_PARAMS', `Unknown tool ${call.name}`)
      try {
        const result = await entry.handler(call.arguments ?? {}, context)
        if (!isObject(result)) throw new Error(`${call.name} returned no result`)
        return readCallToolResult(result, note)
      } catch (error) {
        return { isError: true, content: [{ type: 'text', text: String((error as Error)?.message ?? error) }] }
      }
    })
  }

  /**
   * Fixes the capabilities sent in `ui/initialize`: tools registered before the handshake add
   * `tools: { listChanged: true }`.
   */
  declare(capabilities: McpUiAppCapabilities): McpUiAppCapabilities {
    return (this.#declared = this.#tools.size && !capabilities.tools ? { ...capabilities, tools: { listChanged: true } } : capabilities)
  }

  /** Adds a tool and returns the function that removes it; see `ViewBridge.registerTool`. */
  register(name: string, definition: AppToolDefinition, handler: AppToolHandler): () => void {
    if (this.#tools.has(name)) throw new BridgeError('PROTOCOL', `Tool ${name} exists`)
    // After the handshake the host knows for good whether this app has tools.
    if (this.#declared && !this.#declared.tools) throw new BridgeError('NOT_SUPPORTED', `Tool ${name}: no capabilities.tools`)
    const entry = { tool: { ...definition, name, inputSchema: definition.inputSchema ?? { type: 'object' as const } }, handler }
    this.#tools.set(name, entry)
    this.#changed()
    return () => {
      if (this.#tools.get(name) === entry && this.#tools.delete(name)) this.#changed()
    }
  }

  #changed(): void {
    // Not before the handshake answer: the host lists the tools after `initialized` anyway.
    if (this.#declared?.tools?.listChanged) this.#notify(TOOLS_LIST_CHANGED, {})
  }
}
