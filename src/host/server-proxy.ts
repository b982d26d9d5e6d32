/**
 * Proxying the view's server requests to its own MCP server through an MCP `Client`
 * (`@modelcontextprotocol/sdk`, or anything with the same methods), with visibility enforced
 * before the server sees a call (PROTOCOL.md A.5): only tools whose visibility includes `"app"`,
 * and only tools of this client's server. Unknown tools fail closed.
 */
import { BridgeError, isCallableByApp, isTool, type CallToolParams, type PaginatedParams, type ReadResourceParams, type Tool } from '../protocol/index.js'
import { failure } from '../protocol/session-core.js'

/** Per-call options the MCP SDK's `Client` accepts. */
export interface McpRequestOptions {
  signal?: AbortSignal
  timeout?: number
  resetTimeoutOnProgress?: boolean
  onprogress?: (progress: { progress: number; total?: number; message?: string }) => void
}

/**
 * The part of an MCP client the host bridge uses. `Client` from `@modelcontextprotocol/sdk` (1.x)
 * satisfies it, and so does the 2.x `Client` from `@modelcontextprotocol/client` (recognised by its
 * `getProtocolEra`), whose `callTool(params, options)` gets the options second as well as third; so
 * can a test double or another client library (with the 1.x `callTool(params, resultSchema, options)`).
 */
export interface McpClient {
  callTool(params: CallToolParams, resultSchema?: undefined, options?: McpRequestOptions): Promise<unknown>
  /** Read leniently: only well-formed tools are kept (the 2.x SDK types tools more loosely). */
  listTools(params?: PaginatedParams, options?: McpRequestOptions): Promise<{ tools: readonly unknown[]; nextCursor?: string }>
  readResource(params: ReadResourceParams, options?: McpRequestOptions): Promise<unknown>
  listResources?(params?: PaginatedParams, options?: McpRequestOptions): Promise<unknown>
  listResourceTemplates?(params?: PaginatedParams, options?: McpRequestOptions): Promise<unknown>
  listPrompts?(params?: PaginatedParams, options?: McpRequestOptions): Promise<unknown>
  /**
   * The SDK `Client`'s connection: `undefined` once it closed, which the bridge reports to the view
   * as `CLOSED`. A client that has no such notion leaves the property out.
   */
  readonly transport?: object
}

/**
 * Every page of a server's tool list. Rejects with `CLOSED` once the client's connection is gone
 * (a closed 2.x `Client` would answer with an empty list) and with `TIMEOUT` for its timeout.
 */
export async function listAllTools(client: Pick<McpClient, 'listTools' | 'transport'>, options?: McpRequestOptions): Promise<Tool[]> {
  const tools: Tool[] = []
  let cursor: unknown
  assertConnected(client, 'listTools')
  try {
    for (let page = 0; page < 100; page++) {
      const result = await client.listTools(cursor ? { cursor: cursor as string } : {}, options)
      if (Array.isArray(result?.tools)) tools.push(...result.tools.filter(isTool))
      cursor = result?.nextCursor
      if (typeof cursor !== 'string' || !cursor) break
    }
  } catch (error) {
    clientFailed(client, 'listTools', error)
  }
  return tools
}

/**
 * Looks tools up by name, from a list the host gave or the client's own. A miss refreshes the
 * list (the server may have added the tool since), at most once per few seconds, so a view
 * calling made-up names cannot make the host hammer the server with `tools/list`.
 */
export class ToolDirectory {
  readonly #client: McpClient | undefined
  #tools: Map<string, Tool> | undefined
  #loading: Promise<Tool[]> | undefined
  /** When the list was last asked for (0: never, or to be asked again). */
  #askedAt = 0

  constructor(client?: McpClient, tools?: readonly Tool[]) {
    this.#client = client
    if (tools) this.set(tools)
  }

  /** Replaces the known tools. */
  set(tools: readonly Tool[]): void {
    this.#tools = new Map(tools.filter(isTool).map((tool) => [tool.name, tool]))
  }

