/**
 * The two pieces of metadata every MCP App needs on the server side:
 *
 * - the tool points at its view with `_meta.ui.resourceUri` (and, for hosts written against the
 *   first drafts, the flat `_meta["ui/resourceUri"]` key with the same value);
 * - the view is a `ui://` resource whose content item has the MCP Apps MIME type.
 *
 * Both helpers are tiny on purpose: they are what you would write in your own server.
 */
import { readFile } from 'node:fs/promises'
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY, type McpUiResourceMeta, type McpUiToolVisibility } from 'mcp-app-bridge/protocol'

/**
 * `_meta` for a tool rendered by the view at `resourceUri`. Leave `visibility` out for a normal
 * tool (the model and the view may call it); `["app"]` hides a helper tool from the model.
 */
export function uiToolMeta(resourceUri: string, visibility?: McpUiToolVisibility[]): Record<string, unknown> {
  return {
    ui: visibility ? { resourceUri, visibility } : { resourceUri },
    [RESOURCE_URI_META_KEY]: resourceUri,
  }
}

/** `_meta` for an app-only tool: callable from the view, never listed to the model. */
export function appOnlyToolMeta(): Record<string, unknown> {
  return { ui: { visibility: ['app'] satisfies McpUiToolVisibility[] } }
}

export interface AppResource {
  /** The `ui://` URI tools point at. */
  uri: string
  /** Short name in `resources/list`. */
  name: string
  title: string
  description: string
  /** The built single-file HTML (the app's script and styles inlined). */
  htmlFile: URL
  /** Sandbox requests: CSP origins, permissions, border preference. Omit for the strict default. */
  meta?: McpUiResourceMeta
}

/**
 * Registers a view. The HTML is read on every `resources/read`, so a rebuilt app is picked up
 * without restarting the server. `_meta.ui` goes on the content item, where hosts look first.
 */
export function registerAppResource(server: McpServer, resource: AppResource): void {
  const { uri, name, title, description, htmlFile, meta } = resource
  server.registerResource(name, uri, { title, description, mimeType: RESOURCE_MIME_TYPE, ...(meta && { _meta: { ui: meta } }) }, async () => ({
    contents: [{ uri, mimeType: RESOURCE_MIME_TYPE, text: await readFile(htmlFile, 'utf8'), ...(meta && { _meta: { ui: meta } }) }],
  }))
}

/** Where the app build writes `<app>.html`. */
export function builtAppFile(app: string): URL {
  return new URL(`../apps/dist/${app}.html`, import.meta.url)
}
