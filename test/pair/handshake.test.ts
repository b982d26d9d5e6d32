/** Handshake over two linked windows: ui/initialize → result → ui/notifications/initialized. */
import { describe, expect, onTestFinished, test } from 'vitest'
import { APP_INFO, HOST_INFO, createBridgePair, createLoneView, initializeResult, methods } from '../helpers/bridges.js'
import { createWindowPair } from '../helpers/window-pair.js'
import { ViewBridge } from '../../src/view/index.js'
import { notification, request, success } from '../helpers/messages.js'
import { rejection } from '../helpers/outcome.js'

describe('handshake', () => {
  test('the exact wire exchange, and what each side learns', async () => {
    const { pair, host, view, connect, warnings } = createBridgePair({
      host: { capabilities: { openLinks: {}, message: { text: {} } }, hostContext: { theme: 'dark', locale: 'en-US' } },
      view: { capabilities: { availableDisplayModes: ['inline', 'fullscreen'] } },
    })
    const initialized: unknown[] = []
    host.on('initialized', (app) => void initialized.push(app))
    const connection = await connect()
    expect(pair.log).toStrictEqual([
      {
        from: 'view',
        targetOrigin: '*',
        message: {
          jsonrpc: '2.0',
          id: 1,
          method: 'ui/initialize',
          params: { appInfo: APP_INFO, appCapabilities: { availableDisplayModes: ['inline', 'fullscreen'] }, protocolVersion: '2026-01-26' },
        },
      },
      {
        from: 'host',
        targetOrigin: '*',
        message: {
          jsonrpc: '2.0',
          id: 1,
          result: {
            protocolVersion: '2026-01-26',
            hostInfo: HOST_INFO,
            hostCapabilities: { openLinks: {}, message: { text: {} } },
            hostContext: { theme: 'dark', locale: 'en-US' },
          },
        },
      },
      { from: 'view', targetOrigin: pair.hostOrigin, message: { jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} } },
    ])
    expect(connection).toStrictEqual({
      hostInfo: HOST_INFO,
      hostCapabilities: { openLinks: {}, message: { text: {} } },
      hostContext: { theme: 'dark', locale: 'en-US' },
      protocolVersion: '2026-01-26',
    })
    expect(view.protocolVersion).toBe('2026-01-26')
    expect(view.hostInfo).toEqual(HOST_INFO)
    expect(host.initialized).toBe(true)
    expect(host.appInfo).toEqual(APP_INFO)
    expect(host.appCapabilities).toEqual({ availableDisplayModes: ['inline', 'fullscreen'] })
    expect(initialized).toEqual([{ appInfo: APP_INFO, appCapabilities: { availableDisplayModes: ['inline', 'fullscreen'] }, protocolVersion: '2026-01-26' }])
    expect(warnings).toEqual({ host: [], view: [] })
  })

  test('without options the host advertises nothing and sends an empty context', async () => {
    const { pair, connect } = createBridgePair()
    await connect()
    expect(pair.sent('host')[0].result).toStrictEqual({ protocolVersion: '2026-01-26', hostInfo: HOST_INFO, hostCapabilities: {}, hostContext: {} })
  })

  test('connect() twice returns the same promise and handshakes once', async () => {
    const { pair, view } = createBridgePair()
    const first = view.connect()
    expect(view.connect()).toBe(first)
    await first
    await pair.flush()
    expect(methods(pair.sent('view'))).toEqual(['ui/initialize', 'ui/notifications/initialized'])
  })

  test('the host is not initialized between its answer and the view\'s initialized notification', async () => {
    const { pair, host, view } = createBridgePair()
    const states: boolean[] = []
    host.on('traffic', (direction, message) => {
      if (direction === 'out' && 'result' in message) states.push(host.initialized)
    })
    await view.connect()
    expect(host.initialized).toBe(false)
    await pair.flush()
    expect(states).toEqual([false])
    expect(host.initialized).toBe(true)
  })

  test('a view whose window is its own parent refuses to connect (not framed)', async () => {
    const pair = createWindowPair()
    onTestFinished(() => pair.close())
    const view = new ViewBridge({ appInfo: APP_INFO, target: pair.view as never, self: pair.view as never, autoResize: false })
    expect((await rejection(view.connect())).code).toBe('NOT_SUPPORTED')
    expect(pair.log).toEqual([])
  })
})

