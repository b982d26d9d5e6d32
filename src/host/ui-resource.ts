/**
 * Reading a tool's `ui://` resource and checking it before anything renders it (spec "UI Resource
 * Format" and "Host Behavior"): the URI uses `ui://`, the MIME type is `text/html;profile=mcp-app`,
 * the body is `text` or a base64 `blob` that decodes to valid UTF-8, and the `_meta.ui` metadata is
 * taken from the content item first and then from the `resources/list` entry (draft rule: hosts
 * check both). Whatever fails is refused with a `BridgeError` that says why; nothing is guessed.
 */
import { BridgeError, RESOURCE_MIME_TYPE, isObject, isUiUri, type McpUiResourceMeta, type Resource } from '../protocol/index.js'
import type { McpClient, McpRequestOptions } from './server-proxy.js'

/** A checked MCP App resource, ready to be framed. */
export interface UiResource {
  /** The resource's `ui://` URI. */
  uri: string
  /** The HTML document (decoded from base64 when the server sent a blob). */
  html: string
  /** `_meta.ui` of the content item, completed key by key from the listing entry. */
  meta: McpUiResourceMeta
}

export interface ReadUiResourceOptions extends McpRequestOptions {
  /**
   * The resource's `resources/list` entry (or the whole list), whose `_meta.ui` fills the keys the
   * content item lacks; only an entry with the resource's URI counts. Without it only the content
   * item's metadata counts.
   */
  listing?: Resource | readonly Resource[]
}

/** True for `text/html;profile=mcp-app`, ignoring case and spaces around `;` and `=`. */
export function isAppMimeType(value: unknown): boolean {
  // The type, then any parameters, one of them the profile: each part between `;`s, spaces around it ignored.
  return typeof value === 'string' && /^\s*text\/html\s*(;[^;]*)*;\s*profile\s*=\s*"?mcp-app"?\s*(;|$)/i.test(value)
}

/** Decodes base64 into a string, refusing anything that is not valid base64 of valid UTF-8. */
export function decodeBase64Utf8(base64: string): string {
  let binary: string
  try {
    // `atob` refuses what is not base64 (a character outside it, a bad length, padding in the wrong place).
    binary = atob(base64.replace(/\s+/g, ''))
  } catch {
    throw new BridgeError('PROTOCOL', 'The resource blob is not valid base64')
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)))
  } catch {
    throw new BridgeError('PROTOCOL', 'The resource blob is not UTF-8 text')
  }
}

function uiMeta(value: unknown): Record<string, unknown> {
  const meta = isObject(value) ? value._meta : undefined
  return isObject(meta) && isObject(meta.ui) ? meta.ui : {}
}

/**
 * Checks a `resources/read` result for `uri` and returns the resource. The content item is the one
 * whose `uri` matches, or the only item when there is exactly one.
 */
export function parseUiResource(result: unknown, uri: string, listing?: Resource | readonly Resource[]): UiResource {
  if (!isUiUri(uri)) throw new BridgeError('INVALID_PARAMS', `Not a ui:// resource URI: ${String(uri)}`)
  const fail = (why: string): never => {
    throw new BridgeError('PROTOCOL', `${uri}: ${why}`)
  }
  const contents = isObject(result) && Array.isArray(result.contents) ? result.contents.filter(isObject) : []
  const item = contents.find((content) => content.uri === uri) ?? (contents.length === 1 ? contents[0] : undefined) ?? fail('the server returned no content for it')
  if (!isUiUri(item.uri)) fail("the content's URI is not ui://")
  if (!isAppMimeType(item.mimeType)) fail(`MIME type ${String(item.mimeType)} is not ${RESOURCE_MIME_TYPE}`)
  const html = typeof item.text === 'string' ? item.text : typeof item.blob === 'string' ? decodeBase64Utf8(item.blob) : fail('the content has neither text nor blob')
  // The entry of this resource only, also when one entry is given: another resource's metadata
  // (its CSP domains, its permissions) must not become this one's.
  const entry = [listing].flat().find((resource) => isObject(resource) && resource.uri === uri)
  return { uri, html, meta: { ...uiMeta(entry), ...uiMeta(item) } }
}

/** Reads `uri` through `client` with `resources/read` and checks it (see {@link parseUiResource}). */
export async function readUiResource(client: Pick<McpClient, 'readResource'>, uri: string, options: ReadUiResourceOptions = {}): Promise<UiResource> {
  if (!isUiUri(uri)) throw new BridgeError('INVALID_PARAMS', `Not a ui:// resource URI: ${String(uri)}`)
  const { listing, ...requestOptions } = options
  return parseUiResource(await client.readResource({ uri }, requestOptions), uri, listing)
}
