import { afterEach, describe, expect, it, vi } from 'vitest'
import { BridgeError, ViewBridge } from '../../src/view/index.js'
import { createWindowPair } from '../helpers/window-pair.js'
import { createFakeHost, createView, flush, type FakeHost } from './fake-host.js'

let host: FakeHost
afterEach(() => {
  vi.useRealTimers()
  host?.pair.close()
})

describe('ViewBridge handshake', () => {
  it('sends ui/initialize, then initialized, and resolves with what the host said', async () => {
    host = createFakeHost({ hostCapabilities: { openLinks: {} }, hostContext: { theme: 'dark' } })
    const view = createView(host, { appInfo: { name: 'app', version: '2.0.0' }, capabilities: { availableDisplayModes: ['inline', 'fullscreen'] } })
    const connection = await view.connect()
    expect(connection).toEqual({
      hostInfo: { name: 'fake-host', version: '1.0.0' },
      hostCapabilities: { openLinks: {} },
      hostContext: { theme: 'dark' },
      protocolVersion: '2026-01-26',
    })
    const initialize = host.received[0]
    expect(initialize).toMatchObject({
      jsonrpc: '2.0',
      method: 'ui/initialize',
      params: { appInfo: { name: 'app', version: '2.0.0' }, appCapabilities: { availableDisplayModes: ['inline', 'fullscreen'] }, protocolVersion: '2026-01-26' },
    })
    await host.next('ui/notifications/initialized')
    expect(host.received.map((m) => m.method)).toEqual(['ui/initialize', 'ui/notifications/initialized'])
    expect(view.hostContext).toEqual({ theme: 'dark' })
    expect(view.hostCapabilities).toEqual({ openLinks: {} })
    expect(view.hostInfo).toEqual({ name: 'fake-host', version: '1.0.0' })
    expect(view.protocolVersion).toBe('2026-01-26')
  })

  it('declares inline as its display mode when the app declares nothing (the spec has the view list its modes)', async () => {
    host = createFakeHost()
    await createView(host).connect()
    expect(host.received[0].params.appCapabilities).toStrictEqual({ availableDisplayModes: ['inline'] })
  })

  it('declares the display modes the app gave, unchanged', async () => {
    host = createFakeHost()
    await createView(host, { capabilities: { availableDisplayModes: ['fullscreen', 'inline'] } }).connect()
    expect(host.received[0].params.appCapabilities).toStrictEqual({ availableDisplayModes: ['fullscreen', 'inline'] })
  })

  it('returns the same promise when connect() is called twice, and initializes once', async () => {
    host = createFakeHost()
    const view = createView(host)
    const first = view.connect()
    expect(view.connect()).toBe(first)
    await first
    await flush(host.pair)
    expect(host.sent('ui/initialize')).toHaveLength(1)
  })

  it('rejects with TIMEOUT when the host never answers, and closes the bridge', async () => {
    host = createFakeHost({ answerInitialize: false })
    const view = createView(host, { handshakeTimeoutMs: 30 })
    const closed = vi.fn()
    view.on('close', closed)
    const error = await view.connect().catch((e) => e)
    expect(error).toBeInstanceOf(BridgeError)
    expect(error.code).toBe('TIMEOUT')
    expect(closed).toHaveBeenCalledOnce()
    await expect(view.sendMessage('hi')).rejects.toMatchObject({ code: 'CLOSED' })
  })

  it('times out after 10 s by default', async () => {
    vi.useFakeTimers()
    host = createFakeHost({ answerInitialize: false })
    const view = createView(host)
    const outcome = view.connect().catch((e) => e)
    await vi.advanceTimersByTimeAsync(9_999)
    let settled = false
    void outcome.then(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await outcome).toMatchObject({ code: 'TIMEOUT' })
  })

  it('rejects with the host error when the host refuses the handshake', async () => {
    host = createFakeHost({ answerInitialize: false })
    const view = createView(host)
    const outcome = view.connect().catch((e) => e)
    const initialize = await host.next('ui/initialize')
    host.send({ jsonrpc: '2.0', id: initialize.id, error: { code: -32602, message: 'bad appInfo' } })
    expect(await outcome).toMatchObject({ code: 'INVALID_PARAMS', rpcCode: -32602 })
  })

  it('rejects with INVALID_PARAMS when the initialize result is unusable', async () => {
    host = createFakeHost({ answerInitialize: false })
    const view = createView(host)
    const outcome = view.connect().catch((e) => e)
    const initialize = await host.next('ui/initialize')
    host.send({ jsonrpc: '2.0', id: initialize.id, result: { hostInfo: { name: 'h', version: '1' } } })
    expect(await outcome).toMatchObject({ code: 'INVALID_PARAMS' })
    expect((await outcome).message).toContain('protocolVersion')
  })

  it('accepts an unknown protocol version with a VERSION warning', async () => {
    host = createFakeHost({ protocolVersion: '2099-01-01' })
    const view = createView(host)
    const warnings: string[] = []
    view.on('warning', (w) => warnings.push(w.code))
    expect((await view.connect()).protocolVersion).toBe('2099-01-01')
    expect(warnings).toContain('VERSION')
  })

  it('tolerates missing hostCapabilities and hostContext, with warnings', async () => {
    host = createFakeHost({ answerInitialize: false })
    const view = createView(host)
    const warnings: string[] = []
    view.on('warning', (w) => warnings.push(w.message))
    const outcome = view.connect()
    const initialize = await host.next('ui/initialize')
    host.send({ jsonrpc: '2.0', id: initialize.id, result: { protocolVersion: '2026-01-26', hostInfo: { name: 'h', version: '1' } } })
    expect(await outcome).toMatchObject({ hostCapabilities: {}, hostContext: {} })
    expect(warnings.join('\n')).toMatch(/hostCapabilities[\s\S]*hostContext/)
  })

  it("resolves with a copy: a later context change does not rewrite the caller's connection", async () => {
    host = createFakeHost({ hostContext: { theme: 'light' } })
    const view = createView(host)
    const connection = await view.connect()
    host.notify('ui/notifications/host-context-changed', { theme: 'dark' })
    await flush(host.pair)
    expect(view.hostContext).toEqual({ theme: 'dark' })
    expect(connection.hostContext).toEqual({ theme: 'light' })
  })

  it('refuses to connect when there is no parent frame', async () => {
    const pair = createWindowPair()
    const post = vi.spyOn(pair.view, 'postMessage')
    const view = createView({ pair } as FakeHost, { target: pair.view as never })
    await expect(view.connect()).rejects.toMatchObject({ code: 'NOT_SUPPORTED' })
    // Refused before sending: a window talking to itself would answer its own ui/initialize.
    expect(post).not.toHaveBeenCalled()
    pair.close()
  })

  // A worker's global, or Deno's: it listens for messages but has no `parent` to talk to.
  it('refuses to connect where the global has no parent (a worker), saying where a view runs', async () => {
    const self = { addEventListener: vi.fn(), removeEventListener: vi.fn() }
    const view = new ViewBridge({ appInfo: { name: 'worker', version: '1' }, self: self as never })
    const closed = vi.fn()
    view.on('close', closed)
    const error = await view.connect().catch((e) => e)
    expect(error).toMatchObject({ code: 'NOT_SUPPORTED', message: expect.stringContaining("in a host's iframe") })
    expect(closed).toHaveBeenCalledOnce()
  })

  it('constructs where there is no window (server-side rendering) and refuses to connect', async () => {
    // Next.js, Nuxt and SvelteKit evaluate the app's modules in Node: `export const bridge = new ViewBridge(...)`.
    expect((globalThis as { addEventListener?: unknown }).addEventListener).toBeUndefined()
    const view = new ViewBridge({ appInfo: { name: 'ssr', version: '1' } })
    await expect(view.openLink('https://example.com')).rejects.toMatchObject({ code: 'PROTOCOL' })
    await expect(view.connect()).rejects.toMatchObject({ code: 'NOT_SUPPORTED' })
    await expect(view.sendMessage('hi')).rejects.toMatchObject({ code: 'CLOSED' })
    expect(view.hostContext).toEqual({})
  })

  it('constructs on a window without addEventListener and never posts from it', async () => {
    const target = { postMessage: vi.fn() }
    const self = { removeEventListener: vi.fn() }
    const view = new ViewBridge({ appInfo: { name: 'ssr', version: '1' }, self: self as never, target })
    const error = await view.connect().catch((e) => e)
    expect(error).toBeInstanceOf(BridgeError)
    expect(error.code).toBe('NOT_SUPPORTED')
    // Refused before sending: no answer could ever be heard.
    expect(target.postMessage).not.toHaveBeenCalled()
    view.close()
  })

  it('refuses requests before connect() and after close()', async () => {
    host = createFakeHost({ hostCapabilities: { openLinks: {} } })
    const view = createView(host)
    await expect(view.openLink('https://example.com')).rejects.toMatchObject({ code: 'PROTOCOL' })
    await view.connect()
    view.close()
    await expect(view.openLink('https://example.com')).rejects.toMatchObject({ code: 'CLOSED' })
    expect(view.sendLog('info', 'x')).toBe(false)
  })

  it('waits for the handshake when a request is made while connecting', async () => {
    host = createFakeHost({ hostCapabilities: { openLinks: {} } })
    const view = createView(host)
    void view.connect()
    const opened = view.openLink('https://example.com')
    const request = await host.next('ui/open-link')
    host.send({ jsonrpc: '2.0', id: request.id, result: {} })
    await expect(opened).resolves.toEqual({})
    expect(host.received.map((m) => m.method).slice(0, 3)).toEqual(['ui/initialize', 'ui/notifications/initialized', 'ui/open-link'])
  })
})

