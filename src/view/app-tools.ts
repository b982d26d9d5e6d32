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
  type SessionCore,
  type Tool,
} from '../protocol/index.js'
import { describeThrown } from '../protocol/errors.js'

/** A tool's definition, as listed to the host (the name is given separately). */
export type AppToolDefinition = Omit<Tool, 'name' | 'inputSchema'> & { inputSchema?: Tool['inputSchema'] }

/** Runs the tool with the host's arguments; returns an MCP `CallToolResult`. */
export type AppToolHandler = (args: Record<string, unknown>, context: RequestContext) => CallToolResult | Promise<CallToolResult>

export interface AppTools {
  /**
   * Fixes the capabilities sent in `ui/initialize`: tools registered before the handshake add
   * `tools: { listChanged: true }`. Starts answering the host's tools requests when they declare `tools`.
   */
  declare(capabilities: McpUiAppCapabilities): McpUiAppCapabilities
  /** Adds a tool and returns the function that removes it; see `ViewBridge.registerTool`. */
  register(name: string, definition: AppToolDefinition, handler: AppToolHandler): () => void
}

/**
 * Answers the host's `tools/list` and `tools/call` on `session` from the tools registered, once
 * the handshake declared `tools` (before, and without it, the session answers `-32601` itself).
 * `notify` is the bridge's own sender: it sends nothing before the handshake or after close.
 */
export function serveAppTools(session: SessionCore, note: Note, notify: (method: string, params: Record<string, unknown>) => unknown): AppTools {
  const tools = new Map<string, { tool: Tool; handler: AppToolHandler }>()
  /** The capabilities declared in the handshake, once it happened. */
  let declared: McpUiAppCapabilities | undefined
  const changed = () => {
    // Not before the handshake answer: the host lists the tools after `initialized` anyway.
    if (declared?.tools?.listChanged) notify(TOOLS_LIST_CHANGED, {})
  }
  const serve = () => {
    session.handle(TOOLS_LIST, () => ({ tools: [...tools.values()].map((entry) => entry.tool) }))
    session.handle(TOOLS_CALL, async (params, context) => {
      const call = readCallToolParams(params, note)
      const entry = tools.get(call.name)
      if (!entry) throw new BridgeError('INVALID_PARAMS', `Unknown tool ${call.name}`)
      try {
        const result = await entry.handler(call.arguments ?? {}, context)
        if (!isObject(result)) throw new Error(`${call.name} returned no result`)
        return readCallToolResult(result, note)
      } catch (error) {
        return { isError: true, content: [{ type: 'text', text: describeThrown(error) }] }
      }
    })
  }
  return {
    declare(capabilities) {
      declared = tools.size && !capabilities.tools ? { ...capabilities, tools: { listChanged: true } } : capabilities
      // Advertise = enforce: without `tools`, the host's tools requests find no method (-32601).
      if (declared.tools) serve()
      return declared
    },
    register(name, definition, handler) {
      if (tools.has(name)) throw new BridgeError('PROTOCOL', `Tool ${name} exists`)
      // After the handshake the host knows for good whether this app has tools.
      if (declared && !declared.tools) throw new BridgeError('NOT_SUPPORTED', `Tool ${name}: no capabilities.tools`)
      const entry = { tool: { ...definition, name, inputSchema: definition.inputSchema ?? { type: 'object' as const } }, handler }
      tools.set(name, entry)
      changed()
      return () => {
        if (tools.get(name) === entry && tools.delete(name)) changed()
      }
    },
  }
}
