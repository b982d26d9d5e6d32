/** Source-window and origin checks on both sides (A.8). */
import { describe, expect, test } from 'vitest'
import { HOST_INFO, createBridgePair, createLoneView, initializeResult } from '../helpers/bridges.js'
import { request, success } from '../helpers/messages.js'
import { FrameTransport } from '../../src/host/index.js'

const SANDBOX = 'https://sandbox.example'

describe('host side', () => {
  test('posts to the frame origin when it is known, never "*"', async () => {
    const { pair, host, connect } = createBridgePair({ viewOrigin: SANDBOX })
    await connect()
    host.setHostContext({ theme: 'light' })
    await pair.flush()
    expect(pair.log.filter((e) => e.from === 'host').map((e) => e.targetOrigin)).toEqual([SANDBOX, SANDBOX])
  })

  test('posts to "*" only for an opaque ("null") frame', async () => {
    const { pair, connect } = createBridgePair({ viewOrigin: 'null' })
    await connect()
    expect(pair.log.filter((e) => e.from === 'host').map((e) => e.targetOrigin)).toEqual(['*'])
  })

  test('refuses to build a transport without an origin, or with "*"', () => {
    for (const targetOrigin of ['', '*']) {
      expect(() => new FrameTransport({ target: { postMessage: () => {} }, targetOrigin })).toThrow(TypeError)
    }
  })

  test.for([SANDBOX, 'null'])('frame at %s: a message from the right frame but another origin is dropped with POLICY', async (viewOrigin) => {
    const { pair, connect, warnings } = createBridgePair({ viewOrigin })
    await connect()
    const before = pair.log.length
    pair.injectToHost(request(9, 'ping'), { origin: 'https://evil.example' })
    await pair.flush()
    expect(pair.log.length).toBe(before)
    expect(warnings.host.map((w) => w.code)).toEqual(['POLICY'])
    expect(warnings.host[0]!.message).toContain('https://evil.example')
  })

  test('ignores a message from another window entirely (another frame\'s traffic: no answer, no warning)', async () => {
    const { pair, connect, warnings } = createBridgePair({ viewOrigin: SANDBOX })
    await connect()
    const before = pair.log.length
    pair.injectToHost(request(9, 'ping'), { source: { postMessage: () => {} }, origin: SANDBOX })
    pair.injectToHost(request(10, 'ping'), { source: null, origin: SANDBOX })
    await pair.flush()
    expect(pair.log.length).toBe(before)
    expect(warnings.host).toEqual([])
  })

  test('a ui/initialize from the wrong origin never initializes the host', async () => {
    const { pair, host, warnings } = createBridgePair({ viewOrigin: SANDBOX })
    pair.injectToHost(request(1, 'ui/initialize', { appInfo: { name: 'evil', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' }), {
      origin: 'https://evil.example',
    })
    await pair.flush()
    expect(host.appInfo).toBeUndefined()
    expect(pair.log).toEqual([])
    expect(warnings.host.map((w) => w.code)).toEqual(['POLICY'])
  })
})

describe('view side', () => {
  test('the handshake request goes to "*", everything after it to the pinned host origin', async () => {
    const { pair, view, connect } = createBridgePair({ host: { capabilities: { message: {} }, handlers: { message: () => {} } } })
    await connect()
    await view.sendMessage('x')
    view.sendSizeChanged({ width: 1, height: 1 })
    expect(pair.log.filter((e) => e.from === 'view').map((e) => e.targetOrigin)).toEqual(['*', pair.hostOrigin, pair.hostOrigin, pair.hostOrigin])
  })

  test('after the handshake, a message from the parent at another origin is dropped with POLICY', async () => {
    const { pair, view, connect, warnings } = createBridgePair()
    await connect()
    const before = pair.log.length
    pair.injectToView({ jsonrpc: '2.0', method: 'ui/notifications/host-context-changed', params: { theme: 'light' } }, { origin: 'https://evil.example' })
    pair.injectToView(request(5, 'ping'), { origin: 'https://evil.example' })
    await pair.flush()
    expect(view.hostContext).toEqual({})
    expect(pair.log.length).toBe(before)
    expect(warnings.view.map((w) => w.code)).toEqual(['POLICY', 'POLICY'])
  })

  test('a message from a window other than the parent is ignored without a warning', async () => {
    const { pair, view, connect, warnings } = createBridgePair()
    await connect()
    const before = pair.log.length
    pair.injectToView({ jsonrpc: '2.0', method: 'ui/notifications/host-context-changed', params: { theme: 'light' } }, { source: { postMessage: () => {} } })
    pair.injectToView(request(5, 'ping'), { source: null })
    await pair.flush()
    expect(view.hostContext).toEqual({})
    expect(pair.log.length).toBe(before)
    expect(warnings.view).toEqual([])
  })

  test('with hostOrigin given, the origin is pinned from the start, for sending and receiving', async () => {
    const expected = 'https://expected.example'
    const { pair, view, startConnect, warnings } = createLoneView({ hostOrigin: expected })
    const { connecting } = await startConnect()
    expect(pair.log.map((e) => e.targetOrigin)).toEqual([expected])
    pair.injectToView(success(1, initializeResult()), { origin: 'https://host.example' })
    await pair.flush()
    expect(view.hostInfo).toBeUndefined()
    expect(warnings.map((w) => w.code)).toEqual(['POLICY'])
    pair.injectToView(success(1, initializeResult()), { origin: expected })
    await connecting
    expect(view.hostInfo).toEqual(HOST_INFO)
  })

  test('without hostOrigin, the origin that answered the handshake is pinned', async () => {
    const answering = 'https://first.example'
    const { pair, startConnect, warnings } = createLoneView()
    const { connecting } = await startConnect()
    pair.injectToView(success(1, initializeResult()), { origin: answering })
    await connecting
    await pair.flush()
    expect(pair.log.map((e) => [e.message.method, e.targetOrigin])).toEqual([
      ['ui/initialize', '*'],
      ['ui/notifications/initialized', answering],
    ])
    pair.injectToView(request(2, 'ping'), { origin: 'https://host.example' })
    await pair.flush()
    expect(warnings.map((w) => w.code)).toEqual(['POLICY'])
    expect(pair.log).toHaveLength(2)
  })
})
