/**
 * The MCP-UI translator between a real `HostBridge` and a scripted legacy app: the handshake done
 * for the app, render data built from what the bridge sends, each action through the bridge's
 * enforcement (capabilities, visibility, rate limits, link policy) with acknowledgements and
 * responses under the app's message ids, and the MCP Apps adapter case.
 */
import { describe, expect, it } from 'vitest'
import { MCP_UI_APP_INFO } from '../../src/mcp-ui/index.js'
import { setupLegacy } from './mcp-ui-helpers.js'

const ALL = { serverTools: {}, message: { text: {} }, openLinks: {} }

describe('an app served as MCP-UI', () => {
  it('is initialized by the translator, and gets tool input, result and context as one render data once it is there', async () => {
    const s = setupLegacy({ legacy: true, renderData: { user: 'ada' }, host: { hostContext: { theme: 'dark', locale: 'fr-FR', containerDimensions: { maxHeight: 600 } } } })
    await s.settle()
    expect(s.bridge.initialized).toBe(true)
    expect(s.bridge.appInfo).toStrictEqual(MCP_UI_APP_INFO)
    // It declares no app tools: the bridge can only ask it for teardown and ping, which the translator answers.
    expect(s.bridge.appCapabilities).toStrictEqual({})
    s.bridge.sendToolInput({ city: 'Paris' })
    s.bridge.sendToolResult({ content: [{ type: 'text', text: 'sunny' }], structuredContent: { forecast: 'sunny' } })
    await s.settle()
    // Nothing is posted before the app is there, and never JSON-RPC.
    expect(s.received).toStrictEqual([])
    s.post({ type: 'ui-lifecycle-iframe-ready' })
    await s.settle()
    expect(s.received).toStrictEqual([
      {
        type: 'ui-lifecycle-iframe-render-data',
        messageId: undefined,
        payload: {
          renderData: {
            user: 'ada',
            toolInput: { city: 'Paris' },
            toolOutput: { content: [{ type: 'text', text: 'sunny' }], structuredContent: { forecast: 'sunny' } },
            theme: 'dark',
            locale: 'fr-FR',
            displayMode: undefined,
            maxHeight: 600,
          },
        },
      },
    ])
  })

  it('gives each bridge its own app info: a host editing one never changes another mount\'s, or the exported one', async () => {
    const one = setupLegacy({ legacy: true })
    const two = setupLegacy({ legacy: true })
    await one.settle()
    await two.settle()
    ;(one.bridge.appInfo as { name: string }).name = 'renamed by the host'
    expect(two.bridge.appInfo).toStrictEqual({ name: 'mcp-ui-app', version: 'legacy' })
    expect(MCP_UI_APP_INFO).toStrictEqual({ name: 'mcp-ui-app', version: 'legacy' })
  })

  it('sends render data again, once per change, as the tool data and context change afterwards', async () => {
    const s = setupLegacy({ legacy: true })
    s.post({ type: 'ui-lifecycle-iframe-ready' })
    await s.settle()
    s.bridge.sendToolInput({ q: 1 })
    await s.settle()
    s.bridge.setHostContext({ theme: 'light' })
    s.bridge.sendToolResult({ content: [] })
    await s.settle()
    const data = s.ofType('ui-lifecycle-iframe-render-data').map((m) => m.payload.renderData)
    expect(data.map((d) => [d.toolInput, d.toolOutput, d.theme])).toStrictEqual([
      [undefined, undefined, undefined],
      [{ q: 1 }, undefined, undefined],
      [{ q: 1 }, { content: [] }, 'light'],
    ])
    expect(s.jsonRpc()).toStrictEqual([])
  })

  it('answers ui-request-render-data under the app\'s message id; sends it unasked when the document loads', async () => {
    const s = setupLegacy({ legacy: true })
    await s.settle()
    s.translator.loaded()
    await s.settle()
    s.post({ type: 'ui-request-render-data', messageId: 'rd-1' })
    await s.settle()
    expect(s.ofType('ui-lifecycle-iframe-render-data').map((m) => m.messageId)).toStrictEqual([undefined, 'rd-1'])
  })

  it('answers render data requests within the host\'s notification budget: a flood cannot make the host copy the tool data without end', async () => {
    const s = setupLegacy({ legacy: true, host: { rateLimits: { notifications: { burst: 3, perSecond: 0.001 } } } })
    await s.settle()
    for (let i = 0; i < 50; i++) s.post({ type: 'ui-request-render-data', messageId: `r${i}` })
    await s.settle()
    const sent = s.ofType('ui-lifecycle-iframe-render-data').length
    expect(s.ofType('ui-lifecycle-iframe-render-data').flatMap((m) => m.messageId ?? [])).toStrictEqual(['r0', 'r1', 'r2'])
    // Saying it is ready again and again draws on the same budget.
    for (let i = 0; i < 10; i++) {
      s.post({ type: 'ui-lifecycle-iframe-ready' })
      await s.settle()
    }
    expect(s.ofType('ui-lifecycle-iframe-render-data')).toHaveLength(sent)
  })

  it('decides from the first message when the resource did not say: an MCP-UI message', async () => {
    const s = setupLegacy()
    await s.settle()
    expect(s.translator.protocol).toBeUndefined()
    expect(s.bridge.appInfo).toBeUndefined()
    s.post({ type: 'tool', messageId: 'm1', payload: { toolName: 'add', params: { a: 1 } } })
    await s.settle()
    expect(s.translator.protocol).toBe('mcp-ui')
    expect(s.bridge.initialized).toBe(true)
    expect(s.ofType('ui-message-response')).toHaveLength(1)
  })

  it('ignores what other scripts post (non-objects, unknown types, JSON-RPC-looking junk it passes to the bridge)', async () => {
    const s = setupLegacy()
    for (const data of [null, 'ready', 42, [1], { type: 'mystery' }, { type: 7 }, { hello: 'world' }, { jsonrpc: '1.0', id: 1, method: 'ui/initialize', params: {} }]) s.post(data)
    await s.settle()
    expect(s.translator.protocol).toBeUndefined()
    expect(s.received).toStrictEqual([])
    expect(s.warnings).toStrictEqual([])
  })

  it('posts nothing once the bridge closed (a navigation closes it: the next document must not get the data)', async () => {
    const s = setupLegacy({ legacy: true })
    await s.settle()
    s.bridge.sendToolInput({ secret: 'for the app only' })
    s.translator.loaded()
    // Closed in the same turn as the load that queued a render data push.
    s.bridge.close('The frame navigated away from the view')
    await s.settle()
    s.translator.loaded()
    await s.settle()
    expect(s.received).toStrictEqual([])
  })

  it('answers the bridge\'s teardown itself, so a host never waits for an app that cannot answer', async () => {
    const s = setupLegacy({ legacy: true })
    await s.settle()
    const started = Date.now()
    await s.bridge.ping()
    await s.bridge.teardown('bye')
    expect(Date.now() - started).toBeLessThan(1000)
    expect(s.bridge.closed).toBe(true)
    expect(s.warnings.filter((w) => w.message.startsWith('Teardown'))).toStrictEqual([])
    expect(s.jsonRpc()).toStrictEqual([])
  })
})

