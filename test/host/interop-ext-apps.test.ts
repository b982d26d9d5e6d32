/**
 * A view built with the official SDK (`App` from `@modelcontextprotocol/ext-apps` 2.0.4) against
 * our `HostBridge`, with a real MCP server behind it (`@modelcontextprotocol/sdk` `Client` and
 * `McpServer` over an in-memory transport). The two windows are linked by `window-pair`; the SDK's
 * transport listens on the global `window`, which is the view's window for the test's duration.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { App, PostMessageTransport } from '@modelcontextprotocol/ext-apps'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { z } from 'zod'
import { HostBridge, type HostBridgeOptions } from '../../src/host/index.js'
import { createWindowPair, type WindowPair } from '../helpers/window-pair.js'
import { until } from './helpers.js'

let pair: WindowPair
let bridge: HostBridge
let app: App
let client: Client
let server: McpServer
const serverCalls: string[] = []

async function startServer() {
  server = new McpServer({ name: 'weather', version: '1.0.0' })
  server.registerTool('get_forecast', { description: 'forecast', inputSchema: { city: z.string() }, _meta: { ui: { resourceUri: 'ui://weather/app', visibility: ['model', 'app'] } } }, async ({ city }) => {
    serverCalls.push('get_forecast')
    return { content: [{ type: 'text', text: `Sunny in ${city}` }], structuredContent: { city, sky: 'sunny' } }
  })
  server.registerTool('delete_everything', { description: 'model only', _meta: { ui: { visibility: ['model'] } } }, async () => {
    serverCalls.push('delete_everything')
    return { content: [{ type: 'text', text: 'gone' }] }
  })
  client = new Client({ name: 'host', version: '1.0.0' })
  const [a, b] = InMemoryTransport.createLinkedPair()
  await Promise.all([server.connect(b), client.connect(a)])
}

function startBridge(options: Partial<HostBridgeOptions> = {}) {
  bridge = new HostBridge({
    hostInfo: { name: 'our-host', version: '1.0.0' },
    target: pair.frame as unknown as Window,
    targetOrigin: 'null',
    hostWindow: pair.host as never,
    client: client as never,
    capabilities: { serverTools: {}, message: { text: {} }, updateModelContext: { text: {}, structuredContent: {} }, logging: {}, openLinks: {} },
    hostContext: { theme: 'light', displayMode: 'inline', availableDisplayModes: ['inline', 'fullscreen'], locale: 'en-US' },
    ...options,
  })
  return bridge
}

async function connectApp(capabilities = {}) {
  app = new App({ name: 'weather-view', version: '2.0.0' }, capabilities, { autoResize: false })
  await app.connect(new PostMessageTransport(pair.parent as unknown as Window, pair.parent as unknown as Window))
}

beforeEach(async () => {
  serverCalls.length = 0
  pair = createWindowPair()
  // The SDK's transport listens on the global window and logs every message with console.debug.
  vi.stubGlobal('window', pair.view)
  vi.spyOn(console, 'debug').mockImplementation(() => {})
  vi.spyOn(console, 'log').mockImplementation(() => {})
  await startServer()
})
afterEach(async () => {
  await app?.close().catch(() => {})
  bridge?.close()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  await client.close()
  await server.close()
  pair.close()
})

describe('the official App on our HostBridge', () => {
  it('completes the handshake and sees our host info, capabilities and context', async () => {
    startBridge()
    const initialized = vi.fn()
    bridge.on('initialized', initialized)
    await connectApp({ availableDisplayModes: ['inline', 'fullscreen'] })
    await until(() => initialized.mock.calls.length === 1)
    expect(app.getHostVersion()).toEqual({ name: 'our-host', version: '1.0.0' })
    expect(app.getHostCapabilities()?.serverTools).toEqual({})
    expect(app.getHostContext()?.theme).toBe('light')
    expect(bridge.appInfo).toEqual({ name: 'weather-view', version: '2.0.0' })
    expect(bridge.appCapabilities?.availableDisplayModes).toEqual(['inline', 'fullscreen'])
  })

  it('receives context changes, tool input and tool result in order', async () => {
    startBridge()
    const seen: unknown[] = []
    app = new App({ name: 'weather-view', version: '2.0.0' }, {}, { autoResize: false })
    app.addEventListener('hostcontextchanged', (params) => seen.push(['context', params]))
    app.addEventListener('toolinput', (params) => seen.push(['input', params]))
    app.addEventListener('toolresult', (params) => seen.push(['result', params]))
    // Before the handshake: the input is held, the context change travels in the handshake answer.
    bridge.sendToolInput({ city: 'Paris' })
    bridge.setHostContext({ theme: 'dark' })
    await app.connect(new PostMessageTransport(pair.parent as unknown as Window, pair.parent as unknown as Window))
    expect(app.getHostContext()?.theme).toBe('dark')
    await until(() => bridge.initialized)
    bridge.setHostContext({ locale: 'fr-FR' })
    bridge.sendToolResult({ content: [{ type: 'text', text: 'Sunny' }], structuredContent: { sky: 'sunny' } })
    await until(() => seen.length === 3)
    expect(seen).toEqual([
      ['input', { arguments: { city: 'Paris' } }],
      ['context', { locale: 'fr-FR' }],
      ['result', { content: [{ type: 'text', text: 'Sunny' }], structuredContent: { sky: 'sunny' } }],
    ])
    expect(app.getHostContext()).toMatchObject({ theme: 'dark', locale: 'fr-FR' })
  })

  it('sends messages and model context through our handlers', async () => {
    const message = vi.fn()
    startBridge({ handlers: { message } })
    await connectApp()
    await app.sendMessage({ role: 'user', content: [{ type: 'text', text: 'Show me Lyon too' }] })
    expect(message).toHaveBeenCalledWith({ role: 'user', content: [{ type: 'text', text: 'Show me Lyon too' }] }, expect.anything())
    await app.updateModelContext({ content: [{ type: 'text', text: 'User is looking at Paris' }], structuredContent: { city: 'Paris' } })
    expect(bridge.modelContext).toEqual({ content: [{ type: 'text', text: 'User is looking at Paris' }], structuredContent: { city: 'Paris' } })
    const log = vi.fn()
    bridge.on('log', log)
    await app.sendLog({ level: 'info', data: 'rendered' })
    await until(() => log.mock.calls.length === 1)
  })

  it('calls server tools through our proxy, and is refused a model-only tool', async () => {
    startBridge()
    await connectApp()
    const result = await app.callServerTool({ name: 'get_forecast', arguments: { city: 'Oslo' } })
    expect(result.structuredContent).toEqual({ city: 'Oslo', sky: 'sunny' })
    await expect(app.callServerTool({ name: 'delete_everything', arguments: {} })).rejects.toMatchObject({ code: -32000 })
    expect(serverCalls).toEqual(['get_forecast'])
  })

  it('gets a display mode both sides declared, and the resulting context change', async () => {
    startBridge()
    const contexts: unknown[] = []
    await connectApp({ availableDisplayModes: ['inline', 'fullscreen'] })
    app.addEventListener('hostcontextchanged', (params) => contexts.push(params))
    expect(await app.requestDisplayMode({ mode: 'fullscreen' })).toMatchObject({ mode: 'fullscreen' })
    expect(await app.requestDisplayMode({ mode: 'pip' })).toMatchObject({ mode: 'fullscreen' })
    await until(() => contexts.length === 1)
    expect(contexts).toEqual([{ displayMode: 'fullscreen' }])
  })

  it('is refused what the host did not advertise', async () => {
    startBridge({ capabilities: {} })
    await connectApp()
    await expect(app.openLink({ url: 'https://example.com' })).rejects.toMatchObject({ code: -32601 })
    await expect(app.callServerTool({ name: 'get_forecast', arguments: { city: 'Oslo' } })).rejects.toMatchObject({ code: -32601 })
    expect(serverCalls).toEqual([])
  })

  it('tears down politely: the app saves its state before the bridge closes', async () => {
    startBridge()
    await connectApp()
    let saved = false
    app.onteardown = async () => {
      await new Promise((resolve) => setTimeout(resolve, 10))
      saved = true
      return {}
    }
    const requested = vi.fn()
    bridge.on('requestteardown', requested)
    await app.requestTeardown()
    await until(() => requested.mock.calls.length === 1)
    await bridge.teardown('The user closed the app')
    expect(saved).toBe(true)
    expect(bridge.closed).toBe(true)
  })
})
