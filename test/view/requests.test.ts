import { afterEach, describe, expect, it, vi } from 'vitest'
import type { McpUiHostCapabilities } from '../../src/protocol/index.js'
import type { ViewBridge } from '../../src/view/index.js'
import { createFakeHost, createView, flush, type FakeHost } from './fake-host.js'

let host: FakeHost
afterEach(() => host?.pair.close())

const ALL: McpUiHostCapabilities = {
  openLinks: {},
  downloadFile: {},
  serverTools: {},
  serverResources: {},
  logging: {},
  updateModelContext: { text: {} },
  message: { text: {} },
  sampling: {},
}

async function connected(hostCapabilities: McpUiHostCapabilities = ALL, options: Parameters<typeof createView>[1] = {}, hostContext = {}) {
  host = createFakeHost({ hostCapabilities, hostContext })
  const view = createView(host, options)
  await view.connect()
  return view
}

/** Answers the view's next `method` request with `result` (or `error`) and returns the request. */
async function answer(method: string, reply: { result?: unknown; error?: unknown }) {
  const request = await host.next((m) => m.method === method && m.id !== undefined && !answered.has(m))
  answered.add(request)
  host.send({ jsonrpc: '2.0', id: request.id, ...reply })
  return request
}
const answered = new Set<unknown>()

const content = [{ type: 'text' as const, text: 'hello' }]
const requests: Array<[string, keyof McpUiHostCapabilities, (view: ViewBridge) => Promise<unknown>, unknown, unknown]> = [
  ['ui/message', 'message', (v) => v.sendMessage('hello'), { role: 'user', content }, {}],
  ['ui/update-model-context', 'updateModelContext', (v) => v.updateModelContext({ structuredContent: { n: 1 } }), { structuredContent: { n: 1 } }, {}],
  ['tools/call', 'serverTools', (v) => v.callServerTool({ name: 'get', arguments: { id: 1 } }), { name: 'get', arguments: { id: 1 } }, { content }],
  ['resources/read', 'serverResources', (v) => v.readServerResource({ uri: 'file:///a' }), { uri: 'file:///a' }, { contents: [] }],
  ['resources/list', 'serverResources', (v) => v.listServerResources(), {}, { resources: [] }],
  ['ui/open-link', 'openLinks', (v) => v.openLink('https://example.com'), { url: 'https://example.com' }, {}],
  [
    'ui/download-file',
    'downloadFile',
    (v) => v.downloadFile({ contents: [{ type: 'resource', resource: { uri: 'file:///a.txt', text: 'a' } }] }),
    { contents: [{ type: 'resource', resource: { uri: 'file:///a.txt', text: 'a' } }] },
    {},
  ],
  [
    'sampling/createMessage',
    'sampling',
    (v) => v.createSamplingMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 10 }),
    { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 10 },
    { role: 'assistant', content: { type: 'text', text: 'yo' }, model: 'm' },
  ],
]

