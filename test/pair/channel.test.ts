/**
 * The private channel: our view offers a `MessagePort` with `ui/initialize`, our host answers on
 * it, and the rest of the session runs there, off the windows. (Node's `MessageChannel` stands in
 * for the browser's; the real thing, same-origin and cross-origin, runs in test/browser.)
 */
import { describe, expect, test, vi } from 'vitest'
import { FrameTransport, ProxyTransport } from '../../src/host/index.js'
import { ParentTransport, ViewBridge } from '../../src/view/index.js'
import { APP_INFO, createBridgePair, methods } from '../helpers/bridges.js'
import { createWindowPair } from '../helpers/window-pair.js'

const CAPABILITIES = { message: { text: {} }, updateModelContext: { text: {} } }

describe('the MessageChannel after the handshake', () => {
  test('everything after ui/initialize travels on the channel: the windows carry nothing more', async () => {
    const messages: unknown[] = []
    const { host, view, pair, connect } = createBridgePair({
      ports: true,
      host: { capabilities: CAPABILITIES, handlers: { message: (params) => void messages.push(params.content) } },
    })
    const inputs: unknown[] = []
    const contexts: unknown[] = []
    view.on('toolinput', (input) => void inputs.push(input.arguments))
    view.on('hostcontextchanged', (context) => void contexts.push(context.theme))
    const initialized = vi.fn()
    host.on('initialized', initialized)
    await connect()
    await vi.waitFor(() => expect(initialized).toHaveBeenCalledOnce())

    await view.sendMessage('hello')
    host.sendToolInput({ city: 'Paris' })
    host.setHostContext({ theme: 'dark' })
    await vi.waitFor(() => expect(contexts).toEqual(['dark']))

    expect(messages).toEqual([[{ type: 'text', text: 'hello' }]])
    expect(inputs).toEqual([{ city: 'Paris' }])
    // The handshake request is the one message a window carried; its answer came on the port.
    expect(methods(pair.sent('view'))).toEqual(['ui/initialize'])
    expect(pair.sent('host')).toEqual([])
  })

  test('the view no longer reads its window once on the channel, whoever posts there', async () => {
    const { view, pair, connect } = createBridgePair({ ports: true })
    await connect()
    const inputs = vi.fn()
    view.on('toolinput', inputs)
    pair.injectToView({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: { arguments: { forged: true } } })
    await pair.flush()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(inputs).not.toHaveBeenCalled()
  })

  test("a teardown answered after a listener closed the view still reaches the host, on the channel", async () => {
    const { host, view, connect } = createBridgePair({ ports: true, host: { teardownTimeoutMs: 2_000 } })
    await connect()
    const warnings: string[] = []
    host.on('warning', (warning) => void warnings.push(warning.message))
    view.on('teardown', () => view.close())
    const started = Date.now()
    await host.teardown('done')
    expect(Date.now() - started).toBeLessThan(1_000)
    expect(warnings.filter((message) => /teardown/i.test(message))).toEqual([])
  })

  test('a view re-created in the same window gets a new channel; the old one is closed', async () => {
    const { host, view, pair, connect } = createBridgePair({ ports: true })
    await connect()
    const closedPorts: unknown[] = []
    const close = MessagePort.prototype.close
    const spy = vi.spyOn(MessagePort.prototype, 'close').mockImplementation(function (this: MessagePort) {
      closedPorts.push(this)
      close.call(this)
    })
    try {
      view.close()
      const next = new ViewBridge({ appInfo: APP_INFO, target: pair.parent, self: pair.view as never, autoResize: false })
      const themes: unknown[] = []
      next.on('hostcontextchanged', (context) => void themes.push(context.theme))
      await next.connect()
      // The host dropped the first channel when the second handshake came in.
      expect(closedPorts.length).toBeGreaterThanOrEqual(1)
      host.setHostContext({ theme: 'dark' })
      await vi.waitFor(() => expect(themes).toEqual(['dark']))
      expect(methods(pair.sent('view'))).toEqual(['ui/initialize', 'ui/initialize'])
      expect(pair.sent('host')).toEqual([])
      next.close()
    } finally {
      spy.mockRestore()
    }
  })

  test('without ports delivered (a relay that forwards only data, the official host), both stay on the windows', async () => {
    const { view, pair, connect } = createBridgePair({ host: { capabilities: CAPABILITIES, handlers: { message: () => {} } } })
    await connect()
    await view.sendMessage('hello')
    await pair.flush()
    expect(methods(pair.sent('view'))).toEqual(['ui/initialize', 'ui/notifications/initialized', 'ui/message'])
    // The answers to ui/initialize and ui/message, on the window too.
    expect(methods(pair.sent('host'))).toEqual([expect.stringMatching(/^response:/), expect.stringMatching(/^response:/)])
  })
})

