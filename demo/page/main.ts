/**
 * The demo host page: connects its MCP client, lists the server's UI tools, and runs one
 * `ViewSession` per tool call. Everything protocol-related goes through the library's public
 * host entry (`mcp-app-bridge/host`): each view is one `mountApp` call (`view-session.ts`).
 */
import type { McpUiHostContext, Tool } from 'mcp-app-bridge/host'
import { bindSettings, showServer } from './header.js'
import { environmentContext } from './host-config.js'
import { createInspector } from './inspector.js'
import { Launcher } from './launcher.js'
import { McpConnection } from './mcp-connection.js'
import type { Channel } from './protocol-log.js'
import { applySettingsToPage, loadSettings, saveSettings, settingsContext } from './settings.js'
import { Stage } from './stage.js'
import { Transcript } from './transcript.js'
import { ViewSession, type ViewServices } from './view-session.js'

/** What `/config.json` says (demo/node/host-server.ts). */
interface PageConfig {
  server: { label: string; kind: 'embedded' | 'stdio' }
  proxyUrl: string
}

const SERVER_CHANNEL: Channel = { id: 'server', label: 'server', kind: 'server' }

const settings = loadSettings()
applySettingsToPage(settings)
const transcript = new Transcript(document.getElementById('transcript')!)
transcript.locale = settings.locale
const { modelContext, log } = createInspector()
const sessions: ViewSession[] = []
/** Set once the MCP connection is up; the launcher lists no tool before that. */
let services: ViewServices

/** The context every view shares: the environment plus the user's settings. */
function hostContext(): McpUiHostContext {
  const context: McpUiHostContext = { ...environmentContext(), ...settingsContext(settings) }
  for (const key of Object.keys(context)) if (context[key] === undefined) delete context[key]
  return context
}

bindSettings(settings, () => {
  saveSettings(settings)
  applySettingsToPage(settings)
  transcript.locale = settings.locale
  // Only changed top-level keys travel: the bridge diffs against what each view already has.
  const change = settingsContext(settings)
  for (const session of sessions) if (session.live) session.updateHostContext(change)
})

const launcher = new Launcher(document.getElementById('tools')!, (tool: Tool, args) => {
  const session = new ViewSession(services, tool, args, sessions.length + 1)
  sessions.push(session)
  void session.start()
})

async function start(): Promise<void> {
  const config = (await fetch('/config.json').then((response) => response.json())) as PageConfig
  let connection: McpConnection | undefined
  try {
    connection = await McpConnection.open(
      new URL('/mcp', location.href),
      (direction, message) => log.message(SERVER_CHANNEL, direction, message),
      () => {
        launcher.setTools(connection!.uiTools)
        modelContext.setTools(connection!.tools)
      },
      () => showServer('closed', connection?.serverInfo, config.server),
    )
  } catch (error) {
    const text = readableError(error)
    showServer('error', undefined, config.server, `Could not connect to ${config.server.label}`)
    launcher.showError(text)
    modelContext.setTools(undefined)
    return
  }
  services = { connection, transcript, log, modelContext, stage: new Stage(), hostContext, proxyUrl: config.proxyUrl }
  window.addEventListener('pagehide', () => connection!.endOnUnload())
  showServer('connected', connection.serverInfo, config.server)
  launcher.setTools(connection.uiTools)
  modelContext.setTools(connection.tools)
}

/** The SDK wraps an HTTP error's JSON-RPC body in its message; the body's own message says more. */
function readableError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return /"message":"((?:[^"\\]|\\.)*)"/.exec(text)?.[1] ?? text
}

// Inline views follow the conversation's width; fixed ones follow the window.
let resizeTimer: ReturnType<typeof setTimeout> | undefined
const onResize = () => {
  clearTimeout(resizeTimer)
  resizeTimer = setTimeout(() => sessions.forEach((session) => session.live && session.resize()), 150)
}
new ResizeObserver(onResize).observe(document.getElementById('transcript')!)
window.addEventListener('resize', onResize)

void start()
