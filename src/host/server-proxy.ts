/**
 * Proxying the view's server requests to its own MCP server through an MCP `Client`
 * (`@modelcontextprotocol/sdk`, or anything with the same methods), with visibility enforced
 * before the server sees a call (PROTOCOL.md A.5): only tools whose visibility includes `"app"`,
 * and only tools of this client's server. Unknown tools fail closed.
 */
import {
  BridgeError,
  isCallableByApp,
  isTool,
  type CallToolParams,
  type CallToolResult,
  type ListPromptsResult,
  type ListResourcesResult,
  type ListResourceTemplatesResult,
  type PaginatedParams,
  type ReadResourceParams,
  type ReadResourceResult,
  type Tool,
} from '../protocol/index.js'

/** Per-call options the MCP SDK's `Client` accepts. */
export interface McpRequestOptions {
  signal?: AbortSignal
  timeout?: number
  resetTimeoutOnProgress?: boolean
  onprogress?: (progress: { progress: number; total?: number; message?: string }) => void
}

/**
 * The part of an MCP client the host bridge uses. `Client` from `@modelcontextprotocol/sdk`
 * satisfies it; so can a test double or another client library.
 */
export interface McpClient {
  callTool(params: CallToolParams, resultSchema?: undefined, options?: McpRequestOptions): Promise<unknown>
  listTools(params?: PaginatedParams, options?: McpRequestOptions): Promise<{ tools: Tool[]; nextCursor?: string }>
  readResource(params: ReadResourceParams, options?: McpRequestOptions): Promise<unknown>
  listResources?(params?: PaginatedParams, options?: McpRequestOptions): Promise<unknown>
  listResourceTemplates?(params?: PaginatedParams, options?: McpRequestOptions): Promise<unknown>
  listPrompts?(params?: PaginatedParams, options?: McpRequestOptions): Promise<unknown>
}

/** Every page of a server's tool list. */
export async function listAllTools(client: Pick<McpClient, 'listTools'>, options?: McpRequestOptions): Promise<Tool[]> {
  const tools: Tool[] = []
  let cursor: string | undefined
  for (let page = 0; page < 100; page++) {
    const result = await client.listTools(cursor === undefined ? {} : { cursor }, options)
    tools.push(...(Array.isArray(result?.tools) ? result.tools.filter(isTool) : []))
    cursor = typeof result?.nextCursor === 'string' && result.nextCursor ? result.nextCursor : undefined
    if (!cursor) break
  }
  return tools
}

/** Shortest time between two refreshes of the tool list caused by unknown names, in ms. */
const REFRESH_INTERVAL_MS = 5_000

/**
 * Looks tools up by name, from a list the host gave or the client's own. A miss refreshes the
 * list (the server may have added the tool since), at most once per few seconds, so a view
 * calling made-up names cannot make the host hammer the server with `tools/list`.
 */
export class ToolDirectory {
  readonly #client: McpClient | undefined
  #tools: Map<string, Tool> | undefined
  #loading: Promise<Map<string, Tool>> | undefined
  #loadedAt = -Infinity

  constructor(client: McpClient | undefined, tools: readonly Tool[] | undefined) {
    this.#client = client
    if (tools) this.set(tools)
  }

  /** Replaces the known tools. */
  set(tools: readonly Tool[]): void {
    this.#tools = new Map(tools.filter(isTool).map((tool) => [tool.name, tool]))
  }

  /** Forgets the list, so the next lookup fetches it again (the server said it changed). */
  invalidate(): void {
    if (this.#client) this.#tools = undefined
    this.#loadedAt = -Infinity
  }

  /** The tool definition, or `undefined` when the server has no such tool. */
  async find(name: string): Promise<Tool | undefined> {
    const known = this.#tools?.get(name)
    if (known || !this.#client || (this.#tools && Date.now() - this.#loadedAt < REFRESH_INTERVAL_MS)) return known
    this.#loading ??= listAllTools(this.#client).then((tools) => new Map(tools.map((tool) => [tool.name, tool])))
    try {
      this.#tools = await this.#loading
      this.#loadedAt = Date.now()
    } finally {
      this.#loading = undefined
    }
    return this.#tools.get(name)
  }

  /** Throws `DENIED` unless the named tool exists and its visibility includes `"app"`. */
  async assertCallableByApp(name: string): Promise<Tool> {
    const tool = await this.find(name)
    if (!tool) throw new BridgeError('DENIED', `Unknown tool: ${name}`)
    if (!isCallableByApp(tool)) throw new BridgeError('DENIED', `Tool ${name} is not callable by apps (visibility)`)
    return tool
  }
}

/** What a forwarded request needs from the view's request. */
export interface ForwardContext {
  signal: AbortSignal
  progressToken: string | number | undefined
  sendProgress(progress: { progress: number; total?: number; message?: string }): void
}

/** Forwards the view's server requests through `client`. */
export class ServerProxy {
  readonly #client: McpClient
  readonly #timeoutMs: number

  constructor(client: McpClient, timeoutMs: number) {
    this.#client = client
    this.#timeoutMs = timeoutMs
  }

  #options(context: ForwardContext): McpRequestOptions {
    const options: McpRequestOptions = { signal: context.signal, timeout: this.#timeoutMs }
    if (context.progressToken !== undefined) {
      options.onprogress = (progress) => context.sendProgress(progress)
      options.resetTimeoutOnProgress = true
    }
    return options
  }

  async callTool(params: CallToolParams, context: ForwardContext): Promise<CallToolResult> {
    // The view's progress token is its own; the client makes one for the server.
    const { _meta, ...rest } = params
    const meta = _meta && Object.fromEntries(Object.entries(_meta).filter(([key]) => key !== 'progressToken'))
    const forwarded = meta && Object.keys(meta).length ? { ...rest, _meta: meta } : rest
    return (await this.#client.callTool(forwarded as CallToolParams, undefined, this.#options(context))) as CallToolResult
  }

  async readResource(params: ReadResourceParams, context: ForwardContext): Promise<ReadResourceResult> {
    return (await this.#client.readResource(params, this.#options(context))) as ReadResourceResult
  }

  async listResources(params: PaginatedParams, context: ForwardContext): Promise<ListResourcesResult> {
    return (await this.#require('listResources').call(this.#client, params, this.#options(context))) as ListResourcesResult
  }

  async listResourceTemplates(params: PaginatedParams, context: ForwardContext): Promise<ListResourceTemplatesResult> {
    return (await this.#require('listResourceTemplates').call(this.#client, params, this.#options(context))) as ListResourceTemplatesResult
  }

  async listPrompts(params: PaginatedParams, context: ForwardContext): Promise<ListPromptsResult> {
    return (await this.#require('listPrompts').call(this.#client, params, this.#options(context))) as ListPromptsResult
  }

  #require<K extends 'listResources' | 'listResourceTemplates' | 'listPrompts'>(method: K): NonNullable<McpClient[K]> {
    const fn = this.#client[method]
    if (typeof fn !== 'function') throw new BridgeError('NOT_SUPPORTED', `The MCP client has no ${method}`)
    return fn as NonNullable<McpClient[K]>
  }
}
