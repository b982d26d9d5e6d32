/**
 * Faults around the frame, through `mountApp` in a happy-dom page with a real `ViewBridge` in the
 * frame: the frame removed while each side waits on the other, the host closing during the
 * handshake, a sandbox proxy that never says it is ready; and the frame removed under a host
 * that uses `HostBridge` directly (the message hub notices its window closed). Each ends with a
 * typed error on the side that waits, within its timeout, and no listener, timer or interval
 * left behind. (A frame that navigates away needs a real browser: `test/browser/faults-*.test.ts`.)
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HostBridge, listenedFrames, type McpClient } from '../../src/host/index.js'
import { ViewBridge } from '../../src/view/index.js'
import type { BridgeWarning } from '../../src/protocol/transport.js'
import { until } from '../host/helpers.js'
import { rejection } from '../helpers/outcome.js'
import { mount, openPage, settle, trackTimers, viewIn, type Page } from './mounted.js'

let page: Page | undefined
let timers: ReturnType<typeof trackTimers>
beforeEach(() => {
  timers = trackTimers()
})
afterEach(async () => {
  timers.stop()
  await page?.close()
  page = undefined
})

/** A server whose one tool never answers; it records that the host gave up on the call. */
function hangingServer(): McpClient & { aborted: boolean } {
  const tool = { name: 'hang', inputSchema: { type: 'object' as const }, _meta: { ui: { visibility: ['app'] } } }
  const server = {
    aborted: false,
    listTools: async () => ({ tools: [tool] }),
    readResource: async () => ({ contents: [] }),
    callTool: (_params: unknown, _schema: unknown, options?: { signal?: AbortSignal }) =>
      new Promise<never>((_resolve, reject) =>
        options?.signal?.addEventListener('abort', () => {
          server.aborted = true
          reject(options.signal!.reason)
        }),
      ),
  }
  return server as McpClient & { aborted: boolean }
}

describe('the frame is removed mid-request', () => {
  it('a host request waiting on the view rejects with CLOSED at once; the host stops the view\'s call to the server', async () => {
    page = openPage()
    const server = hangingServer()
    const app = mount(page, { client: server, capabilities: { serverTools: {} } })
    const view = await viewIn(app, page, { capabilities: { tools: {} } })
    let toolCalled = false
    view.registerTool('slow', {}, () => {
      toolCalled = true
      return new Promise(() => {})
    })
    await view.connect()
    await app.ready
    const hostWaits = rejection(app.bridge.callTool({ name: 'slow' }))
    const viewCall = view.callServerTool({ name: 'hang' })
    viewCall.catch(() => {})
    await until(() => toolCalled && app.bridge.pendingCount === 1, 2_000, 'both calls in flight')
    const started = performance.now()
    app.iframe.remove()
    const error = await hostWaits
    expect(error.code).toBe('CLOSED')
    expect(error.message).toMatch(/removed/)
    expect(performance.now() - started).toBeLessThan(500)
    expect(app.bridge.closed).toBe(true)
    await until(() => server.aborted, 1_000, 'the host to abort the forwarded call')
    expect(listenedFrames(page.window as never)).toBe(0)
    view.close()
    // Closing cancels the view's call still pending (the frame is gone: the message reaches nobody),
    // which this fake parent delivers with a timer of its own.
    await settle()
    expect(timers.live()).toEqual([])
  })
})

