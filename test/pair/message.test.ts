/** ui/message (sendMessage) end to end: wire form, host handler, refusals on both sides. */
import { describe, expect, test } from 'vitest'
import { createBridgePair, createLoneView, initializeResult } from '../helpers/bridges.js'
import { rejection } from '../helpers/outcome.js'
import { request, success } from '../helpers/messages.js'
import type { McpUiMessageParams } from '../../src/protocol/types.js'

function withMessageHandler(handler: (params: McpUiMessageParams) => unknown = () => undefined) {
  const received: McpUiMessageParams[] = []
  const bridges = createBridgePair({
    host: {
      capabilities: { message: { text: {}, image: {} } },
      handlers: {
        message: (params) => {
          received.push(params)
          return handler(params) as never
        },
      },
    },
  })
  return { ...bridges, received }
}

describe('sendMessage', () => {
  test('a string becomes one text block; the exact request and answer are on the wire', async () => {
    const { view, pair, connect, received } = withMessageHandler()
    await connect()
    const start = pair.log.length
    expect(await view.sendMessage('What is the weather?')).toEqual({})
    await pair.flush()
    expect(pair.log.slice(start)).toStrictEqual([
      {
        from: 'view',
        targetOrigin: pair.hostOrigin,
        message: { jsonrpc: '2.0', id: 2, method: 'ui/message', params: { content: [{ type: 'text', text: 'What is the weather?' }], role: 'user' } },
      },
      { from: 'host', targetOrigin: '*', message: { jsonrpc: '2.0', id: 2, result: {} } },
    ])
    expect(received).toStrictEqual([{ role: 'user', content: [{ type: 'text', text: 'What is the weather?' }] }])
  })

  test('an array of blocks is sent as is, with role user', async () => {
    const { view, pair, connect } = withMessageHandler()
    await connect()
    const content = [{ type: 'text' as const, text: 'a' }, { type: 'image' as const, data: 'AA==', mimeType: 'image/png' }]
    await view.sendMessage(content)
    expect(pair.sent('view').at(-1).params).toStrictEqual({ content, role: 'user' })
  })

  test('a content kind the host did not list in its message capability is refused -32602', async () => {
    const received: unknown[] = []
    const { view, connect } = createBridgePair({
      host: { capabilities: { message: { text: {} } }, handlers: { message: (params) => void received.push(params) } },
    })
    await connect()
    const error = await view.sendMessage([{ type: 'image', data: 'AA==', mimeType: 'image/png' }]).catch((e) => e)
    expect(error).toMatchObject({ code: 'INVALID_PARAMS', rpcCode: -32602 })
    expect(error.message).toContain('image')
    expect(received).toEqual([])
  })

  test('the host handler result is passed back', async () => {
    const { view, connect } = withMessageHandler(() => ({ queued: true }))
    await connect()
    expect(await view.sendMessage('x')).toEqual({ queued: true })
  })

  test('the single-block variant is accepted with a VARIANT warning; the handler sees an array', async () => {
    const { pair, connect, received, warnings } = withMessageHandler()
    await connect()
    pair.injectToHost(request('m1', 'ui/message', { role: 'user', content: { type: 'text', text: 'hi' } }))
    await pair.flush()
    expect(pair.sent('host').at(-1)).toStrictEqual({ jsonrpc: '2.0', id: 'm1', result: {} })
    expect(received).toStrictEqual([{ role: 'user', content: [{ type: 'text', text: 'hi' }] }])
    expect(warnings.host.map((w) => w.code)).toEqual(['VARIANT'])
  })
})

describe('refusals', () => {
  test('without the message capability the view refuses before sending (NOT_SUPPORTED)', async () => {
    const { view, pair, connect } = createBridgePair()
    await connect()
    const before = pair.log.length
    expect((await rejection(view.sendMessage('x'))).code).toBe('NOT_SUPPORTED')
    await pair.flush()
    expect(pair.log.length).toBe(before)
  })

  test('the host enforces the capability too: a raw request gets -32601 and no handler runs', async () => {
    let called = false
    const { pair, connect } = createBridgePair({ host: { handlers: { message: () => void (called = true) } } })
    await connect()
    pair.injectToHost(request(9, 'ui/message', { role: 'user', content: [] }))
    await pair.flush()
    expect(pair.sent('host').at(-1)).toStrictEqual({ jsonrpc: '2.0', id: 9, error: { code: -32601, message: expect.any(String) } })
    expect(called).toBe(false)
  })

  test('advertised but without a handler: denied with -32000', async () => {
    const { view, pair, connect } = createBridgePair({ host: { capabilities: { message: {} } } })
    await connect()
    const error = await rejection(view.sendMessage('x'))
    expect(error.code).toBe('DENIED')
    expect(error.rpcCode).toBe(-32000)
    expect(pair.sent('host').at(-1).error.code).toBe(-32000)
  })

  test('a handler answering isError: true becomes a -32000 denial', async () => {
    const { view, pair, connect } = withMessageHandler(() => ({ isError: true }))
    await connect()
    expect((await rejection(view.sendMessage('x'))).code).toBe('DENIED')
    expect(pair.sent('host').at(-1).error.code).toBe(-32000)
  })

  test('a host that answers isError: true as a result (SDK form) is a DENIED rejection on the view', async () => {
    const { view, pair, startConnect } = createLoneView()
    const { connecting } = await startConnect()
    pair.injectToView(success(1, initializeResult({ hostCapabilities: { message: {} } })))
    await connecting
    const sending = view.sendMessage('x')
    await pair.flush()
    pair.injectToView(success(2, { isError: true }))
    const error = await rejection(sending)
    expect(error.code).toBe('DENIED')
    expect(error.data).toEqual({ isError: true })
  })

  test('a handler throwing a DENIED BridgeError keeps its code on the wire', async () => {
    const { view, connect } = withMessageHandler(() => Promise.reject(Object.assign(new Error('User said no'), { code: -32000 })))
    await connect()
    const error = await rejection(view.sendMessage('x'))
    expect(error.code).toBe('DENIED')
    expect(error.message).toContain('User said no')
  })

  test('before connect() the view refuses with PROTOCOL', async () => {
    const { view, pair } = createBridgePair({ host: { capabilities: { message: {} } } })
    expect((await rejection(view.sendMessage('x'))).code).toBe('PROTOCOL')
    expect(pair.log).toEqual([])
  })

  test('a raw ui/message before ui/initialize is answered -32600 and never reaches the handler', async () => {
    let called = false
    const { pair } = createBridgePair({ host: { capabilities: { message: {} }, handlers: { message: () => void (called = true) } } })
    pair.injectToHost(request(1, 'ui/message', { role: 'user', content: [] }))
    await pair.flush()
    expect(pair.sent('host')).toStrictEqual([{ jsonrpc: '2.0', id: 1, error: { code: -32600, message: expect.any(String) } }])
    expect(called).toBe(false)
  })
})
