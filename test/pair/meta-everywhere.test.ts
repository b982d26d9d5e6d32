/** `_meta` is allowed in every params object (A.1): accepted without warnings, passed through. */
import { describe, expect, test } from 'vitest'
import { APP_INFO, createBridgePair } from '../helpers/bridges.js'
import { notification, request } from '../helpers/messages.js'

const _meta = { 'com.example/trace': 'abc' }

describe('_meta in params', () => {
  test('ui/initialize, ui/message, size-changed and ping at the host', async () => {
    const messages: unknown[] = []
    const sizes: unknown[] = []
    const { host, pair, warnings } = createBridgePair({ host: { capabilities: { message: {} }, handlers: { message: (p) => void messages.push(p) } } })
    host.on('sizechange', (s) => void sizes.push(s))
    pair.injectToHost(request(1, 'ui/initialize', { appInfo: APP_INFO, appCapabilities: {}, protocolVersion: '2026-01-26', _meta }))
    pair.injectToHost(notification('ui/notifications/initialized', { _meta }))
    pair.injectToHost(request(2, 'ui/message', { role: 'user', content: [{ type: 'text', text: 'hi' }], _meta }))
    pair.injectToHost(notification('ui/notifications/size-changed', { width: 10, _meta }))
    pair.injectToHost(request(3, 'ping', { _meta }))
    await pair.flush()
    expect(pair.sent('host').map((m) => [m.id, 'result' in m])).toEqual([
      [1, true],
      [2, true],
      [3, true],
    ])
    expect(host.initialized).toBe(true)
    expect(messages).toStrictEqual([{ role: 'user', content: [{ type: 'text', text: 'hi' }], _meta }])
    expect(sizes).toStrictEqual([{ width: 10, _meta }])
    expect(warnings.host).toEqual([])
  })

  test('tool notifications, context changes and teardown at the view', async () => {
    const { view, pair, connect, warnings } = createBridgePair()
    await connect()
    const seen: unknown[] = []
    view.on('toolinput', (p) => void seen.push(p))
    view.on('toolresult', (p) => void seen.push(p))
    pair.injectToView(notification('ui/notifications/tool-input', { arguments: { a: 1 }, _meta }))
    pair.injectToView(notification('ui/notifications/tool-result', { content: [], _meta }))
    pair.injectToView(notification('ui/notifications/host-context-changed', { theme: 'dark' }))
    pair.injectToView(request('t', 'ui/resource-teardown', { reason: 'bye', _meta }))
    await pair.flush()
    expect(seen).toStrictEqual([{ arguments: { a: 1 }, _meta }, { content: [], _meta }])
    expect(pair.sent('view').at(-1)).toStrictEqual({ jsonrpc: '2.0', id: 't', result: {} })
    expect(warnings.view).toEqual([])
  })
})