describe('ViewBridge requests made while connecting', () => {
  it('go out in the order the app made them, before one made once connect() resolved', async () => {
    host = createFakeHost({ hostCapabilities: { openLinks: {} } })
    const view = createView(host)
    const connecting = view.connect()
    void view.openLink('https://example.com/first').catch(() => {})
    void connecting.then(() => view.openLink('https://example.com/second').catch(() => {}))
    await host.next((m) => m.method === 'ui/open-link' && m.params.url.endsWith('/second'))
    expect(host.received.filter((m) => m.method === 'ui/open-link').map((m) => m.params.url)).toEqual(['https://example.com/first', 'https://example.com/second'])
  })

  it('go out before one made once connect() resolved, even by code that awaited connect() before they were made', async () => {
    // The usual app: `await bridge.connect()` first, then its calls; meanwhile the user acted.
    host = createFakeHost({ hostCapabilities: { updateModelContext: {} } })
    const view = createView(host)
    const connected = view.connect().then(() => void view.updateModelContext({ structuredContent: { step: 2 } }).catch(() => {}))
    void view.updateModelContext({ structuredContent: { step: 1 } }).catch(() => {})
    await connected
    await vi.waitFor(() => expect(host.sent('ui/update-model-context')).toHaveLength(2))
    expect(host.sent('ui/update-model-context').map((m) => m.params.structuredContent)).toEqual([{ step: 1 }, { step: 2 }])
  })
})

