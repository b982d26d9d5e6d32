/**
 * The base MCP shapes that travel over the bridge, written structurally so that the view side
 * never needs `@modelcontextprotocol/sdk` installed. They are compatible with the SDK's types
 * (every object keeps an index signature, so values from the SDK assign to them and back).
 */

/** A JSON-RPC request id. */
export type RequestId = string | number

/** `_meta` may appear on every params and result object. */
export type Meta = Record<string, unknown>

/** Name and version of a client, server, host or app. */
export interface Implementation {
  name: string
  version: string
  title?: string
  description?: string
  websiteUrl?: string
  icons?: Array<{ src: string; mimeType?: string; sizes?: string[]; theme?: 'light' | 'dark' }>
  [key: string]: unknown
}

export interface Annotations {
  audience?: Array<'user' | 'assistant'>
  priority?: number
  lastModified?: string
  [key: string]: unknown
}

export interface TextContent {
  type: 'text'
  text: string
  annotations?: Annotations
  _meta?: Meta
  [key: string]: unknown
}

export interface ImageContent {
  type: 'image'
  /** Base64 data. */
  data: string
  mimeType: string
  annotations?: Annotations
  _meta?: Meta
  [key: string]: unknown
}

export interface AudioContent {
  type: 'audio'
  /** Base64 data. */
  data: string
  mimeType: string
  annotations?: Annotations
  _meta?: Meta
  [key: string]: unknown
}

/** Contents of a resource: exactly one of `text` or base64 `blob`. */
export interface ResourceContents {
  uri: string
  mimeType?: string
  text?: string
  blob?: string
  _meta?: Meta
  [key: string]: unknown
}

export interface EmbeddedResource {
  type: 'resource'
  resource: ResourceContents
  annotations?: Annotations
  _meta?: Meta
  [key: string]: unknown
}

export interface ResourceLink {
  type: 'resource_link'
  uri: string
  name: string
  title?: string
  description?: string
  mimeType?: string
  size?: number
  annotations?: Annotations
  _meta?: Meta
  [key: string]: unknown
}

/** One block of message or tool-result content. */
export type ContentBlock = TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource

/** Result of an MCP `tools/call`. A tool-level failure is `isError: true`, not a JSON-RPC error. */
export interface CallToolResult {
  content: ContentBlock[]
  structuredContent?: Record<string, unknown>
  isError?: boolean
  _meta?: Meta
  [key: string]: unknown
}

export interface CallToolParams {
  name: string
  arguments?: Record<string, unknown>
  _meta?: Meta & { progressToken?: string | number }
  [key: string]: unknown
}

/** JSON Schema object (kept open: hosts and apps pass it through). */
export interface JsonSchemaObject {
  type: 'object'
  properties?: Record<string, unknown>
  required?: string[]
  [key: string]: unknown
}

export interface ToolAnnotations {
  title?: string
  readOnlyHint?: boolean
  destructiveHint?: boolean
  idempotentHint?: boolean
  openWorldHint?: boolean
  [key: string]: unknown
}

/** An MCP tool definition. */
export interface Tool {
  name: string
  title?: string
  description?: string
  inputSchema: JsonSchemaObject
  /** Any JSON Schema: newer MCP revisions (and the 2.x SDK's types) no longer require `type: "object"`. */
  outputSchema?: { [key: string]: unknown }
  annotations?: ToolAnnotations
  _meta?: Meta
  [key: string]: unknown
}

export interface ListToolsResult {
  tools: Tool[]
  nextCursor?: string
  _meta?: Meta
  [key: string]: unknown
}

/** Params of any paginated list request. */
export interface PaginatedParams {
  cursor?: string
  _meta?: Meta
  [key: string]: unknown
}

export interface Resource {
  uri: string
  name: string
  title?: string
  description?: string
  mimeType?: string
  size?: number
  _meta?: Meta
  [key: string]: unknown
}

export interface ReadResourceParams {
  uri: string
  _meta?: Meta
  [key: string]: unknown
}

export interface ReadResourceResult {
  contents: ResourceContents[]
  _meta?: Meta
  [key: string]: unknown
}

export interface ListResourcesResult {
  resources: Resource[]
  nextCursor?: string
  _meta?: Meta
  [key: string]: unknown
}

export interface ListResourceTemplatesResult {
  resourceTemplates: Array<{ uriTemplate: string; name: string; [key: string]: unknown }>
  nextCursor?: string
  _meta?: Meta
  [key: string]: unknown
}

export interface ListPromptsResult {
  prompts: Array<{ name: string; description?: string; [key: string]: unknown }>
  nextCursor?: string
  _meta?: Meta
  [key: string]: unknown
}

export type LoggingLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency'

export interface LoggingMessageParams {
  level: LoggingLevel
  logger?: string
  data: unknown
  _meta?: Meta
  [key: string]: unknown
}

export interface SamplingMessage {
  role: 'user' | 'assistant'
  content: unknown
  [key: string]: unknown
}

/** Params of `sampling/createMessage` (MCP `CreateMessageRequest`). */
export interface CreateMessageParams {
  messages: SamplingMessage[]
  maxTokens: number
  systemPrompt?: string
  temperature?: number
  stopSequences?: string[]
  modelPreferences?: Record<string, unknown>
  includeContext?: 'none' | 'thisServer' | 'allServers'
  metadata?: Record<string, unknown>
  tools?: Tool[]
  toolChoice?: Record<string, unknown>
  _meta?: Meta
  [key: string]: unknown
}

export interface CreateMessageResult {
  role: 'user' | 'assistant'
  content: unknown
  model: string
  stopReason?: string
  _meta?: Meta
  [key: string]: unknown
}

export interface ProgressParams {
  progressToken: string | number
  progress: number
  total?: number
  message?: string
  [key: string]: unknown
}

export interface CancelledParams {
  requestId: RequestId
  reason?: string
  [key: string]: unknown
}
