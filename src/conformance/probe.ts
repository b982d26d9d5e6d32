/**
 * The view probe: what a view may expose so the kit can check the parts of its behaviour that
 * only show when it acts (merging context, display-mode requests, refusing what the host did not
 * advertise). A view without it still gets every check that needs nothing but the wire; the
 * others are NOT APPLICABLE.
 *
 * A view exposes it as `window.mcpAppConformance`, calling its library's own API, nothing more:
 *
 * @example A view on mcp-app-bridge's `ViewBridge`:
 * ```ts
 * import type { ViewProbe } from 'mcp-app-bridge/conformance'
 *
 * const probe: ViewProbe = {
 *   hostContext: () => bridge.hostContext,
 *   act: async (action) => {
 *     switch (action.action) {
 *       case 'openLink': return bridge.openLink(action.url)
 *       case 'sendMessage': return bridge.sendMessage(action.text)
 *       case 'updateModelContext': return bridge.updateModelContext({ content: [{ type: 'text', text: action.text }] })
 *       case 'callServerTool': return bridge.callServerTool({ name: action.name, arguments: {} })
 *       case 'readServerResource': return bridge.readServerResource({ uri: action.uri })
 *       case 'downloadFile': return bridge.downloadFile({ contents: [action.file] })
 *       case 'sendLog': return bridge.sendLog('info', action.text)
 *       case 'requestDisplayMode': return bridge.requestDisplayMode(action.mode)
 *       case 'createSamplingMessage': return bridge.createSamplingMessage({ messages: [{ role: 'user', content: { type: 'text', text: action.text } }], maxTokens: 8 })
 *     }
 *   },
 * }
 * ;(window as any).mcpAppConformance = probe
 * ```
 */
import type { EmbeddedResource, McpUiDisplayMode, McpUiHostContext } from '../protocol/index.js'

/** Something the kit asks the view to do through its normal API. */
export type ViewProbeAction =
  | { action: 'openLink'; url: string }
  | { action: 'sendMessage'; text: string }
  | { action: 'updateModelContext'; text: string }
  | { action: 'callServerTool'; name: string }
  | { action: 'readServerResource'; uri: string }
  | { action: 'downloadFile'; file: EmbeddedResource }
  | { action: 'sendLog'; text: string }
  | { action: 'requestDisplayMode'; mode: McpUiDisplayMode }
  | { action: 'createSamplingMessage'; text: string }

export interface ViewProbe {
  /** The host context as the view holds it now (with every change merged in). */
  hostContext(): McpUiHostContext | undefined
  /**
   * Performs `action` with the view's own API and returns what that API returned (for
   * `requestDisplayMode`: the resulting mode). Throwing is fine: a refusal is an answer.
   */
  act(action: ViewProbeAction): unknown
}

/** Where the kit looks for the probe in the view's window. */
export const PROBE_GLOBAL = 'mcpAppConformance'