describe('ViewBridge requests made by a listener of the initial context', () => {
  it('go out after those made before the handshake answer: the later model context is the one that stays', async () => {
    host = createFakeHost({ hostCapabilities: { updateModelContext: {} }, hostContext: { theme: 'dark' } })
    const view = createView(host)
    view.on('hostcontextchanged', (context) => void view.updateModelContext({ structuredContent: { theme: context.theme } }).catch(() => {}))
    const connecting = view.connect()
    void view.updateModelContext({ structuredContent: { draft: 1 } }).catch(() => {})
    await connecting
    await vi.waitFor(() => expect(host.sent('ui/update-model-context')).toHaveLength(2))
    expect(host.sent('ui/update-model-context').map((m) => m.params.structuredContent)).toEqual([{ draft: 1 }, { theme: 'dark' }])
  })
})

describe('ViewBridge requests aborted while connecting', () => {
  const answerInitialize = async (initialize: { id: unknown }) => {
    const hostContext = { availableDisplayModes: ['inline', 'fullscreen'] }
    const hostCapabilities = { openLinks: {} }
    host.send({ jsonrpc: '2.0', id: initialize.id, result: { protocolVersion: '2026-01-26', hostInfo: { name: 'h', version: '1' }, hostCapabilities, hostContext } })
    await flush(host.pair)
  }
  const requests: Array<[string, (view: ViewBridge, signal: AbortSignal) => Promise<unknown>]> = [
    ['openLink', (view, signal) => view.openLink('https://example.com', { signal })],
    ['requestDisplayMode', (view, signal) => view.requestDisplayMode('fullscreen', { signal })],
  ]

  for (const [name, call] of requests) {
    it(`${name}: rejects CANCELLED at the abort, not at the handshake, and is never sent`, async () => {
      host = createFakeHost({ answerInitialize: false })
      const view = createView(host, { capabilities: { availableDisplayModes: ['inline', 'fullscreen'] } })
      const connecting = view.connect()
      const initialize = await host.next('ui/initialize')
      const controller = new AbortController()
      const outcome = call(view, controller.signal)
      const settled = vi.fn()
      outcome.catch(settled)
      controller.abort('user left')
      await flush(host.pair)
      expect(settled).toHaveBeenCalledWith(expect.objectContaining({ code: 'CANCELLED', message: expect.stringContaining('user left') }))
      await answerInitialize(initialize)
      await connecting
      expect(host.received.map((m) => m.method)).toEqual(['ui/initialize', 'ui/notifications/initialized'])
    })

    it(`${name}: with a signal aborted before the call, rejects CANCELLED while connecting and sends nothing`, async () => {
      host = createFakeHost({ answerInitialize: false })
      const view = createView(host, { capabilities: { availableDisplayModes: ['inline', 'fullscreen'] } })
      const connecting = view.connect()
      const initialize = await host.next('ui/initialize')
      const settled = vi.fn()
      call(view, AbortSignal.abort('gone')).catch(settled)
      await flush(host.pair)
      expect(settled).toHaveBeenCalledWith(expect.objectContaining({ code: 'CANCELLED' }))
      await answerInitialize(initialize)
      await connecting
      expect(host.received.map((m) => m.method)).toEqual(['ui/initialize', 'ui/notifications/initialized'])
    })
  }

  it('a request whose signal is never aborted still goes out at the handshake, resolves, and leaves no listener on the signal', async () => {
    host = createFakeHost({ answerInitialize: false })
    const view = createView(host)
    const connecting = view.connect()
    const initialize = await host.next('ui/initialize')
    const { signal } = new AbortController()
    const added = vi.spyOn(signal, 'addEventListener')
    const removed = vi.spyOn(signal, 'removeEventListener')
    const opened = view.openLink('https://example.com', { signal })
    await answerInitialize(initialize)
    await connecting
    const request = await host.next('ui/open-link')
    host.send({ jsonrpc: '2.0', id: request.id, result: {} })
    await expect(opened).resolves.toEqual({})
    expect(added.mock.calls.length).toBeGreaterThan(0)
    expect(removed.mock.calls.map(([type, listener]) => [type, listener])).toEqual(expect.arrayContaining(added.mock.calls.map(([type, listener]) => [type, listener])))
  })
})