describe('MCP-UI actions go through the bridge\'s enforced paths', () => {
  it('tool → tools/call to the server; acknowledged, then answered with the result under the message id', async () => {
    const s = setupLegacy({ legacy: true, host: { capabilities: ALL } })
    s.post({ type: 'tool', messageId: 'call-1', payload: { toolName: 'add', params: { a: 2, b: 3 } } })
    await s.settle()
    expect(s.callTool).toHaveBeenCalledTimes(1)
    expect(s.callTool.mock.calls[0]![0]).toStrictEqual({ name: 'add', arguments: { a: 2, b: 3 } })
    expect(s.received.filter((m) => m.messageId === 'call-1')).toStrictEqual([
      { type: 'ui-message-received', messageId: 'call-1', payload: undefined },
      { type: 'ui-message-response', messageId: 'call-1', payload: { response: { content: [{ type: 'text', text: 'called add' }], structuredContent: { arguments: { a: 2, b: 3 } } } } },
    ])
  })

  it('tool: visibility still applies (a model-only tool never reaches the server)', async () => {
    const s = setupLegacy({ legacy: true, host: { capabilities: ALL } })
    s.post({ type: 'tool', messageId: 'x', payload: { toolName: 'secret', params: {} } })
    s.post({ type: 'tool', messageId: 'y', payload: { toolName: 'nope' } })
    await s.settle()
    expect(s.callTool).not.toHaveBeenCalled()
    const errors = s.ofType('ui-message-response').map((m) => [m.messageId, m.payload.error.code, m.payload.error.message])
    expect(errors).toStrictEqual([
      ['x', -32000, 'secret: not callable by apps (visibility)'],
      ['y', -32000, 'nope: not callable by apps (visibility)'],
    ])
  })

  it('tool: refused with -32601 when the host does not offer server tools, and the handler never runs', async () => {
    const s = setupLegacy({ legacy: true, host: { capabilities: { message: {} } } })
    s.post({ type: 'tool', messageId: 't', payload: { toolName: 'add', params: {} } })
    await s.settle()
    expect(s.callTool).not.toHaveBeenCalled()
    expect(s.ofType('ui-message-response')[0].payload.error).toMatchObject({ code: -32601 })
  })

  it('tool: params double-encoded as a JSON string are parsed once, with a warning', async () => {
    const s = setupLegacy({ legacy: true, host: { capabilities: ALL } })
    s.post({ type: 'tool', messageId: 'j', payload: { toolName: 'add', params: '{"a":1,"b":2}' } })
    await s.settle()
    expect(s.callTool.mock.calls[0]![0]).toStrictEqual({ name: 'add', arguments: { a: 1, b: 2 } })
    expect(s.warnings).toContainEqual({ code: 'VARIANT', message: 'tools/call params: arguments JSON-encoded' })
  })

  it('prompt → ui/message to the host\'s message handler', async () => {
    const messages: unknown[] = []
    const s = setupLegacy({ legacy: true, host: { capabilities: ALL, handlers: { message: (params) => void messages.push(params) } } })
    s.post({ type: 'prompt', messageId: 'p', payload: { prompt: 'Tell me more' } })
    await s.settle()
    expect(messages).toStrictEqual([{ role: 'user', content: [{ type: 'text', text: 'Tell me more' }] }])
    expect(s.ofType('ui-message-response')).toStrictEqual([{ type: 'ui-message-response', messageId: 'p', payload: { response: {} } }])
  })

  it('prompt: denied by default without a handler, and limited by the actions rate limit', async () => {
    const denied = setupLegacy({ legacy: true, host: { capabilities: ALL } })
    denied.post({ type: 'prompt', messageId: 'p', payload: { prompt: 'hi' } })
    await denied.settle()
    expect(denied.ofType('ui-message-response')[0].payload.error).toMatchObject({ code: -32000, message: 'ui/message: no host handler' })

    let handled = 0
    const limited = setupLegacy({ legacy: true, host: { capabilities: ALL, rateLimits: { actions: { burst: 3, perSecond: 0.001 } }, handlers: { message: () => void handled++ } } })
    for (let i = 0; i < 6; i++) limited.post({ type: 'prompt', messageId: `p${i}`, payload: { prompt: `spam ${i}` } })
    await limited.settle()
    expect(handled).toBe(3)
    expect(limited.ofType('ui-message-response').filter((m) => m.payload.error?.message === 'ui/message: rate limited')).toHaveLength(3)
  })

  it('link → ui/open-link under the host\'s link policy (scheme allowlist, then the handler)', async () => {
    const opened: string[] = []
    const s = setupLegacy({ legacy: true, host: { capabilities: ALL, handlers: { openLink: ({ url }) => void opened.push(url) } } })
    s.post({ type: 'link', messageId: 'ok', payload: { url: 'https://example.com/docs' } })
    s.post({ type: 'link', messageId: 'js', payload: { url: 'javascript:alert(1)' } })
    s.post({ type: 'link', messageId: 'bad', payload: { url: 'not a url' } })
    await s.settle()
    expect(opened).toStrictEqual(['https://example.com/docs'])
    const answers = Object.fromEntries(s.ofType('ui-message-response').map((m) => [m.messageId, m.payload.error?.code ?? 'ok']))
    expect(answers).toStrictEqual({ ok: 'ok', js: -32000, bad: -32602 })
  })

  it('intent and notify → the host\'s events; their answer is the host\'s', async () => {
    const s = setupLegacy({ legacy: true, onAction: async (type, payload) => (type === 'intent' ? { route: payload.intent } : undefined) })
    s.post({ type: 'intent', messageId: 'i', payload: { intent: 'book-table', params: { seats: 2 } } })
    s.post({ type: 'notify', messageId: 'n', payload: { message: 'saved' } })
    await s.settle()
    expect(s.actions).toStrictEqual([
      ['intent', { intent: 'book-table', params: { seats: 2 } }],
      ['notify', { message: 'saved' }],
    ])
    expect(s.ofType('ui-message-response').map((m) => [m.messageId, m.payload])).toStrictEqual([
      ['i', { response: { route: 'book-table' } }],
      ['n', { response: undefined }],
    ])
  })

  it('a refused intent is answered with the error', async () => {
    const s = setupLegacy({
      legacy: true,
      onAction: async () => {
        throw Object.assign(new Error('nope'), { code: -32000 })
      },
    })
    s.post({ type: 'intent', messageId: 'i', payload: { intent: 'x' } })
    await s.settle()
    expect(s.ofType('ui-message-response')[0].payload).toStrictEqual({ error: { code: -32000, message: 'nope' } })
  })

  it('malformed actions are answered with -32602 and never reach the host or the bridge\'s handlers', async () => {
    const s = setupLegacy({ legacy: true, host: { capabilities: ALL } })
    const bad = [
      { type: 'tool', messageId: 1, payload: 'add' },
      { type: 'tool', messageId: 2, payload: { params: {} } },
      { type: 'prompt', messageId: 3 },
      { type: 'intent', messageId: 4, payload: { intent: 5 } },
      { type: 'notify', messageId: 5, payload: { text: 'wrong field' } },
    ]
    for (const message of bad) s.post(message)
    await s.settle()
    expect(s.callTool).not.toHaveBeenCalled()
    expect(s.actions).toStrictEqual([])
    expect(s.ofType('ui-message-response').map((m) => [m.messageId, m.payload.error.code])).toStrictEqual([
      [1, -32602],
      [2, -32602],
      [3, -32602],
      [4, -32602],
      [5, -32602],
    ])
  })

  it('an action without a message id is acknowledged and answered too, without one, as @mcp-ui/client does (an app with one call at a time reads any response)', async () => {
    const s = setupLegacy({ legacy: true, host: { capabilities: ALL } })
    s.post({ type: 'tool', payload: { toolName: 'add', params: {} } })
    await s.settle()
    expect(s.callTool).toHaveBeenCalledTimes(1)
    expect(s.ofType('ui-message-received')).toStrictEqual([{ type: 'ui-message-received', messageId: undefined, payload: undefined }])
    expect(s.ofType('ui-message-response')).toStrictEqual([
      { type: 'ui-message-response', messageId: undefined, payload: { response: { content: [{ type: 'text', text: 'called add' }], structuredContent: { arguments: {} } } } },
    ])
  })

  it('keeps its own requests\' answers: a frame whose JSON-RPC requests use ids like the translator\'s neither takes nor blocks them', async () => {
    // The host asks the user before posting a message: the frame's requests stay in flight.
    const asked: Array<() => void> = []
    const s = setupLegacy({ legacy: true, host: { capabilities: ALL, handlers: { message: () => new Promise<void>((resolve) => asked.push(resolve)) } } })
    await s.settle()
    // A relay page (external URL mode) passes the page's JSON-RPC to the bridge: ids the
    // translator's own requests could have (it numbered them mcp-ui:1, mcp-ui:2, ...).
    const ids = ['mcp-ui:1', 'mcp-ui:2', 'mcp-ui:3', 1, 2, 3]
    for (const id of ids) s.post({ jsonrpc: '2.0', id, method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'hi' }] } })
    await s.settle()
    s.post({ type: 'tool', messageId: 'call', payload: { toolName: 'add', params: { a: 1 } } })
    await s.settle()
    // The app's tool call ran and was answered with its own result, not a message's.
    expect(s.callTool).toHaveBeenCalledTimes(1)
    expect(s.ofType('ui-message-response')).toStrictEqual([
      { type: 'ui-message-response', messageId: 'call', payload: { response: { content: [{ type: 'text', text: 'called add' }], structuredContent: { arguments: { a: 1 } } } } },
    ])
    // And each of the frame's requests gets its own answer, to the frame.
    for (const resolve of asked) resolve()
    await s.settle()
    expect(s.jsonRpc().map((m) => [m.id, m.result])).toStrictEqual(ids.map((id) => [id, {}]))
  })

  it('ui-size-change → size-changed, checked like any size report', async () => {
    const s = setupLegacy({ legacy: true })
    const sizes: unknown[] = []
    s.bridge.on('sizechange', (size) => void sizes.push(size))
    s.post({ type: 'ui-size-change', payload: { width: 320, height: 480 } })
    s.post({ type: 'ui-size-change', payload: { height: -5 } })
    s.post({ type: 'ui-size-change', payload: { height: 'tall' } })
    s.post({ type: 'ui-size-change' })
    await s.settle()
    expect(sizes).toStrictEqual([{ width: 320, height: 480 }])
    expect(s.warnings.filter((w) => w.code === 'MALFORMED')).toHaveLength(3)
  })
})

