/**
 * The page's MCP client: one connection to the server (through the demo's `/mcp` endpoint),
 * advertising MCP Apps support, plus what the host needs from it: the tool list, the resource
 * list and tool calls. (`mountApp` reads each view's `ui://` resource through `client` itself.)
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import {
  EXTENSION_ID,
  RESOURCE_MIME_TYPE,
  getToolUiResourceUri,
  isVisibleToModel,
  listAllTools,
  type CallToolResult,
  type Implementation,
  type Resource,
  type Tool,
} from 'mcp-app-bridge/host'
import { HOST_INFO } from './host-config.js'
import { TappedTransport, type Tap } from './traffic-tap.js'

export class McpConnection {
  readonly client: Client
  readonly #endpoint: URL
  readonly #http: StreamableHTTPClientTransport
  #tools: Tool[] = []
  #resources: Resource[] = []

  private constructor(client: Client, endpoint: URL, http: StreamableHTTPClientTransport) {
    this.client = client
    this.#endpoint = endpoint
    this.#http = http
  }

  /** Connects and loads the tool list. `onToolsChanged` fires when the server's list changes. */
  static async open(endpoint: URL, tap: Tap, onToolsChanged: () => void, onClose: () => void): Promise<McpConnection> {
    // Telling the server we render MCP Apps (spec: the mimeTypes list is required); servers may
    // register their UI tools only for clients that say so.
    const client = new Client(HOST_INFO, { capabilities: { extensions: { [EXTENSION_ID]: { mimeTypes: [RESOURCE_MIME_TYPE] } } } })
    const http = new StreamableHTTPClientTransport(endpoint)
    const connection = new McpConnection(client, endpoint, http)
    client.onclose = onClose
    await client.connect(new TappedTransport(http, tap))
    await Promise.all([connection.refreshTools(), connection.#loadResources()])
    if (client.getServerCapabilities()?.tools?.listChanged) {
      client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
        await connection.refreshTools()
        onToolsChanged()
      })
    }
    return connection
  }

  get serverInfo(): Implementation | undefined {
    return this.client.getServerVersion()
  }

  /** Every tool of the server (what the bridge checks visibility against). */
  get tools(): Tool[] {
    return this.#tools
  }

  /**
   * The server's `resources/list`: a view's `_meta.ui` may sit on its listing entry instead of
   * its content item (draft spec: hosts check both, the content item first), so `mountApp` gets it.
   */
  get resources(): Resource[] {
    return this.#resources
  }

  /** Tools the model may call that render a view: what the launcher offers. */
  get uiTools(): Tool[] {
    return this.#tools.filter((tool) => isVisibleToModel(tool) && getToolUiResourceUri(tool))
  }

  async refreshTools(): Promise<void> {
    this.#tools = (await listAllTools(this.client)) as Tool[]
  }

  callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    return this.client.callTool({ name, arguments: args }) as Promise<CallToolResult>
  }

  /**
   * Ends the server session while the page unloads (a stdio server is a process per session).
   * A keepalive request is the one kind that still goes out from `pagehide`.
   */
  endOnUnload(): void {
    const sessionId = this.#http.sessionId
    if (sessionId) void fetch(this.#endpoint, { method: 'DELETE', keepalive: true, headers: { 'mcp-session-id': sessionId } }).catch(() => {})
  }

  async #loadResources(): Promise<void> {
    if (!this.client.getServerCapabilities()?.resources) return
    // Not worth failing the connection over: without the list, only content items' metadata counts.
    this.#resources = await this.client.listResources().then(({ resources }) => resources as Resource[], () => [])
  }
}
