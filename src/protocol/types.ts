/**
 * MCP Apps message, context, capability and metadata types (spec 2026-01-26 plus ext-apps 2.0.4).
 * Every object type keeps an index signature: peers may add keys and `_meta` is allowed everywhere.
 */
import type {
  CallToolResult,
  ContentBlock,
  EmbeddedResource,
  Implementation,
  Meta,
  RequestId,
  ResourceLink,
  Tool,
} from './mcp-types.js'
import type { McpUiStyles } from './style-variables.js'

export type McpUiTheme = 'light' | 'dark'
export type McpUiDisplayMode = 'inline' | 'fullscreen' | 'pip'
export type McpUiPlatform = 'web' | 'desktop' | 'mobile'

/** Font CSS a host shares with its views (`@font-face` and/or `@import` rules). */
export interface McpUiHostCss {
  fonts?: string
  [key: string]: unknown
}

export interface McpUiHostStyles {
  variables?: McpUiStyles
  css?: McpUiHostCss
  [key: string]: unknown
}

/**
 * Sizing per axis. `height`/`width` means fixed: the host sets it and the view fills it.
 * `maxHeight`/`maxWidth` means flexible up to the maximum. An absent axis is unbounded.
 */
export type McpUiContainerDimensions = ({ height: number; maxHeight?: never } | { height?: never; maxHeight?: number }) &
  ({ width: number; maxWidth?: never } | { width?: never; maxWidth?: number }) & { [key: string]: unknown }

export interface McpUiSafeAreaInsets {
  top: number
  right: number
  bottom: number
  left: number
  [key: string]: unknown
}

/** Everything a host tells its view about the environment. Every field is optional. */
export interface McpUiHostContext {
  /** The tool call that created this view. */
  toolInfo?: { id?: RequestId; tool: Tool; [key: string]: unknown }
  theme?: McpUiTheme
  styles?: McpUiHostStyles
  displayMode?: McpUiDisplayMode
  /** Modes the host supports. */
  availableDisplayModes?: McpUiDisplayMode[]
  containerDimensions?: McpUiContainerDimensions
  /** BCP 47 tag, e.g. `en-US`. */
  locale?: string
  /** IANA zone, e.g. `Europe/Paris`. */
  timeZone?: string
  userAgent?: string
  platform?: McpUiPlatform
  deviceCapabilities?: { touch?: boolean; hover?: boolean; [key: string]: unknown }
  safeAreaInsets?: McpUiSafeAreaInsets
  [key: string]: unknown
}

/** Kinds of content block a host accepts in `ui/message` or `ui/update-model-context`. */
export interface McpUiSupportedContentBlockModalities {
  text?: object
  image?: object
  audio?: object
  resource?: object
  resourceLink?: object
  structuredContent?: object
  [key: string]: unknown
}

export interface McpUiResourceCsp {
  /** Origins for fetch, XHR and WebSocket (`connect-src`). */
  connectDomains?: string[]
  /** Origins for scripts, styles, images, fonts and media. */
  resourceDomains?: string[]
  /** Origins for nested frames (`frame-src`). */
  frameDomains?: string[]
  /** Origins allowed in `<base href>` (`base-uri`). */
  baseUriDomains?: string[]
  [key: string]: unknown
}

export interface McpUiResourcePermissions {
  camera?: object
  microphone?: object
  geolocation?: object
  clipboardWrite?: object
  [key: string]: unknown
}

/** `_meta.ui` of a `ui://` resource (listing entry or content item). */
export interface McpUiResourceMeta {
  csp?: McpUiResourceCsp
  permissions?: McpUiResourcePermissions
  /** A dedicated, stable sandbox origin requested by the server (format is host-specific). */
  domain?: string
  /** `true` asks for a visible border and background, `false` for none. */
  prefersBorder?: boolean
  [key: string]: unknown
}

export type McpUiToolVisibility = 'model' | 'app'

/** `_meta.ui` of a tool. */
export interface McpUiToolMeta {
  /** The `ui://` resource that renders this tool's results. */
  resourceUri?: string
  /** Who may see and call the tool; omitted means `["model", "app"]`. */
  visibility?: McpUiToolVisibility[]
  [key: string]: unknown
}

