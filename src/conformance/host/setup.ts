/**
 * The sessions of the host driver: what the kit asks the host to advertise and to start with,
 * and how the scripted view introduces itself.
 */
import { LATEST_PROTOCOL_VERSION, type McpUiHostCapabilities, type McpUiHostContext } from '../../protocol/index.js'
import { inlineScript, kitPageScript } from '../runtime/assets.js'
import { VIEW_CONFIG_GLOBAL, type ScriptedViewConfig } from '../pages/contract.js'

/** Main session: everything a view can use without extra host code. */
export const MAIN_CAPABILITIES: McpUiHostCapabilities = {
  openLinks: {},
  message: { text: {} },
  updateModelContext: { text: {}, structuredContent: {} },
  logging: {},
  serverTools: {},
  serverResources: {},
}

/** Both sessions start from this context: three display modes offered, a flexible height. */
export const START_CONTEXT: McpUiHostContext = {
  theme: 'light',
  displayMode: 'inline',
  availableDisplayModes: ['inline', 'fullscreen', 'pip'],
  containerDimensions: { maxHeight: 2_000 },
  locale: 'en-US',
  timeZone: 'UTC',
  platform: 'web',
}

/** A protocol version nobody supports (the handshake-only version session asks for it). */
export const UNKNOWN_VERSION = '2099-01-01'

const APP_INFO = { name: 'mcp-app-bridge conformance view', version: '1.0.0' }

export function mainViewConfig(session: string): ScriptedViewConfig {
  return {
    session,
    appInfo: APP_INFO,
    appCapabilities: { availableDisplayModes: ['inline', 'fullscreen'] },
    protocolVersion: LATEST_PROTOCOL_VERSION,
    autoInitialized: false,
    teardownDelayMs: 300,
  }
}

export function minimalViewConfig(session: string): ScriptedViewConfig {
  return {
    session,
    appInfo: APP_INFO,
    appCapabilities: { availableDisplayModes: ['inline'] },
    protocolVersion: LATEST_PROTOCOL_VERSION,
    autoInitialized: true,
    teardownDelayMs: 300,
  }
}

/** Handshake only: a view asking for a version nobody supports (a host may refuse it). */
export function versionViewConfig(session: string): ScriptedViewConfig {
  return { ...minimalViewConfig(session), protocolVersion: UNKNOWN_VERSION }
}

/** The scripted view as one self-contained HTML document, the way MCP Apps ship. */
export function scriptedViewHtml(config: ScriptedViewConfig): string {
  // `<` escaped so the JSON cannot close the script element.
  const json = JSON.stringify(config).replace(/</g, '\\u003c')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>mcp-app-bridge conformance: scripted view</title>
<style>html,body{margin:0}body{font:14px sans-serif;padding:8px}</style></head>
<body><p>mcp-app-bridge conformance kit: scripted view</p><script>window.${VIEW_CONFIG_GLOBAL} = ${json}</script>${inlineScript(kitPageScript('scripted-view'))}</body></html>`
}

/** The page of the host under test: the kit's runtime, then the adapter's bundle. */
export function hostPageHtml(base: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>mcp-app-bridge conformance: host under test</title>
<style>body{margin:0;font:14px sans-serif}#mcp-conformance-container{width:640px;margin:8px}</style></head>
<body><script src="${base}/runtime.js"></script><script src="${base}/adapter.js"></script></body></html>`
}
