/**
 * The checks the host applies to what the view sends: its requests and notifications, and the
 * results of the host's requests to the view's own tools.
 *
 * Read leniently, write strictly (PROTOCOL.md A.1), as in `guards.ts`. Each message is described
 * by one spec, a {@link Check} per field, instead of a function body per reader: the first field
 * that fails is refused with an `INVALID_PARAMS` error naming the method and the field's path
 * (`ui/download-file params: contents[2].uri must be a string`). Variants that are accepted are
 * reported through `note`, never silently.
 */
import { BridgeError } from './errors.js'
import { DISPLAY_MODES, contentBlocks, objectOrJson, present, type Note } from './guards.js'
import { isObject } from './jsonrpc.js'
import { DOWNLOAD_FILE, INITIALIZE, LOGGING_MESSAGE, MESSAGE, OPEN_LINK, REQUEST_DISPLAY_MODE, RESOURCES_READ, SAMPLING_CREATE_MESSAGE, TOOLS_LIST, UPDATE_MODEL_CONTEXT } from './methods.js'
import type { CreateMessageParams, ListToolsResult, LoggingLevel, LoggingMessageParams, PaginatedParams, ReadResourceParams } from './mcp-types.js'
import type {
  McpUiDownloadFileParams,
  McpUiInitializeParams,
  McpUiMessageParams,
  McpUiOpenLinkParams,
  McpUiRequestDisplayModeParams,
  McpUiSizeChangedParams,
  McpUiUpdateModelContextParams,
} from './types.js'

type Params = Record<string, unknown>

/** Checks one value: nothing when it passes, else the refusal's text after the field's name. */
type Check = (value: any) => string | undefined

// The specs below are built once, at load time; their pure annotations let a bundle that reads
// none of these messages (the view's) drop them.

/** A check from a test, and what a value must be to pass it. */
const is =
  (test: (value: any) => unknown, expected: string): Check =>
  (value) =>
    test(value) ? undefined : ` must be ${expected}`

const optional =
  (check: Check): Check =>
  (value) =>
    value === undefined ? undefined : check(value)

/** An object whose fields pass `spec`; a failing field is named by its key. */
const fields =
  (spec: Record<string, Check>): Check =>
  (value) => {
    if (!isObject(value)) return ' must be an object'
    for (const key in spec) {
      const problem = spec[key]!(value[key])
      if (problem) return `.${key}${problem}`
    }
  }

/** An array (a non-empty one with `nonEmpty`) whose items pass `item`; a failing item is named by its index. */
const list =
  (item?: Check, nonEmpty = false): Check =>
  (value) => {
    if (!Array.isArray(value) || (nonEmpty && !value.length)) return ` must be ${nonEmpty ? 'a non-empty array' : 'an array'}`
    for (let i = 0; i < value.length; i++) {
      const problem = item?.(value[i])
      if (problem) return `[${i}]${problem}`
    }
  }

const STRING = /* @__PURE__ */ is((value) => typeof value === 'string', 'a string')
const NON_EMPTY_STRING = /* @__PURE__ */ is((value) => typeof value === 'string' && value !== '', 'a non-empty string')
/** One of `allowed`; what a value must be is named by `expected`, else by the allowed values, quoted (`"user" or "assistant"`). */
const oneOf = (allowed: readonly unknown[], expected = allowed.map((value) => `"${value}"`).join(' or ')) => is((value) => allowed.includes(value), expected)
/** An axis of `size-changed`: optional, but when given a finite, non-negative number. */
const AXIS = /* @__PURE__ */ optional(is((value) => Number.isFinite(value) && value >= 0, 'a finite number >= 0'))

/** `ui/download-file` items: an embedded resource with text or blob, or a resource link. */
const DOWNLOAD_ITEM: Check = (item) =>
  fields({ type: oneOf(['resource', 'resource_link']) })(item) ??
  (item.type === 'resource'
    ? fields({ resource: (resource) => fields({ uri: STRING })(resource) ?? (typeof resource.text === 'string' || typeof resource.blob === 'string' ? undefined : ' must have text or blob') })
    : fields({ uri: STRING }))(item)

/** Checks `params` against `spec` and returns them as they are; refuses the first failing field. */
function validate<T>(where: string, params: Params, spec: Record<string, Check>): T {
  const problem = fields(spec)(params)
  // `problem` starts with the `.` before the field's name, which a top-level field goes without.
  if (problem) throw new BridgeError('INVALID_PARAMS', `${where}: ${problem.slice(1)}`)
  return params as T
}

export function readCreateMessageParams(params: Params): CreateMessageParams {
  return validate(`${SAMPLING_CREATE_MESSAGE} params`, params, {
    messages: list(fields({ role: oneOf(['user', 'assistant']) })),
    maxTokens: is((max) => Number.isInteger(max) && max > 0, 'a positive integer'),
    tools: optional(list()),
  })
}

