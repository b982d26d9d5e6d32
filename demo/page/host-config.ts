/**
 * Who this host is and what it offers views. Advertise = enforce: a view request whose
 * capability is missing here is refused by the bridge before any handler runs, and our view
 * bridge refuses to even send it. So this list is exactly what the demo's handlers implement.
 */
import type { Implementation, McpUiDisplayMode, McpUiHostCapabilities, McpUiHostContext } from 'mcp-app-bridge/host'

export const HOST_INFO: Implementation = { name: 'mcp-app-bridge-demo', title: 'mcp-app-bridge demo host', version: '0.1.0' }

export const HOST_CAPABILITIES: McpUiHostCapabilities = {
  /** `ui/message`: shown as a user turn. Text only: this host has no renderer for other blocks. */
  message: { text: {} },
  /** `ui/update-model-context`: shown in the inspector as what the model would see next turn. */
  updateModelContext: { text: {}, structuredContent: {} },
  /** `tools/call` to the view's own server, for tools whose visibility includes "app". */
  serverTools: {},
  /** `resources/read` and `resources/list` on the view's own server. */
  serverResources: {},
  /** `ui/open-link`: the transcript offers the link; the user opens it. */
  openLinks: {},
  /** `ui/download-file`: the transcript offers the file; the user saves it. */
  downloadFile: {},
  /** `notifications/message`: shown in the protocol log, never in the conversation. */
  logging: {},
}

export const DISPLAY_MODES: McpUiDisplayMode[] = ['inline', 'fullscreen', 'pip']

/** Context that does not depend on the settings or the view. */
export function environmentContext(): McpUiHostContext {
  return {
    platform: 'web',
    availableDisplayModes: DISPLAY_MODES,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    userAgent: `${HOST_INFO.name}/${HOST_INFO.version}`,
    deviceCapabilities: { hover: matchMedia('(hover: hover)').matches, touch: navigator.maxTouchPoints > 0 },
  }
}