describe('version negotiation (A.4)', () => {
  test('the host answers its latest version to a view asking for an unknown one', async () => {
    const { pair } = createBridgePair()
    pair.injectToHost(request('v1', 'ui/initialize', { appInfo: APP_INFO, appCapabilities: {}, protocolVersion: '2099-01-01' }))
    await pair.flush()
    expect(pair.sent('host')).toStrictEqual([
      { jsonrpc: '2.0', id: 'v1', result: { protocolVersion: '2026-01-26', hostInfo: HOST_INFO, hostCapabilities: {}, hostContext: {} } },
    ])
  })

  test('the view accepts an unknown answered version, warns VERSION and exposes it', async () => {
    const { pair, view, warnings, startConnect } = createLoneView()
    const { connecting } = await startConnect()
    pair.injectToView(success(1, initializeResult({ protocolVersion: '2030-01-01' })))
    const connection = await connecting
    expect(connection.protocolVersion).toBe('2030-01-01')
    expect(view.protocolVersion).toBe('2030-01-01')
    expect(warnings.map((w) => w.code)).toEqual(['VERSION'])
  })
})

describe('variants are accepted and reported (A.1)', () => {
  test('clientInfo/capabilities in ui/initialize: answered normally, two VARIANT warnings on the host', async () => {
    const { pair, host, warnings } = createBridgePair()
    pair.injectToHost(request(1, 'ui/initialize', { clientInfo: APP_INFO, capabilities: {}, protocolVersion: '2026-01-26' }))
    await pair.flush()
    expect(pair.sent('host')[0].result.protocolVersion).toBe('2026-01-26')
    expect(host.appInfo).toEqual(APP_INFO)
    expect(warnings.host.map((w) => w.code)).toEqual(['VARIANT', 'VARIANT'])
  })

  test('an initialize result without hostCapabilities/hostContext connects with {} and MALFORMED warnings', async () => {
    const { pair, warnings, startConnect } = createLoneView()
    const { connecting } = await startConnect()
    pair.injectToView(success(1, { protocolVersion: '2026-01-26', hostInfo: HOST_INFO }))
    expect(await connecting).toMatchObject({ hostCapabilities: {}, hostContext: {} })
    expect(warnings.map((w) => w.code)).toEqual(['MALFORMED', 'MALFORMED'])
  })

  test('an unusable initialize result rejects connect() with INVALID_PARAMS and closes the view', async () => {
    const { pair, view, startConnect } = createLoneView()
    const closed: string[] = []
    view.on('close', (reason) => void closed.push(reason))
    const { connecting } = await startConnect()
    pair.injectToView(success(1, { hostInfo: HOST_INFO }))
    const error = await rejection(connecting)
    expect(error.code).toBe('INVALID_PARAMS')
    expect(error.message).toContain('protocolVersion')
    expect(closed).toHaveLength(1)
    expect(pair.messageListeners('view')).toBe(0)
  })
})

describe('host context racing the handshake (A.3)', () => {
  test('a context change that arrives before the initialize answer is applied after it, not lost', async () => {
    const { pair, view, startConnect } = createLoneView()
    const events: unknown[] = []
    view.on('hostcontextchanged', (context, changed) => void events.push({ context, changed }))
    const { connecting } = await startConnect()
    pair.injectToView(notification('ui/notifications/host-context-changed', { theme: 'light' }))
    pair.injectToView(success(1, initializeResult({ hostContext: { theme: 'dark', locale: 'en' } })))
    const connection = await connecting
    expect(connection.hostContext).toStrictEqual({ theme: 'light', locale: 'en' })
    expect(view.hostContext).toStrictEqual({ theme: 'light', locale: 'en' })
    // One event for the initial state, already merged: listeners never see the stale 'dark'.
    expect(events).toEqual([{ context: { theme: 'light', locale: 'en' }, changed: ['theme', 'locale'] }])
  })

  test('host context set before the view connects travels in the initialize answer, not as a change', async () => {
    const { pair, host, view, connect } = createBridgePair({ host: { hostContext: { theme: 'dark' } } })
    host.setHostContext({ theme: 'light', locale: 'de-DE' })
    await connect()
    expect(pair.sent('host')[0].result.hostContext).toStrictEqual({ theme: 'light', locale: 'de-DE' })
    expect(methods(pair.sent('host'))).toEqual(['response:1'])
    expect(view.hostContext).toStrictEqual({ theme: 'light', locale: 'de-DE' })
  })

  test('a change between the answer and initialized is held, then sent as one diff', async () => {
    const { pair, host, view } = createBridgePair({ host: { hostContext: { theme: 'dark', locale: 'en' } } })
    host.on('traffic', (direction, message) => {
      if (direction === 'out' && 'result' in message) {
        host.setHostContext({ theme: 'light' })
        host.setHostContext({ locale: 'fr' })
      }
    })
    await view.connect()
    await pair.flush()
    expect(pair.sent('host')).toStrictEqual([
      expect.objectContaining({ id: 1 }),
      { jsonrpc: '2.0', method: 'ui/notifications/host-context-changed', params: { theme: 'light', locale: 'fr' } },
    ])
    expect(view.hostContext).toStrictEqual({ theme: 'light', locale: 'fr' })
  })
})