describe('ViewBridge host context at the handshake', () => {
  it('emits hostcontextchanged with the initial context to a listener registered before connect()', async () => {
    host = createFakeHost({ hostContext: { theme: 'light', locale: 'fr-FR' } })
    const view = createView(host)
    const changes: Array<[unknown, string[]]> = []
    view.on('hostcontextchanged', (context, changed) => changes.push([context, changed]))
    await view.connect()
    expect(changes).toEqual([[{ theme: 'light', locale: 'fr-FR' }, ['theme', 'locale']]])
  })

  it('emits nothing at the handshake for an empty context', async () => {
    host = createFakeHost({ hostContext: {} })
    const view = createView(host)
    const listener = vi.fn()
    view.on('hostcontextchanged', listener)
    await view.connect()
    expect(listener).not.toHaveBeenCalled()
  })

  it('applies a context change that races ahead of the initialize response after it, not before', async () => {
    host = createFakeHost({ answerInitialize: false })
    const view = createView(host)
    const changes: string[][] = []
    view.on('hostcontextchanged', (_context, changed) => changes.push(changed))
    const outcome = view.connect()
    const initialize = await host.next('ui/initialize')
    host.notify('ui/notifications/host-context-changed', { theme: 'dark', displayMode: 'fullscreen' })
    host.send({
      jsonrpc: '2.0',
      id: initialize.id,
      result: { protocolVersion: '2026-01-26', hostInfo: { name: 'h', version: '1' }, hostCapabilities: {}, hostContext: { theme: 'light', locale: 'en-US' } },
    })
    const connection = await outcome
    const merged = { theme: 'dark', locale: 'en-US', displayMode: 'fullscreen' }
    expect(connection.hostContext).toEqual(merged)
    expect(view.hostContext).toEqual(merged)
    expect(changes).toEqual([['theme', 'locale', 'displayMode']])
  })

  it('keeps hostContext {} until the handshake answer, even when a change raced ahead of it', async () => {
    host = createFakeHost({ answerInitialize: false })
    const view = createView(host)
    void view.connect().catch(() => {})
    await host.next('ui/initialize')
    host.notify('ui/notifications/host-context-changed', { theme: 'dark' })
    await flush(host.pair)
    expect(view.hostContext).toEqual({})
    view.close()
  })

  it('reads one and the same empty hostContext before the handshake answer and after a failed handshake', async () => {
    // Framework stores compare snapshots by identity: React's useSyncExternalStore(subscribe,
    // () => bridge.hostContext) re-renders until "Maximum update depth exceeded" when every read is a new object.
    host = createFakeHost({ answerInitialize: false })
    const view = createView(host, { handshakeTimeoutMs: 30 })
    const before = view.hostContext
    expect(before).toEqual({})
    expect(view.hostContext).toBe(before)
    const connecting = view.connect()
    expect(view.hostContext).toBe(before)
    await expect(connecting).rejects.toMatchObject({ code: 'TIMEOUT' })
    expect(view.hostContext).toBe(before)
    // Shared by every bridge, so nobody can write into it.
    expect(Object.isFrozen(before)).toBe(true)
  })

  it('drops invalid context fields with a warning and keeps the rest', async () => {
    host = createFakeHost({ hostContext: { theme: 'purple', locale: 'de-DE', safeAreaInsets: { top: 1 } } as never })
    const view = createView(host)
    const warnings: string[] = []
    view.on('warning', (w) => warnings.push(w.message))
    expect((await view.connect()).hostContext).toEqual({ locale: 'de-DE' })
    expect(warnings.join('\n')).toMatch(/theme[\s\S]*safeAreaInsets/)
  })
})

