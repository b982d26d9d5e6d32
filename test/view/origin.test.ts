import { afterEach, describe, expect, it, vi } from 'vitest'
import { ParentTransport } from '../../src/view/index.js'
import { createWindowPair } from '../helpers/window-pair.js'
import { createFakeHost, createView, flush, type FakeHost } from './fake-host.js'

let host: FakeHost
afterEach(() => host?.pair.close())

describe('ViewBridge message authentication', () => {
  it('ignores messages whose source is not the parent window', async () => {
    host = createFakeHost()
    const view = createView(host)
    await view.connect()
    const input = vi.fn()
    view.on('toolinput', input)
    host.pair.injectToView({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: { arguments: { evil: true } } }, { source: {} })
    host.pair.injectToView({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: { arguments: { evil: true } } }, { source: null })
    await flush(host.pair)
    expect(input).not.toHaveBeenCalled()
  })

  it('pins the origin that answered the handshake: posts to it, drops other origins with a POLICY warning', async () => {
    host = createFakeHost({}, createWindowPair({ hostOrigin: 'https://host.example', viewOrigin: 'https://view.example' }))
    const view = createView(host)
    const warnings: string[] = []
    view.on('warning', (w) => warnings.push(w.code))
    await view.connect()
    await flush(host.pair)
    const posted = host.pair.log.filter((entry) => entry.from === 'view')
    expect(posted[0]).toMatchObject({ targetOrigin: '*', message: { method: 'ui/initialize' } })
    expect(posted[1]).toMatchObject({ targetOrigin: 'https://host.example', message: { method: 'ui/notifications/initialized' } })
    const input = vi.fn()
    view.on('toolinput', input)
    host.pair.injectToView({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: {} }, { origin: 'https://evil.example' })
    await flush(host.pair)
    expect(input).not.toHaveBeenCalled()
    expect(warnings).toEqual(['POLICY'])
    host.pair.injectToView({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: {} })
    await flush(host.pair)
    expect(input).toHaveBeenCalledOnce()
  })

  it('uses hostOrigin from the start: the handshake goes to it, other origins are dropped before it', async () => {
    host = createFakeHost({}, createWindowPair({ hostOrigin: 'https://host.example', viewOrigin: 'https://view.example' }))
    const view = createView(host, { hostOrigin: 'https://host.example' })
    const outcome = view.connect()
    const initialize = await host.next('ui/initialize')
    expect(host.pair.log[0]).toMatchObject({ targetOrigin: 'https://host.example' })
    // A forged answer from another origin is dropped; the real one is already on its way.
    host.pair.injectToView({ jsonrpc: '2.0', id: initialize.id, result: { forged: true } }, { origin: 'https://evil.example' })
    expect(await outcome).toMatchObject({ hostInfo: { name: 'fake-host' } })
  })

  it('takes hostOrigin written as a URL (trailing slash, path) as the origin it names, and refuses what is no URL', async () => {
    host = createFakeHost({}, createWindowPair({ hostOrigin: 'https://host.example', viewOrigin: 'https://view.example' }))
    const view = createView(host, { hostOrigin: 'https://HOST.example/chat/' })
    expect(await view.connect()).toMatchObject({ hostInfo: { name: 'fake-host' } })
    expect(host.pair.log[0]).toMatchObject({ targetOrigin: 'https://host.example' })
    expect(() => createView(host, { hostOrigin: 'host.example' })).toThrow(TypeError)
    // Empty (an unset setting) is no origin either: taken as "none given", every answer was dropped.
    expect(() => createView(host, { hostOrigin: '' })).toThrow(TypeError)
  })

  it('never reaches a host on another origin than hostOrigin', async () => {
    host = createFakeHost({}, createWindowPair({ hostOrigin: 'https://host.example', viewOrigin: 'https://view.example' }))
    const view = createView(host, { hostOrigin: 'https://other.example', handshakeTimeoutMs: 30 })
    await expect(view.connect()).rejects.toMatchObject({ code: 'TIMEOUT' })
    expect(host.received).toEqual([])
  })

  it('posts to "*" when the pinned parent origin is opaque ("null")', () => {
    const posted: string[] = []
    const target = { postMessage: (_message: unknown, targetOrigin: string) => posted.push(targetOrigin) }
    const self = new EventTarget()
    const transport = new ParentTransport({ target, self: self as never })
    const received: unknown[] = []
    transport.listen((data) => received.push(data))
    self.dispatchEvent(Object.assign(new Event('message'), { data: 'answer', origin: 'null', source: target }))
    transport.pin()
    expect(transport.origin).toBe('null')
    transport.send({ jsonrpc: '2.0', method: 'x' })
    expect(posted).toEqual(['*'])
    self.dispatchEvent(Object.assign(new Event('message'), { data: 'other', origin: 'https://evil.example', source: target }))
    expect(received).toEqual(['answer'])
  })

  it('takes hostOrigin "null" (an opaque parent) as given: posts to "*", reads only messages from origin "null"', () => {
    const posted: string[] = []
    const target = { postMessage: (_message: unknown, targetOrigin: string) => posted.push(targetOrigin) }
    const self = new EventTarget()
    const transport = new ParentTransport({ target, self: self as never, origin: 'null' })
    expect(transport.origin).toBe('null')
    const received: unknown[] = []
    transport.listen((data) => received.push(data))
    self.dispatchEvent(Object.assign(new Event('message'), { data: 'other', origin: 'https://evil.example', source: target }))
    self.dispatchEvent(Object.assign(new Event('message'), { data: 'answer', origin: 'null', source: target }))
    transport.send({ jsonrpc: '2.0', method: 'x' })
    expect(posted).toEqual(['*'])
    expect(received).toEqual(['answer'])
  })

  it('keeps the origin it was given when pinned before any message arrived', () => {
    const target = { postMessage: () => {} }
    const transport = new ParentTransport({ target, self: new EventTarget() as never, origin: 'https://host.example' })
    transport.pin()
    expect(transport.origin).toBe('https://host.example')
  })

  it('removes its message listener when the bridge closes', async () => {
    host = createFakeHost()
    const view = createView(host)
    await view.connect()
    expect(host.pair.messageListeners('view')).toBe(1)
    view.close()
    expect(host.pair.messageListeners('view')).toBe(0)
  })

  it('delivers large messages from its parent unchanged: only the parent can reach the view, and it wrote the view', async () => {
    host = createFakeHost()
    const view = createView(host)
    await view.connect()
    const input = vi.fn()
    const warnings: string[] = []
    view.on('warning', (w) => warnings.push(w.code))
    view.on('toolinput', input)
    host.notify('ui/notifications/tool-input', { arguments: { blob: 'x'.repeat(5 * 1024 * 1024) } })
    await flush(host.pair)
    expect(input).toHaveBeenCalledOnce()
    expect(warnings).toEqual([])
  })
})
