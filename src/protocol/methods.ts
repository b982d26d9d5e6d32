/**
 * Every method and notification name of MCP Apps (spec 2026-01-26, SEP-1865) and of
 * `@modelcontextprotocol/ext-apps` 2.0.4, plus the base MCP methods that travel over the bridge.
 *
 * One `const` each (rather than an object) so a bundler keeps only the names a bridge uses.
 */

// Lifecycle
/** View → host request: the handshake. */
export const INITIALIZE = 'ui/initialize'
/** View → host notification: the view stored the initialize result; the host may now send. */
export const INITIALIZED = 'ui/notifications/initialized'
/** Both directions: liveness check, answered with `{}`. */
export const PING = 'ping'

// View → host requests
export const OPEN_LINK = 'ui/open-link'
export const MESSAGE = 'ui/message'
export const UPDATE_MODEL_CONTEXT = 'ui/update-model-context'
export const REQUEST_DISPLAY_MODE = 'ui/request-display-mode'
/** ext-apps 2.0.4 addition. */
export const DOWNLOAD_FILE = 'ui/download-file'

// View → host notifications
export const SIZE_CHANGED = 'ui/notifications/size-changed'
/** ext-apps 2.0.4 addition: the view asks to be torn down. */
export const REQUEST_TEARDOWN = 'ui/notifications/request-teardown'
export const LOGGING_MESSAGE = 'notifications/message'

// Host → view notifications
export const TOOL_INPUT = 'ui/notifications/tool-input'
export const TOOL_INPUT_PARTIAL = 'ui/notifications/tool-input-partial'
export const TOOL_RESULT = 'ui/notifications/tool-result'
export const TOOL_CANCELLED = 'ui/notifications/tool-cancelled'
export const HOST_CONTEXT_CHANGED = 'ui/notifications/host-context-changed'

// Host → view requests
export const RESOURCE_TEARDOWN = 'ui/resource-teardown'

// Host ↔ sandbox proxy only: never relayed to or accepted from the view.
export const SANDBOX_PREFIX = 'ui/notifications/sandbox-'
export const SANDBOX_PROXY_READY = 'ui/notifications/sandbox-proxy-ready'
export const SANDBOX_RESOURCE_READY = 'ui/notifications/sandbox-resource-ready'

// Base MCP methods proxied by the host to the view's server, or served by the host itself
export const TOOLS_CALL = 'tools/call'
export const TOOLS_LIST = 'tools/list'
export const RESOURCES_READ = 'resources/read'
export const RESOURCES_LIST = 'resources/list'
export const RESOURCE_TEMPLATES_LIST = 'resources/templates/list'
export const PROMPTS_LIST = 'prompts/list'
/** ext-apps 2.0.4 addition: the view asks the host's model for a completion. */
export const SAMPLING_CREATE_MESSAGE = 'sampling/createMessage'

// Base MCP notifications
export const CANCELLED = 'notifications/cancelled'
export const PROGRESS = 'notifications/progress'
export const TOOLS_LIST_CHANGED = 'notifications/tools/list_changed'
export const RESOURCES_LIST_CHANGED = 'notifications/resources/list_changed'
export const PROMPTS_LIST_CHANGED = 'notifications/prompts/list_changed'

/** The protocol version this library speaks, newest first. */
export const SUPPORTED_PROTOCOL_VERSIONS = ['2026-01-26'] as const
export const LATEST_PROTOCOL_VERSION = SUPPORTED_PROTOCOL_VERSIONS[0]

/** MIME type of an MCP App resource. */
export const RESOURCE_MIME_TYPE = 'text/html;profile=mcp-app'
/** Client capability key a host advertises to servers (`capabilities.extensions[EXTENSION_ID]`). */
export const EXTENSION_ID = 'io.modelcontextprotocol/ui'
/** Deprecated flat tool `_meta` key, still read after `_meta.ui.resourceUri`. */
export const RESOURCE_URI_META_KEY = 'ui/resourceUri'