describe('ViewBridge, one per window', () => {
  // Hot module replacement re-evaluates `export const bridge = new ViewBridge(...)` without closing the old one.
  it('closes the bridge already open on the window, whose answers then cannot reach it', async () => {
    host = createFakeHost({ hostCapabilities: { openLinks: {} } })
    const stale = createView(host)
    await stale.connect()
    const closed = vi.fn()
    stale.on('close', closed)
    // Neither a bridge on another window nor one where there is no window (server-side rendering) is replaced.
    const elsewhere = createFakeHost()
    const others = [createView(elsewhere), new ViewBridge({ appInfo: { name: 'ssr', version: '1' } })]
    const othersClosed = vi.fn()
    for (const other of others) other.on('close', othersClosed)
    const staleLink = stale.openLink('https://stale.example')
    const fresh = createView(host)
    new ViewBridge({ appInfo: { name: 'ssr', version: '1' } })
    expect(closed).toHaveBeenCalledWith('replaced by a new ViewBridge')
    expect(othersClosed).not.toHaveBeenCalled()
    await expect(staleLink).rejects.toMatchObject({ code: 'CLOSED' })
    expect(host.pair.messageListeners('view')).toBe(1)
    await fresh.connect()
    // The fresh bridge numbers on from the stale one: no id of its own is one the host may still answer for the stale one.
    const freshLink = fresh.openLink('https://fresh.example')
    const request = await host.next((m) => m?.method === 'ui/open-link' && m.params.url === 'https://fresh.example')
    expect(host.received.filter((m) => m?.id === request.id && 'method' in m)).toEqual([request])
    host.send({ jsonrpc: '2.0', id: request.id, result: { opened: 'fresh' } })
    await expect(freshLink).resolves.toEqual({ opened: 'fresh' })
    for (const other of others) other.close()
    elsewhere.pair.close()
  })

  it("never settles the fresh bridge's call with the host's late answer to the replaced one's", async () => {
    host = createFakeHost({ hostCapabilities: { serverTools: {} } })
    const stale = createView(host)
    await stale.connect()
    stale.callServerTool({ name: 'slow' }).catch(() => {})
    const staleRequest = await host.next((m) => m?.method === 'tools/call' && m.params.name === 'slow')
    const fresh = createView(host)
    await fresh.connect()
    const freshCall = fresh.callServerTool({ name: 'fast' })
    const freshRequest = await host.next((m) => m?.method === 'tools/call' && m.params.name === 'fast')
    // The host was never told to stop working on the stale call, and answers it now.
    host.send({ jsonrpc: '2.0', id: staleRequest.id, result: { content: [{ type: 'text', text: 'slow' }] } })
    await flush(host.pair)
    host.send({ jsonrpc: '2.0', id: freshRequest.id, result: { content: [{ type: 'text', text: 'fast' }] } })
    await expect(freshCall).resolves.toMatchObject({ content: [{ text: 'fast' }] })
  })

  it("answers the host's teardown once, after the live bridge saved; the replaced one's listeners are not called", async () => {
    host = createFakeHost()
    const stale = createView(host)
    await stale.connect()
    const staleTeardown = vi.fn()
    stale.on('teardown', staleTeardown)
    const fresh = createView(host)
    await fresh.connect()
    const steps: string[] = []
    fresh.on('teardown', () => new Promise<void>((resolve) => setTimeout(() => (steps.push('saved'), resolve()), 30)))
    const answer = await host.request('ui/resource-teardown', {})
    steps.push('answered')
    await flush(host.pair)
    expect(answer).toMatchObject({ result: {} })
    expect(steps).toEqual(['saved', 'answered'])
    expect(host.received.filter((m) => m?.id === answer.id)).toHaveLength(1)
    expect(staleTeardown).not.toHaveBeenCalled()
  })
})