  /**
   * Forgets the list, so the next lookup fetches it again (the server said it changed). A fetch
   * already on its way may bring the old list: lookups waiting for it ask again.
   */
  invalidate(): void {
    if (this.#client) this.#tools = undefined
    this.#loading = undefined
    this.#askedAt = 0
  }

  /**
   * The tool definition, or `undefined` when the server has no such tool. The list is asked for at
   * most once per interval, answered or failed: neither made-up names nor a server whose
   * `tools/list` fails make the host hammer it (while it fails, lookups fail with it; a closed
   * connection rejects with `CLOSED`). `timeout` bounds each `tools/list` page, in ms.
   */
  async find(name: string, timeout?: number): Promise<Tool | undefined> {
    const client = this.#client
    const known = this.#tools?.get(name)
    if (known || !client) return known
    // Seen at once, also while the last answer stands.
    assertConnected(client, 'listTools')
    // At most one refresh per 5 s caused by unknown names. Until the next, the last answer stands,
    // a failure too (a denial would read as the tool's visibility).
    if (Date.now() - this.#askedAt >= 5_000) {
      this.#askedAt = Date.now()
      this.#loading = listAllTools(client, { timeout })
    }
    const loading = this.#loading
    const tools = await loading!
    // Invalidated on the way: look again.
    if (this.#loading !== loading) return this.find(name, timeout)
    this.set(tools)
    return this.#tools!.get(name)
  }

  /**
   * Throws `DENIED` unless the named tool exists and its visibility includes `"app"`. Answers at
   * once (no promise) when the tool is already known: this is on every view `tools/call`.
   */
  assertCallableByApp(name: string, timeout?: number): Tool | Promise<Tool> {
    const known = this.#tools?.get(name)
    return known ? callable(name, known) : this.find(name, timeout).then((tool) => callable(name, tool))
  }
}

/** Throws `CLOSED` when an SDK `Client`'s connection is gone: it has no transport then. */
function assertConnected(client: Pick<McpClient, 'transport'>, method: string): void {
  if ('transport' in client && client.transport === undefined) throw failure('CLOSED', method, 'connection closed')
}

function callable(name: string, tool: Tool | undefined): Tool {
  // One answer for both: a view probing names must not learn which model-only tools exist.
  if (!tool || !isCallableByApp(tool)) throw new BridgeError('DENIED', `${name}: not callable by apps (visibility)`)
  return tool
}

const directories = new WeakMap<object, ToolDirectory>()

/**
 * The tool directory for `client`'s server, shared by every bridge of that server connection:
 * a chat with dozens of views of one server keeps one tool list, fetched once. A client connected
 * again (its new transport) may serve another server, so it gets a new one; the bridge asks for
 * its directory on every visibility check, so views made before the reconnect are checked against
 * the new server's list too. With `tools`, the host's own list, a directory of that list that
 * never asks the server: a view calling an unknown name must not replace the host's list (and its
 * visibility) with the server's. With neither, an empty one: every call is denied.
 */
export function toolDirectoryFor(client: McpClient | undefined, tools?: readonly Tool[]): ToolDirectory {
  const key = (tools ?? client?.transport ?? client) as object | undefined
  if (!key) return new ToolDirectory()
  let directory = directories.get(key)
  if (!directory) directories.set(key, (directory = new ToolDirectory(tools ? undefined : client, tools)))
  return directory
}

/** What a forwarded request needs from the view's request. */
export interface ForwardContext {
  signal: AbortSignal
  progressToken: string | number | undefined
  sendProgress(progress: { progress: number; total?: number; message?: string }): void
}

/** The client methods the view's server requests are forwarded to. */
export type ForwardedMethod = 'callTool' | 'readResource' | 'listResources' | 'listResourceTemplates' | 'listPrompts'

/**
 * Forwards one of the view's server requests through `client`, by the request's own fields
 * (see below), with the view's cancellation, progress relayed under the view's own token (the
 * client makes its own for the server), and `timeoutMs` (at most `MAX_TIMER_DELAY`), restarted by
 * each progress report.
 */
export async function forwardToServer(client: McpClient | undefined, method: ForwardedMethod, params: Record<string, unknown>, context: ForwardContext, timeoutMs: number): Promise<unknown> {
  const call = client?.[method] as ((...args: unknown[]) => Promise<unknown>) | undefined
  if (typeof call !== 'function') throw new BridgeError('NOT_SUPPORTED', `${method}: not supported`)
  // Before the call: a closed 2.x `Client` answers the list methods with empty lists.
  assertConnected(client!, method)
  const options: McpRequestOptions = {
    signal: context.signal,
    timeout: timeoutMs,
    ...(context.progressToken !== undefined && { onprogress: context.sendProgress, resetTimeoutOnProgress: true }),
  }
  // Only the request's own fields go on, by name: what else describes a request to the server is
  // the host's to say, through its client. That is the view's `_meta` (the client makes its own
  // progress token; on the 2026-07-28 era the 2.x client stamps the host's identity, capabilities
  // and protocol version there, and a caller's keys would win), that era's answers to the server's
  // input requests (`inputResponses`, `requestState`: the host's client gives them once it asked the
  // user), a task augmentation (`task`: the call would run on, out of reach of the view's
  // cancellation, the bridge's timeout and its cap on calls in flight), and whatever a later
  // revision adds.
  const forwarded: Record<string, unknown> = {}
  for (const field of method === 'callTool' ? ['name', 'arguments'] : [method === 'readResource' ? 'uri' : 'cursor']) {
    if (params[field] !== undefined) forwarded[field] = params[field]
  }
  try {
    // The 1.x `Client`'s `callTool` alone takes a result schema before its options; the 2.x
    // `Client` (`@modelcontextprotocol/client`, the one with `getProtocolEra`) takes them second
    // and ignores a third, so they go in both places (an adapter to the 1.x shape reads the third).
    return await call.apply(client, method === 'callTool' ? [forwarded, (client as { getProtocolEra?: unknown }).getProtocolEra && options, options] : [forwarded, options])
  } catch (error) {
    // After the view's cancellation or the bridge's close, the signal's reason says which
    // (CANCELLED, CLOSED): both SDK clients report an abort as a timeout of their own.
    clientFailed(client!, method, context.signal.reason ?? error)
  }
}

/**
 * Rethrows what a client's call failed with, in the bridge's terms: a closed `Client` is `CLOSED`,
 * however it said so (the 1.x one rejects its pending calls with -32000, a refusal's code); the
 * 2.x `Client` names its own timeout with a code that is not a JSON-RPC one.
 */
function clientFailed(client: Pick<McpClient, 'transport'>, method: string, error: unknown): never {
  assertConnected(client, method)
  throw (error as { code?: unknown } | undefined)?.code === 'REQUEST_TIMEOUT' ? new BridgeError('TIMEOUT', (error as Error).message) : error
}