/** What a host offers its view. A view request whose capability is absent is refused. */
export interface McpUiHostCapabilities {
  experimental?: Record<string, object>
  /** Enables `ui/open-link`. */
  openLinks?: object
  /** Enables `ui/download-file` (ext-apps 2.0.4). */
  downloadFile?: object
  /** Enables `tools/call` proxied to the view's server. */
  serverTools?: { listChanged?: boolean; [key: string]: unknown }
  /** Enables `resources/read`, `resources/list` and `resources/templates/list`. */
  serverResources?: { listChanged?: boolean; [key: string]: unknown }
  /** Enables `notifications/message` from the view. */
  logging?: object
  /** What the host actually granted the view's frame. */
  sandbox?: { permissions?: McpUiResourcePermissions; csp?: McpUiResourceCsp; [key: string]: unknown }
  /** Enables `ui/update-model-context` (SDK field). */
  updateModelContext?: McpUiSupportedContentBlockModalities
  /** Enables `ui/message` (SDK field). */
  message?: McpUiSupportedContentBlockModalities
  /** Enables `sampling/createMessage` (ext-apps 2.0.4); `tools` allows tool use. */
  sampling?: { tools?: object; [key: string]: unknown }
  [key: string]: unknown
}

/** What a view offers its host. */
export interface McpUiAppCapabilities {
  experimental?: Record<string, object>
  /** The view answers `tools/list` and `tools/call` from the host. */
  tools?: { listChanged?: boolean; [key: string]: unknown }
  /** Every display mode the view supports. */
  availableDisplayModes?: McpUiDisplayMode[]
  [key: string]: unknown
}

// ---- params and results, one per method ----

export interface McpUiInitializeParams {
  appInfo: Implementation
  appCapabilities: McpUiAppCapabilities
  protocolVersion: string
  _meta?: Meta
  [key: string]: unknown
}

export interface McpUiInitializeResult {
  protocolVersion: string
  hostInfo: Implementation
  hostCapabilities: McpUiHostCapabilities
  hostContext: McpUiHostContext
  _meta?: Meta
  [key: string]: unknown
}

export interface McpUiOpenLinkParams {
  url: string
  _meta?: Meta
  [key: string]: unknown
}

/** A refusal may come back as a JSON-RPC error or, SDK style, as `isError: true`. */
export interface McpUiActionResult {
  isError?: boolean
  _meta?: Meta
  [key: string]: unknown
}

export interface McpUiMessageParams {
  role: 'user'
  content: ContentBlock[]
  _meta?: Meta
  [key: string]: unknown
}

export interface McpUiUpdateModelContextParams {
  content?: ContentBlock[]
  structuredContent?: Record<string, unknown>
  _meta?: Meta
  [key: string]: unknown
}

export interface McpUiRequestDisplayModeParams {
  mode: McpUiDisplayMode
  _meta?: Meta
  [key: string]: unknown
}

export interface McpUiRequestDisplayModeResult {
  /** The mode in effect after the request, whether or not it changed. */
  mode: McpUiDisplayMode
  _meta?: Meta
  [key: string]: unknown
}

export interface McpUiDownloadFileParams {
  contents: Array<EmbeddedResource | ResourceLink>
  _meta?: Meta
  [key: string]: unknown
}

export interface McpUiSizeChangedParams {
  width?: number
  height?: number
  _meta?: Meta
  [key: string]: unknown
}

export interface McpUiToolInputParams {
  arguments?: Record<string, unknown>
  _meta?: Meta
  [key: string]: unknown
}

export type McpUiToolResultParams = CallToolResult

export interface McpUiToolCancelledParams {
  reason?: string
  _meta?: Meta
  [key: string]: unknown
}

export interface McpUiResourceTeardownParams {
  reason?: string
  _meta?: Meta
  [key: string]: unknown
}

export interface McpUiSandboxResourceReadyParams {
  html: string
  sandbox?: string
  csp?: McpUiResourceCsp
  permissions?: McpUiResourcePermissions
  [key: string]: unknown
}

/** Client→server extension settings under `capabilities.extensions["io.modelcontextprotocol/ui"]`. */
export interface McpUiClientCapabilities {
  mimeTypes: string[]
  [key: string]: unknown
}

/** Empty result (`{}`), with room for `_meta`. */
export interface EmptyResult {
  _meta?: Meta
  [key: string]: unknown
}
