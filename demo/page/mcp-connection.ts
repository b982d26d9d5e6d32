/**
 * The page's MCP client: one connection to the server (through the demo's `/mcp` endpoint),
 * advertising MCP Apps support, plus what the host needs from it: the tool list, the views'
 * `ui://` resources and tool calls.
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
  type McpUiResourceMeta,
  type Tool,
} from 'mcp-app-bridge/host'
import { HOST_INFO } from './host-config.js'
import { TappedTransport, type Tap } from './traffic-tap.js'

export interface UiResource {
  uri: string
  html: string
  meta?: McpUiResourceMeta
}

export class McpConnection {
  readonly client: Client
  readonly #endpoint: URL
  readonly #http: StreamableHTTPClientTransport
  #tools: Tool[] = []
  #listingMeta: Promise<Map<string, McpUiResourceMeta>> | undefined

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
    await connection.refreshTools()
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
   * Reads a view's HTML. `_meta.ui` is taken from the content item, else from the
   * `resources/list` entry (spec: check both, the content item wins).
   */
  async readUiResource(uri: string): Promise<UiResource> {
    const { contents } = await this.client.readResource({ uri })
    const item = contents.find((content) => content.uri === uri) ?? contents[0]
    if (!item) throw new Error(`${uri} has no content`)
    const mimeType = String(item.mimeType ?? '').replace(/\s/g, '').toLowerCase()
    if (mimeType !== RESOURCE_MIME_TYPE) throw new Error(`${uri} is ${item.mimeType ?? 'untyped'}, not an MCP App (${RESOURCE_MIME_TYPE})`)
    const html = 'text' in item && typeof item.text === 'string' ? item.text : decodeBase64('blob' in item ? String(item.blob) : '')
    const meta = readUiMeta(item._meta) ?? (await this.#listingMetaFor(uri))
    return { uri, html, meta }
  }

  /**
   * Ends the server session while the page unloads (a stdio server is a process per session).
   * A keepalive request is the one kind that still goes out from `pagehide`.
   */
  endOnUnload(): void {
    const sessionId = this.#http.sessionId
    if (sessionId) void fetch(this.#endpoint, { method: 'DELETE', keepalive: true, headers: { 'mcp-session-id': sessionId } }).catch(() => {})
  }

  async #listingMetaFor(uri: string): Promise<McpUiResourceMeta | undefined> {
    if (!this.client.getServerCapabilities()?.resources) return undefined
    this.#listingMeta ??= this.client.listResources().then(
      ({ resources }) => new Map(resources.flatMap((resource) => (readUiMeta(resource._meta) ? [[resource.uri, readUiMeta(resource._meta)!]] : []))),
      () => new Map(),
    )
    return (await this.#listingMeta).get(uri)
  }
}

function readUiMeta(meta: unknown): McpUiResourceMeta | undefined {
  const ui = typeof meta === 'object' && meta ? (meta as Record<string, unknown>).ui : undefined
  return typeof ui === 'object' && ui ? (ui as McpUiResourceMeta) : undefined
}

function decodeBase64(data: string): string {
  return new TextDecoder().decode(Uint8Array.from(atob(data), (char) => char.charCodeAt(0)))
}