describe('the frame is removed mid-request, from a host that uses HostBridge without mountApp', () => {
  it('the hub notices the closed window on the next change to the page: the pending request rejects with CLOSED', async () => {
    page = openPage()
    // The frame's window as a browser shows it once the iframe is removed: `closed` turns true.
    type Listener = (event: { data: unknown; origin: string; source: unknown }) => void
    const viewListeners = new Set<Listener>()
    const parent = {
      postMessage: (message: unknown) => {
        const data = structuredClone(message)
        setTimeout(() => page!.window.dispatchEvent(new page!.window.MessageEvent('message', { data: data as never, origin: 'null', source: frame as never })))
      },
    }
    const frame = {
      closed: false,
      postMessage: (message: unknown) => {
        const data = structuredClone(message)
        setTimeout(() => viewListeners.forEach((listener) => listener({ data, origin: 'https://host.example', source: parent })))
      },
    }
    const bridge = new HostBridge({ hostInfo: { name: 'h', version: '1' }, target: frame as never, targetOrigin: 'null', hostWindow: page.window as never })
    const view = new ViewBridge({
      appInfo: { name: 'v', version: '1' },
      capabilities: { tools: {} },
      target: parent,
      self: { addEventListener: (_type: string, listener: Listener) => viewListeners.add(listener), removeEventListener: (_type: string, listener: Listener) => viewListeners.delete(listener) } as never,
      autoResize: false,
    })
    view.registerTool('slow', {}, () => new Promise(() => {}))
    await view.connect()
    await bridge.whenInitialized()
    const waiting = rejection(bridge.callTool({ name: 'slow' }))
    await until(() => bridge.pendingCount === 1, 1_000, 'the call in flight')
    frame.closed = true
    page.window.document.body.append(page.window.document.createElement('p'))
    const error = await waiting
    expect(error.code).toBe('CLOSED')
    expect(error.message).toMatch(/removed/)
    expect(listenedFrames(page.window as never)).toBe(0)
    view.close()
    await settle()
    expect(timers.live()).toEqual([])
  })
})

describe('the host closes during the handshake', () => {
  it('mountApp\'s ready rejects with CLOSED at once; the view\'s connect() rejects with TIMEOUT at its handshake timeout', async () => {
    page = openPage()
    const app = mount(page)
    // Close as soon as ui/initialize arrives, before it is answered.
    app.bridge.on('traffic', (direction, message) => direction === 'in' && 'method' in message && message.method === 'ui/initialize' && app.bridge.close('the host went away'))
    const ready = rejection(app.ready)
    const view = await viewIn(app, page, { handshakeTimeoutMs: 300 })
    const started = performance.now()
    const connecting = rejection(view.connect())
    expect((await ready).code).toBe('CLOSED')
    const error = await connecting
    const elapsed = performance.now() - started
    expect(error.code).toBe('TIMEOUT')
    expect(elapsed).toBeGreaterThanOrEqual(290)
    expect(elapsed).toBeLessThan(1_500)
    expect(app.iframe.isConnected).toBe(false)
    expect(listenedFrames(page.window as never)).toBe(0)
    await settle()
    expect(timers.live()).toEqual([])
  })

  it('a teardown before the view initialized closes at once, without waiting for an answer that cannot come', async () => {
    page = openPage()
    const app = mount(page)
    const ready = rejection(app.ready)
    await until(() => app.iframe.isConnected, 2_000, 'the frame')
    const started = performance.now()
    await app.teardown('the user closed the chat')
    expect(performance.now() - started).toBeLessThan(100)
    expect((await ready).code).toBe('CLOSED')
    expect(listenedFrames(page.window as never)).toBe(0)
    expect(timers.live()).toEqual([])
  })
})

describe('the sandbox proxy never sends ready', () => {
  it('ready rejects with TIMEOUT at the bridge\'s timeout, nothing reaches the frame, and teardown cleans up', async () => {
    page = openPage({ silentFrames: true })
    const warnings: BridgeWarning[] = []
    const sent: unknown[] = []
    const app = mount(page, { sandbox: { proxyUrl: 'https://sandbox.example/sandbox-proxy.html' }, timeoutMs: 400, toolInput: { city: 'Paris' } })
    app.bridge.on('warning', (warning) => void warnings.push(warning))
    app.bridge.on('traffic', (direction, message) => direction === 'out' && sent.push(message))
    const started = performance.now()
    const error = await rejection(app.ready)
    const elapsed = performance.now() - started
    expect(error.code).toBe('TIMEOUT')
    expect(elapsed).toBeLessThan(1_500)
    expect(warnings.map((warning) => warning.code)).toEqual(['UNEXPECTED'])
    // The tool input waits for initialized (and the HTML for the proxy's ready): nothing went out.
    expect(sent).toEqual([])
    expect(app.iframe.isConnected).toBe(true)
    // The bridge stays open (a slow proxy may still come): the host decides, and teardown cleans up.
    expect(app.bridge.closed).toBe(false)
    expect(listenedFrames(page.window as never)).toBe(1)
    await app.teardown()
    expect(app.iframe.isConnected).toBe(false)
    expect(listenedFrames(page.window as never)).toBe(0)
    expect(timers.live()).toEqual([])
  })
})