describe('ViewBridge requests', () => {
  it.each(requests)('%s is sent with its params when the host advertises %s', async (method, _capability, call, params, result) => {
    const view = await connected()
    const outcome = call(view)
    const request = await answer(method, { result })
    expect(request.params).toEqual(params)
    // updateModelContext resolves with nothing: its result is empty by definition.
    expect(await outcome).toEqual(method === 'ui/update-model-context' ? undefined : result)
  })

  it.each(requests)('%s is refused before sending when the host lacks %s', async (method, capability, call) => {
    const view = await connected({ ...ALL, [capability]: undefined })
    const error = (await call(view).catch((e: unknown) => e)) as Error
    expect(error).toMatchObject({ code: 'NOT_SUPPORTED' })
    expect(error.message).toContain(method)
    await flush(host.pair)
    expect(host.sent(method)).toEqual([])
  })

  it('refuses every gated request for a host without capabilities', async () => {
    const view = await connected({})
    for (const [, , call] of requests) await expect(call(view)).rejects.toMatchObject({ code: 'NOT_SUPPORTED' })
    expect(view.sendLog('info', 'x')).toBe(false)
    await flush(host.pair)
    expect(host.received.map((m) => m.method)).toEqual(['ui/initialize', 'ui/notifications/initialized'])
  })

  it('sends message content given as blocks or as params', async () => {
    const view = await connected()
    const blocks = view.sendMessage(content)
    expect((await answer('ui/message', { result: {} })).params).toEqual({ role: 'user', content })
    await blocks
    const params = view.sendMessage({ content, _meta: { k: 1 } })
    expect((await answer('ui/message', { result: {} })).params).toEqual({ role: 'user', content, _meta: { k: 1 } })
    await params
  })

  it('turns an isError: true answer into DENIED, keeping the answer as data', async () => {
    const view = await connected()
    const outcome = view.openLink('https://example.com').catch((e) => e)
    await answer('ui/open-link', { result: { isError: true } })
    expect(await outcome).toMatchObject({ code: 'DENIED', data: { isError: true } })
  })

  it('takes only isError: true as a refusal, not any other truthy value', async () => {
    const view = await connected()
    const outcome = view.openLink('https://example.com')
    await answer('ui/open-link', { result: { isError: 'yes' } })
    expect(await outcome).toEqual({ isError: 'yes' })
  })

  it('maps JSON-RPC errors to error codes', async () => {
    const view = await connected()
    const denied = view.openLink('https://example.com').catch((e) => e)
    await answer('ui/open-link', { error: { code: -32000, message: 'Link opening denied' } })
    expect(await denied).toMatchObject({ code: 'DENIED', rpcCode: -32000, message: 'Link opening denied' })
    const remote = view.sendMessage('x').catch((e) => e)
    await answer('ui/message', { error: { code: -31999, message: 'odd', data: { why: 1 } } })
    expect(await remote).toMatchObject({ code: 'REMOTE', rpcCode: -31999, data: { why: 1 } })
  })

  it('rejects callServerTool without a tool name before sending', async () => {
    const view = await connected()
    await expect(view.callServerTool('get' as never)).rejects.toMatchObject({ code: 'INVALID_PARAMS' })
    await flush(host.pair)
    expect(host.sent('tools/call')).toEqual([])
  })

  it('reads the tool result leniently and refuses an unusable one', async () => {
    const view = await connected()
    const lenient = view.callServerTool({ name: 't' })
    await answer('tools/call', { result: { content: { type: 'text', text: 'one block' } } })
    expect(await lenient).toEqual({ content: [{ type: 'text', text: 'one block' }] })
    const broken = view.callServerTool({ name: 't' }).catch((e) => e)
    await answer('tools/call', { result: { content: [{ type: 'text' }] } })
    expect(await broken).toMatchObject({ code: 'INVALID_PARAMS' })
  })

  it('passes progress to onprogress and cancels through an AbortSignal', async () => {
    const view = await connected()
    const progress = vi.fn()
    const controller = new AbortController()
    const outcome = view.callServerTool({ name: 'slow' }, { onprogress: progress, signal: controller.signal }).catch((e) => e)
    const request = await host.next('tools/call')
    const token = request.params._meta.progressToken
    host.notify('notifications/progress', { progressToken: token, progress: 1, total: 2 })
    await flush(host.pair)
    expect(progress).toHaveBeenCalledWith({ progress: 1, total: 2 })
    controller.abort('user left')
    expect(await outcome).toMatchObject({ code: 'CANCELLED' })
    expect(await host.next('notifications/cancelled')).toMatchObject({ params: { requestId: request.id, reason: 'user left' } })
  })

  it('times out a request after timeoutMs and tells the host', async () => {
    const view = await connected(ALL, { timeoutMs: 20 })
    const error = await view.updateModelContext({ content }).catch((e) => e)
    expect(error).toMatchObject({ code: 'TIMEOUT' })
    expect(error.message).toContain('ui/update-model-context')
    expect(await host.next('notifications/cancelled')).toMatchObject({ params: { reason: 'timeout' } })
  })

  it('rejects every pending request with CLOSED on close(), and emits close once', async () => {
    const view = await connected()
    const closed = vi.fn()
    view.on('close', closed)
    const pending = [view.sendMessage('a'), view.callServerTool({ name: 't' }), view.readServerResource({ uri: 'u' })].map((p) => p.catch((e) => e))
    await flush(host.pair)
    view.close('app is done')
    view.close()
    for (const error of await Promise.all(pending)) expect(error).toMatchObject({ code: 'CLOSED', message: 'app is done' })
    expect(closed).toHaveBeenCalledExactlyOnceWith('app is done')
  })

  it('emits close once the bridge is closed: a close listener can send nothing, and closing again from it is a no-op', async () => {
    const view = await connected()
    const seen: unknown[] = []
    view.on('close', (reason) => {
      seen.push(reason, view.sendSizeChanged({ height: 1 }))
      view.close('again')
    })
    view.close('done')
    await flush(host.pair)
    expect(seen).toEqual(['done', false])
    expect(host.sent('ui/notifications/size-changed')).toEqual([])
  })

  it('ignores answers that arrive after close and answers nothing after close', async () => {
    const view = await connected()
    const outcome = view.sendMessage('a').catch((e) => e)
    const request = await host.next('ui/message')
    view.close()
    await flush(host.pair)
    // The request still pending was cancelled on close: the host may stop working on it.
    expect(host.sent('notifications/cancelled')).toMatchObject([{ params: { requestId: request.id, reason: 'closed' } }])
    host.send({ jsonrpc: '2.0', id: request.id, result: {} })
    const before = host.received.length
    host.send({ jsonrpc: '2.0', id: 77, method: 'ping' })
    await flush(host.pair)
    expect(await outcome).toMatchObject({ code: 'CLOSED' })
    expect(host.received.length).toBe(before)
  })
})