describe('an MCP-UI app that ships @mcp-ui/server\'s MCP Apps adapter', () => {
  /** What the adapter does: its own handshake (protocol 2025-11-21), then `initialized` again when the app says it is ready. */
  async function adapterHandshake(s: ReturnType<typeof setupLegacy>) {
    s.post({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: { appInfo: { name: 'mcp-ui-adapter', version: '1.0.0' }, appCapabilities: {}, protocolVersion: '2025-11-21' } })
    await s.settle()
    s.post({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} })
    await s.settle()
  }

  it('speaks MCP Apps: JSON-RPC passes through untouched, and tool input and result arrive exactly once despite a second initialized', async () => {
    const s = setupLegacy({ host: { capabilities: ALL, hostContext: { theme: 'dark' } } })
    s.bridge.sendToolInput({ city: 'Oslo' })
    s.bridge.sendToolResult({ content: [{ type: 'text', text: 'snow' }] })
    await adapterHandshake(s)
    expect(s.translator.protocol).toBe('mcp-apps')
    expect(s.bridge.appInfo?.name).toBe('mcp-ui-adapter')
    // A patched adapter turns the app's ready into a second initialized; the bridge ignores it.
    s.post({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} })
    // An unpatched one (a sandboxed, cross-origin parent) lets the app's own ready through; the translator ignores it.
    s.post({ type: 'ui-lifecycle-iframe-ready' })
    await s.settle()
    const methods = s.jsonRpc().map((m) => m.method ?? `response:${m.id}`)
    expect(methods).toStrictEqual(['response:1', 'ui/notifications/tool-input', 'ui/notifications/tool-result'])
    expect(s.ofType('ui-lifecycle-iframe-render-data')).toStrictEqual([])
    expect(s.warnings.map((w) => w.message)).toStrictEqual(['ui/notifications/initialized: repeated: ignored', 'ui-lifecycle-iframe-ready after ui/initialize: ignored'])
  })

  it('still translates the app\'s own MCP-UI actions, which a sandboxed adapter cannot intercept, and answers render data requests', async () => {
    const s = setupLegacy({ host: { capabilities: ALL, hostContext: { locale: 'nb-NO' } } })
    await adapterHandshake(s)
    s.bridge.sendToolInput({ city: 'Oslo' })
    s.post({ type: 'tool', messageId: 'a1', payload: { toolName: 'add', params: { a: 1 } } })
    s.post({ type: 'ui-request-render-data', messageId: 'r1' })
    await s.settle()
    expect(s.callTool).toHaveBeenCalledTimes(1)
    expect(s.ofType('ui-message-response').map((m) => m.messageId)).toStrictEqual(['a1'])
    expect(s.ofType('ui-lifecycle-iframe-render-data')).toStrictEqual([
      { type: 'ui-lifecycle-iframe-render-data', messageId: 'r1', payload: { renderData: expect.objectContaining({ toolInput: { city: 'Oslo' }, locale: 'nb-NO' }) } },
    ])
  })

  it('on a resource marked as MCP-UI, the adapter\'s handshake comes second: answered, served as a new view instance, and the app still gets its data as render data', async () => {
    const s = setupLegacy({ legacy: true, host: { capabilities: ALL } })
    s.bridge.sendToolInput({ city: 'Oslo' })
    await s.settle()
    await adapterHandshake(s)
    s.post({ type: 'ui-lifecycle-iframe-ready' })
    await s.settle()
    expect(s.translator.protocol).toBe('mcp-ui')
    expect(s.jsonRpc().map((m) => m.id)).toStrictEqual([1])
    expect(s.warnings.map((w) => w.message)).toEqual(expect.arrayContaining(['ui/initialize: repeated: app info replaced']))
    expect(s.ofType('ui-lifecycle-iframe-render-data').at(-1).payload.renderData.toolInput).toStrictEqual({ city: 'Oslo' })
  })

  it('an MCP App (any view that starts with ui/initialize) is served exactly as without the translator', async () => {
    const s = setupLegacy({ host: { capabilities: ALL, teardownTimeoutMs: 50 } })
    s.post({ jsonrpc: '2.0', id: 'init', method: 'ui/initialize', params: { appInfo: { name: 'real-app', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' } })
    await s.settle()
    s.post({ jsonrpc: '2.0', method: 'ui/notifications/initialized' })
    s.post({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'add', arguments: { a: 1 } } })
    await s.settle()
    expect(s.jsonRpc().map((m) => m.id)).toStrictEqual(['init', 9])
    expect(s.received.every((m) => m.jsonrpc === '2.0')).toBe(true)
    await s.bridge.teardown('done')
    // The view itself is asked (this scripted one never answers, so the bridge gives up after its timeout).
    expect(s.jsonRpc().map((m) => m.method ?? m.id)).toStrictEqual(['init', 9, 'ui/resource-teardown', 'notifications/cancelled'])
  })
})

describe('render data and the frame, as mutation testing pinned them', () => {
  it('sends the host context after answering a render-data request that came first, before the handshake was answered', async () => {
    // @mcp-ui/server 6 raw HTML without uiMetadata is labelled as an MCP App: the protocol is decided by the first message.
    const s = setupLegacy({ host: { hostContext: { theme: 'dark', locale: 'fr-FR' } } })
    s.post({ type: 'ui-request-render-data', messageId: 'r1' })
    await s.settle()
    expect(s.translator.protocol).toBe('mcp-ui')
    const sent = s.ofType('ui-lifecycle-iframe-render-data')
    expect(sent[0].messageId).toBe('r1')
    expect(sent.at(-1).payload.renderData).toMatchObject({ theme: 'dark', locale: 'fr-FR' })
  })

  it('is sent when the app first speaks without saying it is ready (an action), with the tool data so far', async () => {
    const s = setupLegacy({ legacy: true, host: { capabilities: ALL } })
    s.bridge.sendToolInput({ city: 'Rome' })
    await s.settle()
    s.post({ type: 'notify', messageId: 'n', payload: { message: 'hello' } })
    await s.settle()
    expect(s.ofType('ui-lifecycle-iframe-render-data').map((m) => m.payload.renderData.toolInput)).toStrictEqual([{ city: 'Rome' }])
  })

  it('is sent unasked only for the first message: later actions do not send it again', async () => {
    const s = setupLegacy({ legacy: true, host: { capabilities: ALL } })
    await s.settle()
    for (const messageId of ['a', 'b', 'c']) {
      s.post({ type: 'notify', messageId, payload: { message: 'hello' } })
      await s.settle()
    }
    s.post({ type: 'tool', messageId: 't', payload: { toolName: 'add' } })
    await s.settle()
    expect(s.ofType('ui-lifecycle-iframe-render-data')).toHaveLength(1)
  })

  it('falls back to the container height for maxHeight when the host gives no maxHeight', async () => {
    const s = setupLegacy({ legacy: true, host: { hostContext: { containerDimensions: { height: 400 } } } })
    s.post({ type: 'ui-lifecycle-iframe-ready' })
    await s.settle()
    expect(s.ofType('ui-lifecycle-iframe-render-data')[0].payload.renderData.maxHeight).toBe(400)
  })

  it('lets the tool data and host context win over same-named keys of the resource\'s render data', async () => {
    const s = setupLegacy({ legacy: true, renderData: { toolInput: 'stale', theme: 'from-server', extra: 1 }, host: { hostContext: { theme: 'dark' } } })
    s.bridge.sendToolInput({ q: 1 })
    s.post({ type: 'ui-lifecycle-iframe-ready' })
    await s.settle()
    expect(s.ofType('ui-lifecycle-iframe-render-data').at(-1).payload.renderData).toMatchObject({ toolInput: { q: 1 }, theme: 'dark', extra: 1 })
  })

  it('merges a host context change into what it had (the bridge sends only what changed)', async () => {
    const s = setupLegacy({ legacy: true, host: { hostContext: { locale: 'fr-FR' } } })
    s.post({ type: 'ui-lifecycle-iframe-ready' })
    await s.settle()
    s.bridge.setHostContext({ theme: 'light' })
    await s.settle()
    expect(s.ofType('ui-lifecycle-iframe-render-data').at(-1).payload.renderData).toMatchObject({ locale: 'fr-FR', theme: 'light' })
  })

  it('sends nothing for notifications that mean nothing to an MCP-UI app (partial tool input)', async () => {
    const s = setupLegacy({ legacy: true })
    s.post({ type: 'ui-lifecycle-iframe-ready' })
    await s.settle()
    s.bridge.sendToolInputPartial({ ci: 1 })
    await s.settle()
    expect(s.ofType('ui-lifecycle-iframe-render-data')).toHaveLength(1)
    expect(s.jsonRpc()).toStrictEqual([])
  })

  it('reports a frame that refuses a message (UNEXPECTED) instead of throwing, and keeps serving the app', async () => {
    let fail = true
    const s = setupLegacy({ legacy: true, host: { capabilities: ALL }, frameSend: () => {
      if (fail) throw new Error('detached')
    } })
    s.post({ type: 'ui-lifecycle-iframe-ready' })
    await s.settle()
    expect(s.warnings).toContainEqual({ code: 'UNEXPECTED', message: 'ui-lifecycle-iframe-render-data: Error: detached' })
    fail = false
    s.post({ type: 'tool', messageId: 't', payload: { toolName: 'add' } })
    await s.settle()
    expect(s.ofType('ui-message-response')).toHaveLength(1)
  })

  it('tool without params: the server is called with empty arguments', async () => {
    const s = setupLegacy({ legacy: true, host: { capabilities: ALL } })
    s.post({ type: 'tool', messageId: 't', payload: { toolName: 'add' } })
    await s.settle()
    expect(s.callTool.mock.calls[0]![0]).toStrictEqual({ name: 'add', arguments: {} })
  })

  it('decides the protocol once: a frame that speaks before the resource\'s MCP-UI handshake is served as it spoke, and only once', async () => {
    const apps = setupLegacy({ legacy: true })
    // In the turn the bridge started listening, before the translator's own handshake for a legacy resource.
    apps.post({ jsonrpc: '2.0', id: 'init', method: 'ui/initialize', params: { appInfo: { name: 'real-app', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' } })
    await apps.settle()
    expect(apps.translator.protocol).toBe('mcp-apps')
    expect(apps.bridge.appInfo?.name).toBe('real-app')

    const ui = setupLegacy({ legacy: true })
    ui.post({ type: 'ui-lifecycle-iframe-ready' })
    await ui.settle()
    expect(ui.translator.protocol).toBe('mcp-ui')
    expect(ui.warnings).toStrictEqual([])
  })

  it('stops listening to the frame when the bridge closes: a later intent never reaches the host', async () => {
    const s = setupLegacy({ legacy: true })
    await s.settle()
    s.bridge.close('gone')
    s.post({ type: 'intent', messageId: 'late', payload: { intent: 'pay' } })
    await s.settle()
    expect(s.actions).toStrictEqual([])
    expect(s.received).toStrictEqual([])
  })

  it('takes the host context from the answer to the app\'s own ui/initialize only, not from a tool result that carries one', async () => {
    const s = setupLegacy({ host: { capabilities: ALL, hostContext: { theme: 'dark' } } })
    s.post({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: { appInfo: { name: 'mcp-ui-adapter', version: '1.0.0' }, appCapabilities: {}, protocolVersion: '2026-01-26' } })
    await s.settle()
    s.post({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} })
    s.callTool.mockResolvedValueOnce({ content: [], hostContext: { theme: 'forged' } } as never)
    s.post({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'add', arguments: {} } })
    await s.settle()
    s.post({ type: 'ui-request-render-data', messageId: 'r' })
    await s.settle()
    expect(s.ofType('ui-lifecycle-iframe-render-data')[0].payload.renderData.theme).toBe('dark')
  })
})

describe('ui-request-data (a reserved MCP-UI message: the app waits for the answer under its message id)', () => {
  it('is acknowledged and answered with the host\'s answer, like intent and notify', async () => {
    const s = setupLegacy({ legacy: true, onAction: async (type, payload) => ({ methods: [`${type}:${payload.requestType}`] }) })
    s.post({ type: 'ui-request-data', messageId: 'd1', payload: { requestType: 'get-payment-methods', params: { currency: 'EUR' } } })
    await s.settle()
    expect(s.actions).toStrictEqual([['ui-request-data', { requestType: 'get-payment-methods', params: { currency: 'EUR' } }]])
    expect(s.received.filter((m) => m.messageId === 'd1')).toStrictEqual([
      { type: 'ui-message-received', messageId: 'd1', payload: undefined },
      { type: 'ui-message-response', messageId: 'd1', payload: { response: { methods: ['ui-request-data:get-payment-methods'] } } },
    ])
  })

  it('without a request type is answered -32602; a flood is held to the host\'s action budget', async () => {
    const s = setupLegacy({ legacy: true, host: { rateLimits: { actions: { burst: 2, perSecond: 0.001 } } } })
    s.post({ type: 'ui-request-data', messageId: 'bad', payload: {} })
    for (let i = 0; i < 4; i++) s.post({ type: 'ui-request-data', messageId: `d${i}`, payload: { requestType: 'x' } })
    await s.settle()
    expect(s.actions).toHaveLength(2)
    expect(Object.fromEntries(s.ofType('ui-message-response').map((m) => [m.messageId, m.payload.error?.code ?? 'ok']))).toStrictEqual({ bad: -32602, d0: 'ok', d1: 'ok', d2: -32000, d3: -32000 })
  })
})
