/** close(): pending requests on both sides reject with CLOSED; listeners are removed. */
import { describe, expect, test, vi } from 'vitest'
import { createBridgePair, createLoneView } from '../helpers/bridges.js'
import { HostBridge, listenedFrames } from '../../src/host/index.js'
import { rejection, watch } from '../helpers/outcome.js'
import { stall } from '../helpers/stall.js'
import { request } from '../helpers/messages.js'

describe('closing the view', () => {
  test('its pending request rejects with CLOSED; its listener is removed', async () => {
    const { view, pair, connect } = createBridgePair({
      host: { capabilities: { message: {} }, handlers: { message: () => new Promise(() => {}) } },
    })
    await connect()
    expect(pair.messageListeners('view')).toBe(1)
    const sending = watch(view.sendMessage('x'))
    await pair.flush()
    const closed: string[] = []
    view.on('close', (reason) => void closed.push(reason))
    view.close('app unmounted')
    await pair.flush()
    expect(sending.code).toBe('CLOSED')
    expect(closed).toEqual(['app unmounted'])
    expect(pair.messageListeners('view')).toBe(0)
  })

  // The host must not keep a server busy for a view that is gone (its answer would reach nobody).
  test('its pending server tool call is cancelled: the host aborts the call it forwards to the server', async () => {
    let signal: AbortSignal | undefined
    const client = {
      callTool: (...args: any[]) => {
        signal = args.at(-1).signal
        return new Promise(() => {})
      },
      listTools: async () => ({ tools: [{ name: 'slow', inputSchema: { type: 'object' as const } }] }),
    }
    const { view, pair, connect, warnings } = createBridgePair({ host: { capabilities: { serverTools: {} }, client: client as never } })
    await connect()
    const calling = watch(view.callServerTool({ name: 'slow' }))
    await vi.waitFor(() => expect(signal).toBeDefined())
    expect(signal!.aborted).toBe(false)
    view.close('app unmounted')
    await pair.flush()
    expect(calling.code).toBe('CLOSED')
    expect(signal!.aborted).toBe(true)
    expect(signal!.reason).toMatchObject({ code: 'CANCELLED', message: 'app unmounted' })
    expect(warnings.host).toEqual([])
  })

  test('a closed view ignores the host and sends nothing', async () => {
    const { host, view, pair, connect } = createBridgePair()
    await connect()
    view.close()
    const before = pair.log.length
    const events: unknown[] = []
    view.on('toolinput', (p) => void events.push(p))
    host.sendToolInput({ a: 1 })
    pair.injectToView(request(50, 'ping'))
    await pair.flush()
    expect(events).toEqual([])
    expect(pair.sent('view', before)).toEqual([])
    expect(view.sendSizeChanged({ width: 1 })).toBe(false)
    await expect(view.sendMessage('x')).rejects.toMatchObject({ code: 'CLOSED' })
  })

  test('closing during the handshake rejects connect() with CLOSED', async () => {
    const { view, pair, startConnect } = createLoneView()
    const { connecting } = await startConnect()
    view.close()
    expect((await rejection(connecting)).code).toBe('CLOSED')
    expect(pair.messageListeners('view')).toBe(0)
  })

  test('close is idempotent: one close event', () => {
    const { view } = createBridgePair()
    let count = 0
    view.on('close', () => void count++)
    view.close()
    view.close()
    expect(count).toBe(1)
  })
})

describe('closing the host', () => {
  test('its pending request to the view rejects with CLOSED; the hub listener is removed', async () => {
    const { host, view, pair, connect } = createBridgePair()
    view.registerTool('slow', {}, () => new Promise(() => {}))
    await connect()
    expect(listenedFrames(pair.host as never)).toBe(1)
    expect(pair.messageListeners('host')).toBe(1)
    const call = watch(host.callTool({ name: 'slow', arguments: {} }))
    await pair.flush()
    expect(host.pendingCount).toBe(1)
    host.close('tab closed')
    await pair.flush()
    expect(call.code).toBe('CLOSED')
    expect(host.pendingCount).toBe(0)
    expect(listenedFrames(pair.host as never)).toBe(0)
    expect(pair.messageListeners('host')).toBe(0)
  })

  test('a request waiting for initialized rejects with CLOSED', async () => {
    const { host, pair } = createBridgePair()
    const ping = watch(host.ping())
    host.close()
    await pair.flush()
    expect(ping.code).toBe('CLOSED')
  })

  test('a view request being served is never answered after the host closed', async () => {
    const message = stall()
    const { host, view, pair, connect } = createBridgePair({ host: { capabilities: { message: {} }, handlers: { message: message.handler } } })
    await connect()
    const sending = watch(view.sendMessage('x', { timeoutMs: 60_000 }))
    await pair.flush()
    host.close()
    expect(message.signal!.aborted).toBe(true)
    const before = pair.log.length
    message.finish()
    await pair.flush()
    expect(pair.log.length).toBe(before)
    expect(sending.state).toBe('pending')
    view.close()
    await pair.flush()
    expect(sending.code).toBe('CLOSED')
  })

  test('a closed host ignores the view: no answers, no events', async () => {
    const { host, view, pair, connect } = createBridgePair()
    await connect()
    const sizes: unknown[] = []
    host.on('sizechange', (s) => void sizes.push(s))
    host.close()
    const before = pair.log.length
    view.sendSizeChanged({ width: 5, height: 5 })
    pair.injectToHost(request(77, 'ping'))
    await pair.flush()
    expect(sizes).toEqual([])
    expect(pair.sent('host', before)).toEqual([])
  })

  test('two bridges on one page share one listener; closing both removes it', () => {
    const first = createBridgePair()
    const otherFrame = { postMessage: () => {} }
    const second = new HostBridge({ hostInfo: { name: 'h', version: '1' }, target: otherFrame as never, targetOrigin: 'null', hostWindow: first.pair.host as never })
    expect(listenedFrames(first.pair.host as never)).toBe(2)
    expect(first.pair.messageListeners('host')).toBe(1)
    first.host.close()
    expect(listenedFrames(first.pair.host as never)).toBe(1)
    expect(first.pair.messageListeners('host')).toBe(1)
    second.close()
    expect(listenedFrames(first.pair.host as never)).toBe(0)
    expect(first.pair.messageListeners('host')).toBe(0)
  })
})
