import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFakeHost, createView, flush, type FakeHost } from './fake-host.js'

let host: FakeHost
afterEach(() => host?.pair.close())

const ok = (text: string) => ({ content: [{ type: 'text' as const, text }] })

describe('ViewBridge app-provided tools', () => {
  it('declares tools registered before connect() and answers tools/list and tools/call', async () => {
    host = createFakeHost()
    const view = createView(host)
    const handler = vi.fn((args: Record<string, unknown>) => ok(`zoomed to ${args.level}`))
    view.registerTool('zoom', { description: 'Zoom the map', inputSchema: { type: 'object', properties: { level: { type: 'number' } } } }, handler)
    view.registerTool('reset', { title: 'Reset' }, () => ok('reset'))
    await view.connect()
    expect(host.received[0].params.appCapabilities).toEqual({ availableDisplayModes: ['inline'], tools: { listChanged: true } })
    const list = await host.request('tools/list', {})
    expect(list.result.tools).toEqual([
      { name: 'zoom', description: 'Zoom the map', inputSchema: { type: 'object', properties: { level: { type: 'number' } } } },
      { name: 'reset', title: 'Reset', inputSchema: { type: 'object' } },
    ])
    const call = await host.request('tools/call', { name: 'zoom', arguments: { level: 3 } })
    expect(call.result).toEqual(ok('zoomed to 3'))
    expect(handler).toHaveBeenCalledWith({ level: 3 }, expect.objectContaining({ id: expect.anything(), signal: expect.any(AbortSignal) }))
  })

  it('keeps capabilities.tools as the app declared it', async () => {
    host = createFakeHost()
    const view = createView(host, { capabilities: { tools: {} } })
    view.registerTool('t', {}, () => ok('t'))
    await view.connect()
    expect(host.received[0].params.appCapabilities).toEqual({ availableDisplayModes: ['inline'], tools: {} })
  })

  it('answers -32601 to tools requests when the app declared no tools', async () => {
    host = createFakeHost()
    await createView(host).connect()
    expect((await host.request('tools/list', {})).error).toMatchObject({ code: -32601 })
    expect((await host.request('tools/call', { name: 'x' })).error).toMatchObject({ code: -32601 })
  })

  it('refuses registering after the handshake when the host was told there are no tools', async () => {
    host = createFakeHost()
    const view = createView(host)
    await view.connect()
    expect(() => view.registerTool('late', {}, () => ok(''))).toThrow(expect.objectContaining({ code: 'NOT_SUPPORTED' }))
  })

  it('refuses registering once connect() was called, before its answer, when the app declared no tools', async () => {
    host = createFakeHost({ answerInitialize: false })
    const view = createView(host)
    void view.connect().catch(() => {})
    expect(() => view.registerTool('early', {}, () => ok(''))).toThrow(expect.objectContaining({ code: 'NOT_SUPPORTED' }))
    view.close()
  })

  it('refuses a second tool with the same name', () => {
    host = createFakeHost()
    const view = createView(host)
    view.registerTool('t', {}, () => ok(''))
    expect(() => view.registerTool('t', {}, () => ok(''))).toThrow(expect.objectContaining({ code: 'PROTOCOL' }))
  })

  it('answers an unknown tool with -32602 and bad params with -32602', async () => {
    host = createFakeHost()
    const view = createView(host)
    view.registerTool('t', {}, () => ok(''))
    await view.connect()
    expect((await host.request('tools/call', { name: 'nope' })).error).toMatchObject({ code: -32602 })
    expect((await host.request('tools/call', { arguments: {} })).error).toMatchObject({ code: -32602 })
  })

  it('gives a handler {} when the call has no arguments', async () => {
    host = createFakeHost()
    const view = createView(host)
    const handler = vi.fn(() => ok('done'))
    view.registerTool('t', {}, handler)
    await view.connect()
    await host.request('tools/call', { name: 't' })
    expect(handler).toHaveBeenCalledWith({}, expect.anything())
  })

  it("reads the handler's result: missing content becomes [], unusable content an isError result", async () => {
    host = createFakeHost()
    const view = createView(host)
    view.registerTool('data', {}, () => ({ structuredContent: { n: 1 } }) as never)
    view.registerTool('bad', {}, () => ({ content: [{ type: 'text', text: 7 }] }) as never)
    await view.connect()
    expect((await host.request('tools/call', { name: 'data' })).result).toEqual({ content: [], structuredContent: { n: 1 } })
    expect((await host.request('tools/call', { name: 'bad' })).result).toMatchObject({ isError: true })
  })

  it('a stale remover does not remove a newer tool of the same name', async () => {
    host = createFakeHost()
    const view = createView(host, { capabilities: { tools: {} } })
    await view.connect()
    const removeFirst = view.registerTool('t', { title: 'first' }, () => ok('1'))
    removeFirst()
    view.registerTool('t', { title: 'second' }, () => ok('2'))
    removeFirst()
    expect((await host.request('tools/list', {})).result.tools).toEqual([{ name: 't', title: 'second', inputSchema: { type: 'object' } }])
  })

  it('turns a failing handler into an isError result', async () => {
    host = createFakeHost()
    const view = createView(host)
    view.registerTool('fails', {}, async () => {
      throw new Error('no network')
    })
    view.registerTool('garbage', {}, () => 'not a result' as never)
    view.registerTool('junk', {}, () => {
      throw Object.create(null)
    })
    await view.connect()
    expect((await host.request('tools/call', { name: 'fails' })).result).toEqual({ isError: true, content: [{ type: 'text', text: 'no network' }] })
    expect((await host.request('tools/call', { name: 'garbage' })).result).toMatchObject({ isError: true })
    // A thrown value with no string form is still a tool error, not a failed request.
    expect((await host.request('tools/call', { name: 'junk' })).result).toEqual({ isError: true, content: [{ type: 'text', text: 'a value with no string form' }] })
  })

  it('announces tools added or removed after the handshake with list_changed', async () => {
    host = createFakeHost()
    const view = createView(host, { capabilities: { tools: { listChanged: true } } })
    await view.connect()
    const remove = view.registerTool('added', {}, () => ok(''))
    await vi.waitFor(() => expect(host.sent('notifications/tools/list_changed')).toHaveLength(1))
    expect((await host.request('tools/list', {})).result.tools.map((t: { name: string }) => t.name)).toEqual(['added'])
    remove()
    remove()
    await vi.waitFor(() => expect(host.sent('notifications/tools/list_changed')).toHaveLength(2))
    expect((await host.request('tools/list', {})).result.tools).toEqual([])
    await flush(host.pair)
    expect(host.sent('notifications/tools/list_changed')).toHaveLength(2)
  })

  it('does not announce changes when the app did not declare listChanged', async () => {
    host = createFakeHost()
    const view = createView(host, { capabilities: { tools: {} } })
    await view.connect()
    view.registerTool('quiet', {}, () => ok(''))
    await flush(host.pair)
    expect(host.sent('notifications/tools/list_changed')).toEqual([])
  })

  it('aborts the handler signal when the host cancels the call, and sends no answer', async () => {
    host = createFakeHost()
    const view = createView(host)
    let signal: AbortSignal | undefined
    view.registerTool('slow', {}, (_args, context) => {
      signal = context.signal
      return new Promise((resolve) => setTimeout(() => resolve(ok('late')), 40))
    })
    await view.connect()
    host.send({ jsonrpc: '2.0', id: 99, method: 'tools/call', params: { name: 'slow' } })
    await flush(host.pair)
    host.notify('notifications/cancelled', { requestId: 99, reason: 'user gave up' })
    await flush(host.pair)
    expect(signal?.aborted).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(host.received.filter((m) => m.id === 99)).toEqual([])
  })
})
