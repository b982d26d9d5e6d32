/**
 * Tool metadata rules (PROTOCOL.md A.5): visibility, fail-closed, and the tool's `ui://` resource.
 * None of these throw, whatever the tool object holds: one malformed tool must not break a host's
 * processing of a whole tool list.
 */
import { isObject } from './jsonrpc.js'
import { RESOURCE_URI_META_KEY } from './methods.js'
import type { Tool } from './mcp-types.js'
import type { McpUiToolVisibility } from './types.js'

/**
 * The tool's declared visibility: `["model","app"]` when omitted, the array when it is one,
 * `[]` (nobody) when it is anything else, so a malformed value fails closed.
 */
export function getToolVisibility(tool: unknown): McpUiToolVisibility[] {
  const visibility = uiMeta(tool)?.visibility
  if (visibility === undefined) return ['model', 'app']
  return Array.isArray(visibility) ? visibility.filter((v): v is McpUiToolVisibility => v === 'model' || v === 'app') : []
}

/** True when the model may see and call the tool (its visibility contains `"model"`). */
export function isVisibleToModel(tool: unknown): boolean {
  return getToolVisibility(tool).includes('model')
}

/** True when a view of the same server may call the tool (its visibility contains `"app"`). */
export function isCallableByApp(tool: unknown): boolean {
  return getToolVisibility(tool).includes('app')
}

/** The tools of a server's list that may go in the model's tool list. */
export function filterModelTools<T extends Tool>(tools: readonly T[]): T[] {
  return tools.filter(isVisibleToModel)
}

/**
 * The tool's `ui://` resource URI: `_meta.ui.resourceUri` first, then the deprecated flat
 * `_meta["ui/resourceUri"]`. Returns `undefined` when neither is a `ui://` string.
 */
export function getToolUiResourceUri(tool: unknown): string | undefined {
  return [uiMeta(tool)?.resourceUri, isObject(tool) && isObject(tool._meta) && tool._meta[RESOURCE_URI_META_KEY]].find(isUiUri)
}

/** True for a string that starts with the `ui://` scheme. */
export function isUiUri(value: unknown): value is string {
  // `ui://` and at least one character after it, a line break too.
  return typeof value === 'string' && /^ui:\/\/./s.test(value)
}

function uiMeta(tool: unknown): Record<string, unknown> | undefined {
  const ui = isObject(tool) && isObject(tool._meta) && tool._meta.ui
  return isObject(ui) ? ui : undefined
}