describe('ViewBridge sampling', () => {
  const request = { messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'hi' } }], maxTokens: 10 }

  it('refuses tool use before sending unless the host\'s sampling lists tools', async () => {
    const view = await connected({ sampling: {} })
    await expect(view.createSamplingMessage({ ...request, tools: [{ name: 't', inputSchema: { type: 'object' } }] })).rejects.toMatchObject({ code: 'NOT_SUPPORTED' })
    await expect(view.createSamplingMessage({ ...request, toolChoice: { mode: 'auto' } })).rejects.toMatchObject({ code: 'NOT_SUPPORTED' })
    await flush(host.pair)
    expect(host.sent('sampling/createMessage')).toEqual([])
    const plain = view.createSamplingMessage(request)
    await answer('sampling/createMessage', { result: { role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'm' } })
    expect(await plain).toMatchObject({ model: 'm' })
  })

  it('sends tool use to a host whose sampling lists tools', async () => {
    const view = await connected({ sampling: { tools: {} } })
    const outcome = view.createSamplingMessage({ ...request, toolChoice: { mode: 'auto' } })
    const sent = await answer('sampling/createMessage', { result: { role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'm' } })
    expect(sent.params.toolChoice).toEqual({ mode: 'auto' })
    await outcome
  })
})

describe('ViewBridge display mode', () => {
  it('asks for a mode both sides declared and resolves with the mode in effect', async () => {
    const view = await connected({}, { capabilities: { availableDisplayModes: ['inline', 'fullscreen'] } }, { availableDisplayModes: ['inline', 'fullscreen', 'pip'] })
    const outcome = view.requestDisplayMode('fullscreen')
    const request = await answer('ui/request-display-mode', { result: { mode: 'inline' } })
    expect(request.params).toEqual({ mode: 'fullscreen' })
    expect(await outcome).toBe('inline')
  })

  it('goes out before a request the app makes after it', async () => {
    const view = await connected(ALL, { capabilities: { availableDisplayModes: ['inline', 'fullscreen'] } }, { availableDisplayModes: ['inline', 'fullscreen'] })
    void view.requestDisplayMode('fullscreen').catch(() => {})
    void view.sendMessage('now in fullscreen').catch(() => {})
    await host.next('ui/request-display-mode')
    await host.next('ui/message')
    expect(host.received.map((m) => m.method).filter((method) => method === 'ui/request-display-mode' || method === 'ui/message')).toEqual(['ui/request-display-mode', 'ui/message'])
  })

  it('asks for a mode the host lists next to one this library does not know (a later spec\'s)', async () => {
    const view = await connected({}, { capabilities: { availableDisplayModes: ['inline', 'fullscreen'] } }, { availableDisplayModes: ['inline', 'fullscreen', 'sidebar'] })
    expect(view.hostContext.availableDisplayModes).toEqual(['inline', 'fullscreen'])
    const outcome = view.requestDisplayMode('fullscreen')
    await answer('ui/request-display-mode', { result: { mode: 'fullscreen' } })
    expect(await outcome).toBe('fullscreen')
  })

  it('refuses before sending a mode the host or the app did not declare', async () => {
    const view = await connected({}, { capabilities: { availableDisplayModes: ['inline', 'fullscreen'] } }, { availableDisplayModes: ['inline', 'pip'] })
    await expect(view.requestDisplayMode('fullscreen')).rejects.toMatchObject({ code: 'NOT_SUPPORTED' })
    await expect(view.requestDisplayMode('pip')).rejects.toMatchObject({ code: 'NOT_SUPPORTED' })
    await flush(host.pair)
    expect(host.sent('ui/request-display-mode')).toEqual([])
  })

  it('refuses every mode but inline for an app that declared none, and all when the host lists none', async () => {
    const view = await connected({}, {}, {})
    await expect(view.requestDisplayMode('inline')).rejects.toMatchObject({ code: 'NOT_SUPPORTED' })
    host.notify('ui/notifications/host-context-changed', { availableDisplayModes: ['inline', 'fullscreen'] })
    await flush(host.pair)
    await expect(view.requestDisplayMode('fullscreen')).rejects.toMatchObject({ code: 'NOT_SUPPORTED' })
    const inline = view.requestDisplayMode('inline')
    await answer('ui/request-display-mode', { result: { mode: 'inline' } })
    expect(await inline).toBe('inline')
  })

  it('rejects an answer without a valid mode', async () => {
    const view = await connected({}, { capabilities: { availableDisplayModes: ['inline'] } }, { availableDisplayModes: ['inline'] })
    const outcome = view.requestDisplayMode('inline').catch((e) => e)
    await answer('ui/request-display-mode', { result: { mode: 'huge' } })
    expect(await outcome).toMatchObject({ code: 'INVALID_PARAMS' })
  })
})