describe('ParentTransport: the offer', () => {
  test('only ui/initialize carries a port, one per handshake request', () => {
    const pair = createWindowPair()
    const posts: Array<{ method: unknown; transfer: unknown }> = []
    const transport = new ParentTransport({
      target: { postMessage: (message, _origin, transfer) => void posts.push({ method: (message as { method?: unknown }).method, transfer }) },
      self: pair.view as never,
    })
    const stop = transport.listen(() => {})
    transport.send({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: {} })
    transport.send({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { height: 1 } })
    expect(posts[0]!.method).toBe('ui/initialize')
    expect(posts[0]!.transfer).toEqual([expect.any(MessagePort)])
    expect(posts[1]!.transfer).toBeUndefined()
    stop()
    pair.close()
  })
})

/** A host's FrameTransport on a window pair, listening: what it received, in order. */
function listeningHost() {
  const pair = createWindowPair()
  const transport = new FrameTransport({ target: pair.frame, targetOrigin: pair.viewOrigin, hostWindow: pair.host as never })
  const received: unknown[] = []
  const stop = transport.listen((data) => void received.push(data))
  return { pair, transport, received, stop }
}

describe('FrameTransport: taking the channel', () => {
  test('a port from another origin, or on any message but ui/initialize, is not taken', async () => {
    const { pair, transport, received, stop } = listeningHost()
    const foreign = new MessageChannel()
    const other = new MessageChannel()
    pair.injectToHost({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: {} }, { origin: 'https://evil.example', ports: [foreign.port2] })
    pair.injectToHost({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: {} }, { ports: [other.port2] })
    await pair.flush()
    expect(received).toEqual([{ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: {} }])
    transport.send({ jsonrpc: '2.0', id: 1, result: {} })
    // Still the window: neither port was taken.
    expect(pair.sent('host')).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }])
    stop()
    foreign.port1.close()
    other.port1.close()
    pair.close()
  })

  test('a handshake without a port after one with a port goes back to the window, and the port is closed', async () => {
    const { pair, transport, received, stop } = listeningHost()
    const channel = new MessageChannel()
    const onPort: unknown[] = []
    channel.port1.onmessage = (event) => void onPort.push(event.data)
    pair.injectToHost({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: {} }, { ports: [channel.port2] })
    await pair.flush()
    transport.send({ jsonrpc: '2.0', id: 1, result: {} })
    await vi.waitFor(() => expect(onPort).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]))
    pair.injectToHost({ jsonrpc: '2.0', id: 2, method: 'ui/initialize', params: {} })
    await pair.flush()
    const start = pair.log.length
    transport.send({ jsonrpc: '2.0', id: 2, result: {} })
    expect(pair.log.slice(start).map((entry) => entry.message)).toEqual([{ jsonrpc: '2.0', id: 2, result: {} }])
    // The port the host held was closed: what the old document posts on it reaches nobody.
    channel.port1.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: {} })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(received.map((data) => (data as { method?: string }).method)).toEqual(['ui/initialize', 'ui/initialize'])
    stop()
    channel.port1.close()
    pair.close()
  })
})

describe('behind the sandbox proxy', () => {
  test('on the channel the host still refuses sandbox-* from the view, as the proxy does on the window', async () => {
    const pair = createWindowPair({ viewOrigin: 'https://sandbox.example' })
    const refused: string[] = []
    const transport = new ProxyTransport({
      frame: new FrameTransport({ target: pair.frame, targetOrigin: pair.viewOrigin, hostWindow: pair.host as never }),
      resource: { html: '<p>view</p>' },
      onRefused: (message) => void refused.push(message),
    })
    const received: unknown[] = []
    const stop = transport.listen((data) => void received.push(data))
    pair.injectToHost({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} })
    await pair.flush()
    // The proxy passed on the view's port with its handshake.
    const channel = new MessageChannel()
    pair.injectToHost({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: {} }, { ports: [channel.port2] })
    await pair.flush()
    channel.port1.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} })
    channel.port1.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { height: 1 } })
    await vi.waitFor(() => expect(received).toHaveLength(2))
    expect(received.map((data) => (data as { method: string }).method)).toEqual(['ui/initialize', 'ui/notifications/size-changed'])
    expect(refused).toEqual(['Refused ui/notifications/sandbox-proxy-ready after the proxy was ready'])
    // The resource went once, to the proxy, on the window.
    expect(pair.sent('host').map((message) => message.method)).toEqual(['ui/notifications/sandbox-resource-ready'])
    stop()
    channel.port1.close()
    pair.close()
  })
})
