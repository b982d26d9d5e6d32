/**
 * Recognising a legacy MCP-UI resource and reading what the host needs from it.
 *
 * MCP-UI servers put the UI in the tool result (`{ type: "resource", resource }`) as raw HTML
 * (`text/html`) or an external page (`text/uri-list`), with `mcpui.dev/ui-*` keys in `_meta`.
 * `@mcp-ui/server` 6 labels both with the MCP Apps MIME type, whatever the HTML speaks: its raw
 * HTML is often still MCP-UI, and its external URL arrives as a bare URL where HTML should be.
 * So the MIME type alone cannot say which protocol a frame speaks. A resource is `legacy` (served
 * as MCP-UI from the start) when anything says so for sure: a MIME type without the profile, a
 * URL, `mcpui.dev/ui-*` metadata. Otherwise the frame's first message decides (`translator.ts`).
 */
import { BridgeError, isObject, isUiUri, type McpUiResourceMeta, type Note, type ResourceContents } from '../protocol/index.js'
import { decodeBase64Utf8, isAppMimeType } from '../host/ui-resource.js'
import { CSP_NOT_AN_OBJECT } from '../host/mount-app.js'
import { urlFrame } from './url-frame.js'

/** Prefix of MCP-UI's resource metadata keys in `_meta`. */
export const MCP_UI_META_PREFIX = 'mcpui.dev/ui-'

/** A checked MCP-UI resource, ready for `mountApp`. */
export interface McpUiResource {
  uri: string
  /** The document to frame: the resource's HTML, or for an external page the relay that frames it. */
  html: string
  /** The external page's URL (`text/uri-list`); its origin is the only one the relay may frame. */
  url?: string
  /** `_meta.ui` of the resource (CSP, permissions), with the external page's origin in `frameDomains`. */
  meta: McpUiResourceMeta
  /** Served as MCP-UI from the start; otherwise the frame's first message tells. */
  legacy: boolean
  /** `mcpui.dev/ui-preferred-frame-size`: the frame's initial CSS width and height. */
  frameSize?: [string, string]
  /** `mcpui.dev/ui-initial-render-data`. */
  renderData?: Record<string, unknown>
}

/**
 * Reads an MCP-UI resource: the `resource` of an embedded resource block, the block itself, or a
 * `resources/read` content item. Throws `PROTOCOL` for anything that is not `text/html` (with or
 * without the MCP Apps profile) or `text/uri-list` with a usable body. Tolerated oddities are
 * reported through `note`. `renderData`, the host's own render data for the app, asks an external
 * page to wait for render data, as the resource's initial render data does.
 */
export function readMcpUiResource(content: unknown, note: Note = () => {}, renderData?: Record<string, unknown>): McpUiResource {
  const item = isObject(content) && content.type === 'resource' ? content.resource : content
  const { uri = 'ui://mcp-ui', mimeType, text, blob, _meta } = (isObject(item) ? item : {}) as ResourceContents
  const where = `MCP-UI resource ${uri}: `
  const fail = (why: string): never => {
    throw new BridgeError('PROTOCOL', where + why)
  }
  const body = typeof text === 'string' ? text : typeof blob === 'string' ? decodeBase64Utf8(blob) : fail('no text or blob')
  // `text/html` or `text/uri-list`, in any case, parameters aside: `html` is set for the first.
  const [, html] = /^\s*text\/(?:(html)|uri-list)\s*(?:;|$)/i.exec(String(mimeType)) ?? fail(`MIME type ${mimeType}`)
  // An external page: `text/uri-list`, or (`@mcp-ui/server` 6) a URL as the body of an MCP Apps resource.
  const url = !html || /^\s*https?:\/\/\S+\s*$/i.test(body)
  const meta = isObject(_meta) ? _meta : {}
  // Written out, not built on MCP_UI_META_PREFIX: gzip finds the prefix in them, and two template literals cost 9 B more.
  const frameSize = meta['mcpui.dev/ui-preferred-frame-size']
  const initial = meta['mcpui.dev/ui-initial-render-data']
  const resource: McpUiResource = {
    uri: String(uri),
    html: body,
    meta: { ...(isObject(meta.ui) && meta.ui) },
    // A URL (`text/uri-list` has no MCP Apps profile) is always served as MCP-UI.
    legacy: !isAppMimeType(mimeType) || url || Object.keys(meta).some((key) => key.startsWith(MCP_UI_META_PREFIX)),
  }
  if (Array.isArray(frameSize) && frameSize.length === 2 && frameSize.every((value) => typeof value === 'string')) resource.frameSize = frameSize as [string, string]
  if (isObject(initial)) resource.renderData = initial
  if (url) {
    if (html) note(`${where}a URL, not HTML`)
    // The first usable http(s) URL, line by line as RFC 2483 and MCP-UI read it: `#` comment lines
    // (and a URL inside one), other schemes and unparsable lines skipped. The URL parser trims the
    // spaces around a line (and a CR before its LF) itself.
    const urls = body.split('\n').filter((line) => /^\s*https?:\/\//i.test(line) && URL.canParse(line))
    if (urls.length > 1) note(`${where}${urls.length} URLs, first shown`)
    // The relay's CSP is built over it, where one that is not an object would pass unnoticed.
    if (!isObject(resource.meta.csp ?? {})) note(CSP_NOT_AN_OBJECT, 'MALFORMED')
    Object.assign(resource, urlFrame(urls[0] ?? fail('no usable http(s) URL'), resource.meta, resource.renderData ?? renderData))
  }
  return resource
}

/** The MCP-UI resource in a tool result's `content` (the first embedded resource with a `ui://` URI), if any. */
export function findMcpUiResource(result: unknown): ResourceContents | undefined {
  const content: Array<{ resource?: ResourceContents } | null> = isObject(result) && Array.isArray(result.content) ? result.content : []
  return content.find((block) => isUiUri(block?.resource?.uri))?.resource
}