/** The result of `tools/list` sent to the view's own tools. */
export function readListToolsResult(value: Params): ListToolsResult {
  return validate(`${TOOLS_LIST} result`, value, { tools: list(fields({ name: STRING })) })
}

export function readReadResourceParams(params: Params): ReadResourceParams {
  return validate(`${RESOURCES_READ} params`, params, { uri: NON_EMPTY_STRING })
}

export function readDownloadFileParams(params: Params): McpUiDownloadFileParams {
  return validate(`${DOWNLOAD_FILE} params`, params, { contents: list(DOWNLOAD_ITEM, true) })
}

/** `size-changed`: each axis optional, but when present a finite, non-negative number. */
export function readSizeChanged(params: Params): McpUiSizeChangedParams {
  return validate('size-changed params', params, { width: AXIS, height: AXIS })
}

/** Params of a paginated list request (`resources/list`, …): an optional string `cursor`. */
export function readPaginatedParams(params: Params, method: string): PaginatedParams {
  return validate(`${method} params`, params, { cursor: optional(STRING) })
}

export function readOpenLinkParams(params: Params): McpUiOpenLinkParams {
  return validate(`${OPEN_LINK} params`, params, { url: NON_EMPTY_STRING })
}

/** `notifications/message`: a known level, an optional string logger; missing `data` is noted. */
export function readLoggingMessageParams(params: Params, note: Note): LoggingMessageParams {
  const where = `${LOGGING_MESSAGE} params`
  validate(where, params, { level: oneOf(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] satisfies LoggingLevel[], 'a logging level'), logger: optional(STRING) })
  if (!('data' in params)) note(`${where}: no data`, 'MALFORMED')
  return params as LoggingMessageParams
}

/** `ui/message`: role `user` only; content as an array or a single block (noted). */
export function readMessageParams(params: Params, note: Note): McpUiMessageParams {
  const where = `${MESSAGE} params`
  validate(where, { role: present(where, 'role', params.role, 'user', note) }, { role: oneOf(['user']) })
  return { ...params, role: 'user', content: contentBlocks(where, params.content, note) }
}

/** `ui/update-model-context`: content optional; `structuredContent` may arrive double-encoded (noted). */
export function readUpdateModelContextParams(params: Params, note: Note): McpUiUpdateModelContextParams {
  const where = `${UPDATE_MODEL_CONTEXT} params`
  const content = params.content === undefined ? undefined : contentBlocks(where, params.content, note)
  const structuredContent = objectOrJson(where, 'structuredContent', params.structuredContent, note)
  return { ...params, ...(content && { content }), ...(structuredContent && { structuredContent }) }
}

/** `ui/initialize` params; accepts `clientInfo`/`capabilities` (spec transport example) with a note. */
export function readInitializeParams(params: Params, note: Note): McpUiInitializeParams {
  const where = `${INITIALIZE} params`
  const read: Params = { ...params }
  // The spec's transport example names these as MCP's `initialize` does: accepted, and noted.
  for (const [field, variant] of [['appInfo', 'clientInfo'], ['appCapabilities', 'capabilities']] as const) {
    if (read[field] === undefined && read[variant] !== undefined) {
      note(`${where}: ${variant} used instead of ${field}`)
      read[field] = read[variant]
    }
  }
  // Missing ones are noted and filled in, so a lenient view still gets through.
  for (const [field, fallback] of [['appCapabilities', {}], ['protocolVersion', '']] as const) {
    read[field] = present(where, field, read[field], fallback, note)
  }
  const { appInfo, appCapabilities } = validate<McpUiInitializeParams>(where, read, {
    appCapabilities: fields({ availableDisplayModes: optional(list()), tools: optional(fields({})) }),
    protocolVersion: STRING,
    appInfo: fields({ name: STRING }),
  })
  // `name` copied by hand: a structured-cloned `Error` has it on its prototype, which a spread skips.
  if (typeof appInfo.version !== 'string') {
    note(`${where}: no appInfo.version`, 'MALFORMED')
    read.appInfo = { ...appInfo, name: appInfo.name, version: '' }
  }
  const modes = appCapabilities.availableDisplayModes
  // Unknown modes are dropped, so a newer view's mode never reaches a host that cannot show it.
  const known = modes?.filter((mode) => DISPLAY_MODES.includes(mode))
  if (known?.length !== modes?.length) note(`${where}: unknown display modes dropped`, 'MALFORMED')
  read.appCapabilities = { ...appCapabilities, ...(known && { availableDisplayModes: known }) }
  return read as McpUiInitializeParams
}

export function readRequestDisplayModeParams(params: Params): McpUiRequestDisplayModeParams {
  return validate(`${REQUEST_DISPLAY_MODE} params`, params, { mode: oneOf(DISPLAY_MODES, 'a display mode') })
}