describe('ViewBridge notifications to the host', () => {
  it('sends logs only with the logging capability', async () => {
    const view = await connected({ logging: {} })
    expect(view.sendLog('warning', { n: 1 }, 'app')).toBe(true)
    expect(view.sendLog('info', 'plain')).toBe(true)
    const logs = await vi.waitFor(() => {
      const sent = host.sent('notifications/message')
      expect(sent).toHaveLength(2)
      return sent
    })
    // Strict: a log without a logger has no logger key at all (structured clone keeps an undefined one).
    expect(logs.map((m) => m.params)).toStrictEqual([{ level: 'warning', data: { n: 1 }, logger: 'app' }, { level: 'info', data: 'plain' }])
  })

  it('throws INVALID_PARAMS for log data postMessage cannot copy, sending nothing', async () => {
    const view = await connected({ logging: {} })
    expect(() => view.sendLog('error', { onClick: () => {} })).toThrow(expect.objectContaining({ code: 'INVALID_PARAMS' }))
    await flush(host.pair)
    expect(host.sent('notifications/message')).toEqual([])
  })

  it('sends size changes and teardown requests, which need no capability', async () => {
    const view = await connected({})
    expect(view.sendSizeChanged({ height: 120 })).toBe(true)
    expect(view.requestTeardown()).toBe(true)
    expect((await host.next('ui/notifications/size-changed')).params).toEqual({ height: 120 })
    expect((await host.next('ui/notifications/request-teardown')).params).toEqual({})
  })

  // The usual app: `await bridge.connect()`, then its calls; meanwhile a call made while connecting still waits.
  it('keep call order: a requestTeardown made after a sendMessage that waits for the handshake goes out after it', async () => {
    host = createFakeHost({ hostCapabilities: ALL })
    const view = createView(host)
    const done = view.connect().then(() => {
      void view.sendMessage('bye').catch(() => {})
      return view.requestTeardown()
    })
    void view.updateModelContext({ structuredContent: { step: 1 } }).catch(() => {})
    expect(await done).toBe(true)
    await host.next('ui/notifications/request-teardown')
    expect(host.received.map((m) => m.method).slice(2)).toEqual(['ui/update-model-context', 'ui/message', 'ui/notifications/request-teardown'])
  })

  it('keep call order behind a requestDisplayMode still being checked, a log included', async () => {
    const view = await connected(ALL, { capabilities: { availableDisplayModes: ['inline', 'fullscreen'] } }, { availableDisplayModes: ['inline', 'fullscreen'] })
    void view.requestDisplayMode('fullscreen').catch(() => {})
    expect(view.sendLog('info', 'switching')).toBe(true)
    expect(view.sendSizeChanged({ height: 10 })).toBe(true)
    await host.next('ui/notifications/size-changed')
    expect(host.received.map((m) => m.method).slice(2)).toEqual(['ui/request-display-mode', 'notifications/message', 'ui/notifications/size-changed'])
  })

  it('drop a notification queued behind a waiting call when the bridge closes first, with no error or warning', async () => {
    const view = await connected(ALL, { capabilities: { availableDisplayModes: ['inline', 'fullscreen'] } }, { availableDisplayModes: ['inline', 'fullscreen'] })
    const warnings = vi.fn()
    view.on('warning', warnings)
    const reportError = vi.fn()
    vi.stubGlobal('reportError', reportError)
    void view.requestDisplayMode('fullscreen').catch(() => {})
    expect(view.requestTeardown()).toBe(true)
    view.close()
    await flush(host.pair)
    expect(host.sent('ui/notifications/request-teardown')).toEqual([])
    expect(warnings).not.toHaveBeenCalled()
    expect(reportError).not.toHaveBeenCalled()
    vi.unstubAllGlobals()
  })

  it('report a queued log that postMessage cannot copy as an uncaught error, sending nothing', async () => {
    const view = await connected(ALL, { capabilities: { availableDisplayModes: ['inline', 'fullscreen'] } }, { availableDisplayModes: ['inline', 'fullscreen'] })
    const reportError = vi.fn()
    vi.stubGlobal('reportError', reportError)
    void view.requestDisplayMode('fullscreen').catch(() => {})
    expect(view.sendLog('error', { onClick: () => {} })).toBe(true)
    await vi.waitFor(() => expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ code: 'INVALID_PARAMS' })))
    vi.unstubAllGlobals()
    expect(host.sent('notifications/message')).toEqual([])
  })

  it('sends nothing before the handshake', async () => {
    host = createFakeHost({ hostCapabilities: ALL })
    const view = createView(host)
    expect(view.sendSizeChanged({ height: 1 })).toBe(false)
    expect(view.requestTeardown()).toBe(false)
    expect(view.sendLog('info', 1)).toBe(false)
    await flush(host.pair)
    expect(host.received).toEqual([])
  })
})
