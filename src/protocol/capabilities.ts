/**
 * Capability gates (PROTOCOL.md A.6: advertise = enforce). Which host capability each view
 * request needs, checked by the host before any handler runs and by the view before sending.
 */
import {
  DOWNLOAD_FILE,
  LOGGING_MESSAGE,
  MESSAGE,
  OPEN_LINK,
  RESOURCE_TEMPLATES_LIST,
  RESOURCES_LIST,
  RESOURCES_READ,
  SAMPLING_CREATE_MESSAGE,
  TOOLS_CALL,
  UPDATE_MODEL_CONTEXT,
} from './methods.js'
import type { McpUiAppCapabilities, McpUiHostCapabilities } from './types.js'
import { isObject } from './jsonrpc.js'

/** The host capability key that unlocks each gated view→host method. Ungated methods are absent. */
export const HOST_CAPABILITY_FOR: Readonly<Record<string, keyof McpUiHostCapabilities>> = {
  [OPEN_LINK]: 'openLinks',
  [DOWNLOAD_FILE]: 'downloadFile',
  [MESSAGE]: 'message',
  [UPDATE_MODEL_CONTEXT]: 'updateModelContext',
  [TOOLS_CALL]: 'serverTools',
  [RESOURCES_READ]: 'serverResources',
  [RESOURCES_LIST]: 'serverResources',
  [RESOURCE_TEMPLATES_LIST]: 'serverResources',
  [LOGGING_MESSAGE]: 'logging',
  [SAMPLING_CREATE_MESSAGE]: 'sampling',
}

/**
 * True when `capabilities` allow the view to send `method` (with `params`, when given). Methods
 * without a gate are allowed; a capability counts as advertised only when its value is an object
 * (`{}` is enough). Sampling params asking for tool use (`tools` or `toolChoice`) also need
 * `sampling` to list `tools`.
 */
export function hostAllows(capabilities: McpUiHostCapabilities | undefined, method: string, params?: { tools?: unknown; toolChoice?: unknown }): boolean {
  const key = HOST_CAPABILITY_FOR[method]
  const capability = key && capabilities?.[key]
  // No key: an ungated method.
  return !key || (isObject(capability) && (key !== 'sampling' || (params?.tools ?? params?.toolChoice) === undefined || isObject(capability.tools)))
}

/** True when the view declared tools, so the host may send it `tools/call` and `tools/list`. */
export function appProvidesTools(capabilities: McpUiAppCapabilities | undefined): boolean {
  return isObject(capabilities?.tools)
}

/**
 * The modality keys a `message` or `updateModelContext` capability may list
 * (`McpUiSupportedContentBlockModalities`, `structuredContent` included). A capability that lists
 * none of them (`{}`) accepts every kind: it only says the method is supported.
 */
export const MODALITIES = ['text', 'image', 'audio', 'resource', 'resourceLink', 'structuredContent']

/**
 * Whether a `message` or `updateModelContext` capability accepts content of `kind` (a
 * {@link MODALITIES} key): it lists none of them, or lists this one as an object (an own key: a
 * kind named `__proto__` or `constructor` must not find an inherited object).
 */
export function acceptsModality(capability: object, kind: string): boolean {
  return !MODALITIES.some((key) => key in capability) || (Object.hasOwn(capability, kind) && isObject((capability as Record<string, unknown>)[kind]))
}
