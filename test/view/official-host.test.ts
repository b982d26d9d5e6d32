/**
 * The view runs unmodified under the official host bridge: `AppBridge` from
 * `@modelcontextprotocol/ext-apps` 2.0.4 on the host window, our `ViewBridge` on the view window.
 *
 * The official `PostMessageTransport` listens on the global `window` and checks `event.source`;
 * the window pair dispatches the view's messages on its host window with the frame handle as the
 * source, so the global `window` is that host window for the duration of each test.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge'
import { createWindowPair, type WindowPair } from '../helpers/window-pair.js'
import { ViewBridge } from '../../src/view/index.js'

let pair: WindowPair
let bridge: AppBridge
let view: ViewBridge
let initialized: Promise<void>

beforeEach(async () => {
  vi.spyOn(console, 'debug').mockImplementation(() => {})
  pair = createWindowPair({ hostOrigin: 'https://host.example', viewOrigin: 'https://view.example' })
  vi.stubGlobal('window', pair.host)
  bridge = new AppBridge(
    null,
    { name: 'official-host', version: '2.0.4' },
    { openLinks: {}, serverTools: {}, logging: {}, message: { text: {} }, updateModelContext: { text: {}, structuredContent: {} } },
    { hostContext: { theme: 'light', displayMode: 'inline', availableDisplayModes: ['inline', 'fullscreen'], locale: 'en-US' } },
  )
  initialized = new Promise((resolve) => (bridge.oninitialized = () => resolve()))
  await bridge.connect(new PostMessageTransport(pair.frame as Window, pair.frame as unknown as MessageEventSource))
  view = new ViewBridge({
    appInfo: { name: 'our-view', version: '0.1.0' },
    capabilities: { availableDisplayModes: ['inline', 'fullscreen'] },
    self: pair.view as never,
    target: pair.parent,
  })
})

afterEach(async () => {
  view.close()
  await bridge.close()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  pair.close()
})

describe('ViewBridge under the official AppBridge (ext-apps 2.0.4)', () => {
  it('completes the handshake both ways', async () => {
    const connection = await view.connect()
    await initialized
    expect(connection).toEqual({
      hostInfo: { name: 'official-host', version: '2.0.4' },
      hostCapabilities: expect.objectContaining({ openLinks: {}, serverTools: {} }),
      hostContext: { theme: 'light', displayMode: 'inline', availableDisplayModes: ['inline', 'fullscreen'], locale: 'en-US' },
      protocolVersion: '2026-01-26',
    })
    expect(bridge.getAppVersion()).toEqual({ name: 'our-view', version: '0.1.0' })
    expect(bridge.getAppCapabilities()).toEqual({ availableDisplayModes: ['inline', 'fullscreen'] })
  })

  it('receives context changes, tool input and tool result', async () => {
    const changes: string[][] = []
    view.on('hostcontextchanged', (_context, changed) => changes.push(changed))
    await view.connect()
    await initialized
    const input = new Promise((resolve) => view.on('toolinput', resolve))
    const result = new Promise((resolve) => view.on('toolresult', resolve))
    bridge.setHostContext({ theme: 'dark', displayMode: 'inline', availableDisplayModes: ['inline', 'fullscreen'], locale: 'en-US' })
    await bridge.sendToolInputPartial({ arguments: { city: 'Os' } })
    await bridge.sendToolInput({ arguments: { city: 'Oslo' } })
    await bridge.sendToolResult({ content: [{ type: 'text', text: '12 °C' }], structuredContent: { celsius: 12 } })
    expect(await input).toEqual({ arguments: { city: 'Oslo' } })
    expect(await result).toEqual({ content: [{ type: 'text', text: '12 °C' }], structuredContent: { celsius: 12 } })
    expect(changes.at(-1)).toEqual(['theme'])
    expect(view.hostContext.theme).toBe('dark')
  })

  it('sends messages, model context, server tool calls, links, logs and display mode requests', async () => {
    const onmessage = vi.fn(async (_params: unknown) => ({}))
    const onupdatemodelcontext = vi.fn(async (_params: unknown) => ({}))
    const oncalltool = vi.fn(async (_params: unknown) => ({ content: [{ type: 'text' as const, text: 'done' }] }))
    const onopenlink = vi.fn(async (_params: unknown) => ({ isError: true }))
    const onloggingmessage = vi.fn()
    bridge.onmessage = onmessage
    bridge.onupdatemodelcontext = onupdatemodelcontext
    bridge.oncalltool = oncalltool
    bridge.onopenlink = onopenlink
    bridge.onloggingmessage = onloggingmessage
    await view.connect()
    await initialized

    await expect(view.sendMessage('What about tomorrow?')).resolves.toEqual({})
    expect(onmessage.mock.calls[0]![0]).toEqual({ role: 'user', content: [{ type: 'text', text: 'What about tomorrow?' }] })

    await expect(view.updateModelContext({ structuredContent: { selected: 'Oslo' } })).resolves.toBeUndefined()
    expect(onupdatemodelcontext.mock.calls[0]![0]).toEqual({ structuredContent: { selected: 'Oslo' } })

    await expect(view.callServerTool({ name: 'forecast', arguments: { days: 3 } })).resolves.toEqual({ content: [{ type: 'text', text: 'done' }] })
    expect(oncalltool.mock.calls[0]![0]).toEqual({ name: 'forecast', arguments: { days: 3 } })

    await expect(view.openLink('https://example.com')).rejects.toMatchObject({ code: 'DENIED' })
    expect(onopenlink.mock.calls[0]![0]).toEqual({ url: 'https://example.com' })

    expect(view.sendLog('info', { step: 1 })).toBe(true)
    await vi.waitFor(() => expect(onloggingmessage).toHaveBeenCalledWith({ level: 'info', data: { step: 1 } }))

    await expect(view.requestDisplayMode('fullscreen')).resolves.toBe('inline')
  })

  it('reports its size and is torn down with a slow async handler awaited', async () => {
    const sizes: unknown[] = []
    bridge.onsizechange = (size) => sizes.push(size)
    const steps: string[] = []
    view.on('teardown', async () => {
      await new Promise((resolve) => setTimeout(resolve, 30))
      steps.push('saved')
    })
    await view.connect()
    await initialized
    await vi.waitFor(() => expect(sizes).toHaveLength(1))
    expect(sizes[0]).toEqual({ width: expect.any(Number), height: expect.any(Number) })
    await expect(bridge.teardownResource({})).resolves.toEqual({})
    expect(steps).toEqual(['saved'])
  })

  it('serves its own tools to the official host', async () => {
    view.registerTool('zoom', { description: 'Zoom' }, async (args) => ({ content: [{ type: 'text', text: `level ${args.level}` }] }))
    await view.connect()
    await initialized
    expect(bridge.getAppCapabilities()).toMatchObject({ tools: { listChanged: true } })
    const list = await bridge.listTools({})
    expect(list.tools).toEqual([{ name: 'zoom', description: 'Zoom', inputSchema: { type: 'object' } }])
    expect(await bridge.callTool({ name: 'zoom', arguments: { level: 2 } })).toEqual({ content: [{ type: 'text', text: 'level 2' }] })
  })
})
