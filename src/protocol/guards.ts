/**
 * Every check applied to incoming params and results, in one place.
 *
 * Read leniently, write strictly (PROTOCOL.md A.1): each reader accepts the variants seen in the
 * field and reports each one through `note`, never silently; anything it cannot make sense of is
 * refused with an `INVALID_PARAMS` error whose message names the method and the field. Readers
 * return a fresh object holding only checked fields plus the unknown ones passed through.
 */
import { BridgeError } from './errors.js'
import { isObject } from './jsonrpc.js'
import type { BridgeWarningCode } from './transport.js'
import type {
  CallToolParams,
  CallToolResult,
  ContentBlock,
  Implementation,
  Tool,
} from './mcp-types.js'
import type {
  McpUiDisplayMode,
  McpUiHostContext,
  McpUiInitializeResult,
  McpUiToolCancelledParams,
  McpUiToolInputParams,
  McpUiResourceTeardownParams,
} from './types.js'

/** Receives each tolerated variant or dropped field. `code` defaults to `VARIANT`. */
export type Note = (message: string, code?: BridgeWarningCode) => void

type Params = Record<string, unknown>

export const DISPLAY_MODES: readonly McpUiDisplayMode[] = ['inline', 'fullscreen', 'pip']

/** Throws the `INVALID_PARAMS` error for one field. */
export function invalid(where: string, field: string, expected: string): never {
  throw new BridgeError('INVALID_PARAMS', `${where}: ${field} must be ${expected}`)
}

/** Params whose only known field is an optional string `reason`. */
function withReason<T>(where: string, params: Params): T {
  if (params.reason !== undefined && typeof params.reason !== 'string') invalid(where, 'reason', 'a string')
  return params as T
}

/** A field the peer should have sent: when it is missing, that is reported and `fallback` used. */
export function present(where: string, field: string, value: unknown, fallback: unknown, note: Note): unknown {
  if (value !== undefined) return value
  note(`${where}: no ${field}`, 'MALFORMED')
  return fallback
}

/** A value that should be an object but may arrive double-encoded as a JSON string (seen in the field). */
export function objectOrJson(where: string, field: string, value: unknown, note: Note): Record<string, unknown> | undefined {
  if (value === undefined) return undefined
  let object = value
  if (typeof value === 'string') {
    try {
      object = JSON.parse(value)
    } catch {
      // `object` is still the string: refused below like any other non-object.
    }
  }
  if (!isObject(object)) invalid(where, field, 'an object')
  if (object !== value) note(`${where}: ${field} JSON-encoded`)
  return object
}

/** `content`: an array of blocks, or one block object (the spec's example form), reported. */
export function contentBlocks(where: string, value: unknown, note: Note): ContentBlock[] {
  if (isObject(value)) {
    note(`${where}: content not an array`)
    value = [value]
  }
  if (!Array.isArray(value)) invalid(where, 'content', 'an array')
  // Spread first: forEach skips the holes structured clone keeps, and a hole is no block.
  ;[...value].forEach((block, i) => {
    if (!isObject(block) || typeof block.type !== 'string') invalid(where, `content[${i}].type`, 'a string')
    if (block.type === 'text' && typeof block.text !== 'string') invalid(where, `content[${i}].text`, 'a string')
  })
  return value
}

/** `appInfo` or `hostInfo`: a name is required; a missing version is reported and becomes `''`. */
export function implementation(where: string, field: string, value: unknown, note: Note): Implementation {
  if (!isObject(value) || typeof value.name !== 'string') invalid(where, `${field}.name`, 'a string')
  return typeof value.version === 'string' ? (value as Implementation) : { ...value, name: value.name, version: present(where, `${field}.version`, undefined, '', note) as string }
}

// ---- read by both sides (the host's own readers are in `host-guards.ts`) ----

/** `tools/call` params, from either side; `arguments` may arrive double-encoded (noted). */
export function readCallToolParams(params: Params, note: Note): CallToolParams {
  const where = 'tools/call params'
  if (typeof params.name !== 'string' || !params.name) invalid(where, 'name', 'a non-empty string')
  const args = objectOrJson(where, 'arguments', params.arguments, note)
  return args === undefined ? (params as CallToolParams) : { ...params, name: params.name, arguments: args }
}

/** A `CallToolResult`, from the view's own tools or the server; `content` missing is noted and defaulted. */
export function readCallToolResult(value: Params, note: Note, where = 'tools/call result'): CallToolResult {
  if (value.isError !== undefined && typeof value.isError !== 'boolean') invalid(where, 'isError', 'a boolean')
  const structuredContent = objectOrJson(where, 'structuredContent', value.structuredContent, note)
  return { ...value, content: contentBlocks(where, present(where, 'content', value.content, [], note), note), ...(structuredContent && { structuredContent }) }
}

/** A tool definition passed to a helper: checked, never thrown on by callers that filter lists. */
export function isTool(value: unknown): value is Tool {
  return isObject(value) && typeof value.name === 'string'
}

// ---- read by the view, sent by the host ----

/**
 * A host context (initialize result or change notification). Known fields of the wrong type are
 * dropped and noted, so one bad field never costs the view the rest; unknown keys pass through.
 */
export function readHostContext(value: unknown, note: Note, where = 'host context'): McpUiHostContext {
  if (!isObject(value)) invalid(where, 'host context', 'an object')
  const context: McpUiHostContext = {}
  for (const key of Object.keys(value)) {
    let field = value[key]
    // A mode this library does not know (a later spec's) costs the list that entry only, not the list.
    if (key === 'availableDisplayModes' && Array.isArray(field)) field = field.filter(isDisplayMode)
    // `undefined` is how a host withdraws a field; `__proto__` would rewrite the prototype. A known
    // field passes its check; an own key only (`toString` is an unknown key, not `Object.prototype`'s).
    if (key !== '__proto__' && (field === undefined || !Object.hasOwn(HOST_CONTEXT_FIELDS, key) || HOST_CONTEXT_FIELDS[key]!(field))) context[key] = field
    else note(`${where}: dropped ${key}`, 'MALFORMED')
  }
  return context
}

const oneOf = (allowed: readonly unknown[]) => (value: unknown) => allowed.includes(value)
const isString = (value: unknown) => typeof value === 'string'
// Marked pure: a host never reads host context, and a call at module level would keep the table in
// its bundle (a spread argument would keep the call anyway: iterating may have effects).
const isDisplayMode = /* @__PURE__ */ oneOf(DISPLAY_MODES)

/** Checks for the known host-context fields; an unknown key passes (forward compatibility). */
const HOST_CONTEXT_FIELDS: Record<string, (value: any) => boolean> = {
  theme: /* @__PURE__ */ oneOf(['light', 'dark']),
  displayMode: isDisplayMode,
  availableDisplayModes: Array.isArray,
  platform: /* @__PURE__ */ oneOf(['web', 'desktop', 'mobile']),
  locale: isString,
  timeZone: isString,
  userAgent: isString,
  styles: (value) => isObject(value) && [value.variables, value.css].every((part) => part === undefined || isObject(part)),
  // Axes given as numbers, at most one of `height`/`maxHeight` and of `width`/`maxWidth`.
  containerDimensions: (value) =>
    isObject(value) &&
    Object.values(value).every((axis) => axis === undefined || Number.isFinite(axis)) &&
    [value.height, value.maxHeight].includes(undefined) &&
    [value.width, value.maxWidth].includes(undefined),
  deviceCapabilities: isObject,
  safeAreaInsets: (value) => isObject(value) && [value.top, value.right, value.bottom, value.left].every(Number.isFinite),
  toolInfo: (value) => isObject(value) && isTool(value.tool),
}

/** The `ui/initialize` result. Missing capability or context objects are noted and defaulted. */
export function readInitializeResult(value: Params, note: Note): McpUiInitializeResult {
  const where = 'ui/initialize result'
  const { protocolVersion } = value
  const hostCapabilities = present(where, 'hostCapabilities', value.hostCapabilities, {}, note)
  if (typeof protocolVersion !== 'string') invalid(where, 'protocolVersion', 'a string')
  if (!isObject(hostCapabilities)) invalid(where, 'hostCapabilities', 'an object')
  return {
    ...value,
    protocolVersion,
    hostInfo: implementation(where, 'hostInfo', value.hostInfo, note),
    hostCapabilities,
    hostContext: readHostContext(present(where, 'hostContext', value.hostContext, {}, note), note, where),
  }
}

/** `tool-input` and `tool-input-partial`: `arguments` optional (defaulted to `{}`), maybe double-encoded. */
export function readToolInput(params: Params, note: Note, where = 'tool-input params'): McpUiToolInputParams {
  return { ...params, arguments: objectOrJson(where, 'arguments', params.arguments, note) ?? {} }
}

export function readToolCancelled(params: Params): McpUiToolCancelledParams {
  return withReason('tool-cancelled params', params)
}

/** `ui/resource-teardown` params: `{}` (SDK) or `{reason}` (spec). */
export function readTeardownParams(params: Params): McpUiResourceTeardownParams {
  return withReason('ui/resource-teardown params', params)
}

/** Result of `ui/request-display-mode`. */
export function readDisplayModeResult(value: Params): { mode: McpUiDisplayMode } {
  if (!isDisplayMode(value.mode)) invalid('ui/request-display-mode result', 'mode', 'a display mode')
  return value as { mode: McpUiDisplayMode }
}
