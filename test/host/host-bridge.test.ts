import { describe, expect, it, vi } from 'vitest'
import { BridgeError, HostBridge, listenedFrames } from '../../src/host/index.js'
import { HOST_INFO, hostsClosedAfterEach, until, type ScriptedView } from './helpers.js'

const start = hostsClosedAfterEach()

describe('handshake', () => {
  it('answers ui/initialize with version, host info, capabilities and context', async () => {
    const { view } = start({ capabilities: { openLinks: {} }, hostContext: { theme: 'dark' } })
    const response = await view.initialize({}, { initialized: false })
    expect(response.result).toEqual({
      protocolVersion: '2026-01-26',
      hostInfo: HOST_INFO,
      hostCapabilities: { openLinks: {} },
      hostContext: { theme: 'dark' },
    })
  })

  it('answers an unknown requested version with its latest', async () => {
    const { view } = start()
    const response = await view.initialize({ protocolVersion: '1999-01-01' })
    expect(response.result.protocolVersion).toBe('2026-01-26')
  })

  it('accepts the clientInfo/capabilities variant and reports it', async () => {
    const { view, bridge, warnings } = start()
    await view.initialize({ appInfo: undefined, appCapabilities: undefined, clientInfo: { name: 'legacy', version: '0' }, capabilities: { tools: {} } })
    expect(bridge.appInfo?.name).toBe('legacy')
    expect(bridge.appCapabilities?.tools).toEqual({})
    expect(warnings.filter((w) => w.code === 'VARIANT')).toHaveLength(2)
  })

  it('emits initialized with what the app said', async () => {
    const { view, bridge } = start()
    const seen = vi.fn()
    bridge.on('initialized', seen)
    await view.initialize({ appCapabilities: { availableDisplayModes: ['inline', 'pip'] } })
    expect(seen).toHaveBeenCalledWith({ appInfo: expect.objectContaining({ name: 'test-app' }), appCapabilities: { availableDisplayModes: ['inline', 'pip'] }, protocolVersion: '2026-01-26' })
  })

  it('ignores ui/notifications/initialized before ui/initialize: nothing is sent, and the handshake still works', async () => {
    const { view, bridge, pair, warnings } = start({ hostContext: { theme: 'dark' } })
    const initialized = vi.fn()
    bridge.on('initialized', initialized)
    bridge.sendToolInput({ q: 'x' })
    view.notify('ui/notifications/initialized', {})
    await pair.flush()
    expect(bridge.initialized).toBe(false)
    expect(initialized).not.toHaveBeenCalled()
    expect(view.received).toEqual([])
    expect(warnings.filter((w) => w.code === 'UNEXPECTED' && w.message.includes('before'))).toHaveLength(1)
    await view.initialize()
    expect(initialized).toHaveBeenCalledOnce()
    expect(view.notifications().map((m) => m.method)).toEqual(['ui/notifications/tool-input'])
  })

  it('builds toolInfo from the tool (with the call id when given), unless the host context already has one', async () => {
    const tool = { name: 'weather', inputSchema: { type: 'object' as const } }
    const bare = start({ tool })
    expect((await bare.view.initialize({}, { initialized: false })).result.hostContext.toolInfo).toEqual({ tool })
    const withId = start({ tool, toolCallId: 'call-1' })
    expect((await withId.view.initialize({}, { initialized: false })).result.hostContext.toolInfo).toEqual({ id: 'call-1', tool })
    const own = { id: 9, tool: { name: 'forecast', inputSchema: { type: 'object' as const } } }
    const given = start({ tool, toolCallId: 'call-1', hostContext: { toolInfo: own } })
    expect((await given.view.initialize({}, { initialized: false })).result.hostContext.toolInfo).toEqual(own)
  })

  it('copies a tool from a reactive store (a Proxy, which structured clone refuses) into toolInfo as JSON', async () => {
    const tool = { name: 'weather', inputSchema: { type: 'object' as const } }
    expect(() => structuredClone(new Proxy(tool, {}))).toThrow()
    const { view, bridge } = start({ tool: new Proxy(tool, {}), toolCallId: 3, hostContext: new Proxy({ theme: 'dark' as const }, {}) })
    expect(bridge.hostContext).toEqual({ toolInfo: { id: 3, tool }, theme: 'dark' })
    const response = await view.initialize({}, { initialized: false })
    expect(response.result.hostContext).toEqual({ toolInfo: { id: 3, tool }, theme: 'dark' })
  })

  it('refuses a display mode the app did not declare and starts inline', async () => {
    const { view, bridge } = start({ hostContext: { displayMode: 'fullscreen', availableDisplayModes: ['inline', 'fullscreen'] } })
    const response = await view.initialize({ appCapabilities: { availableDisplayModes: ['inline'] } })
    expect(response.result.hostContext.displayMode).toBe('inline')
    expect(bridge.hostContext.displayMode).toBe('inline')
  })
})

describe('ordering: nothing reaches the view before initialized', () => {
  it('holds context changes and tool data, then flushes them in protocol order', async () => {
    const { view, bridge, pair } = start({ hostContext: { theme: 'light' } })
    bridge.sendToolInputPartial({ q: 'h' })
    bridge.sendToolInputPartial({ q: 'he' })
    await view.initialize({}, { initialized: false })
    bridge.setHostContext({ theme: 'dark' })
    bridge.sendToolInput({ q: 'hello' })
    bridge.sendToolResult({ content: [{ type: 'text', text: 'hi' }] })
    await pair.flush()
    expect(view.notifications()).toEqual([])
    view.notify('ui/notifications/initialized')
    await until(() => view.notifications().length === 3)
    expect(view.notifications().map((m) => [m.method, m.params])).toEqual([
      ['ui/notifications/host-context-changed', { theme: 'dark' }],
      ['ui/notifications/tool-input', { arguments: { q: 'hello' } }],
      ['ui/notifications/tool-result', { content: [{ type: 'text', text: 'hi' }] }],
    ])
  })

  it('sends only the latest partial when the input has not been produced yet', async () => {
    const { view, bridge } = start()
    bridge.sendToolInputPartial({ q: 'h' })
    bridge.sendToolInputPartial({ q: 'he' })
    await view.initialize()
    expect(view.notifications().map((m) => m.params)).toEqual([{ arguments: { q: 'he' } }])
    bridge.sendToolInputPartial({ q: 'hel' })
    bridge.sendToolInput({ q: 'hello' })
    await until(() => view.notifications().length === 3)
    expect(view.notifications().map((m) => m.method)).toEqual([
      'ui/notifications/tool-input-partial',
      'ui/notifications/tool-input-partial',
      'ui/notifications/tool-input',
    ])
  })

  it('refuses tool data out of order at the call site', async () => {
    const { bridge } = start()
    expect(() => bridge.sendToolResult({ content: [] })).toThrow(expect.objectContaining({ code: 'PROTOCOL' }))
    bridge.sendToolInput({})
    expect(() => bridge.sendToolInput({})).toThrow(expect.objectContaining({ code: 'PROTOCOL' }))
    expect(() => bridge.sendToolInputPartial({})).toThrow(expect.objectContaining({ code: 'PROTOCOL' }))
    bridge.sendToolCancelled('user stopped it')
    expect(() => bridge.sendToolResult({ content: [] })).toThrow(expect.objectContaining({ code: 'PROTOCOL' }))
    expect(() => bridge.sendToolCancelled()).toThrow(expect.objectContaining({ code: 'PROTOCOL' }))
    expect(bridge.toolPhase).toBe('cancelled')
  })

  // Neither copy can make it: structured clone refuses the proxy, JSON the BigInt.
  const unclonable = () => new Proxy({ q: 1n }, {})

  it('a tool input that cannot be sent does not count as sent: the retry is accepted, a result cannot jump ahead', async () => {
    const { view, bridge, pair } = start()
    await view.initialize()
    expect(() => bridge.sendToolInput(unclonable())).toThrow(expect.objectContaining({ code: 'INVALID_PARAMS' }))
    expect(bridge.toolPhase).toBe('none')
    expect(() => bridge.sendToolResult({ content: [] })).toThrow(expect.objectContaining({ code: 'PROTOCOL' }))
    bridge.sendToolInput({ q: 'x' })
    bridge.sendToolResult({ content: [] })
    await pair.flush()
    expect(view.notifications().map((m) => m.method)).toEqual(['ui/notifications/tool-input', 'ui/notifications/tool-result'])
  })

  it('held tool data that could not be sent is refused where it is given, and initialized still follows', async () => {
    const { view, bridge, pair } = start()
    const initialized = vi.fn()
    bridge.on('initialized', initialized)
    expect(() => bridge.sendToolInput(unclonable())).toThrow(expect.objectContaining({ code: 'INVALID_PARAMS' }))
    expect(bridge.toolPhase).toBe('none')
    bridge.sendToolInput({ q: 'x' })
    await view.initialize()
    await bridge.whenInitialized({ timeoutMs: 1_000 })
    await pair.flush()
    expect(initialized).toHaveBeenCalledOnce()
    expect(view.notifications().map((m) => m.method)).toEqual(['ui/notifications/tool-input'])
  })
})

describe('a view re-created in its frame (a second handshake: a remount, hot reload)', () => {
  const INPUT = 'ui/notifications/tool-input'
  /** A second `ui/initialize` from the same window, then `initialized`; what the host sent from then on. */
  /**
   * Waits until everything the host sent so far has arrived, by a ping's round trip (one ordered
   * channel: what the host sent before its answer arrives before it), and takes the answer out
   * again. A fixed wait lost the race on a loaded machine.
   */
  async function roundTrip(view: ScriptedView) {
    const answer = await view.request('ping')
    view.received.splice(view.received.indexOf(answer), 1)
  }

  async function reinitialize(view: ScriptedView, between?: () => void) {
    const from = view.received.length
    const answer = await view.initialize({}, { initialized: false })
    between?.()
    await roundTrip(view)
    const beforeInitialized = view.received.length
    view.notify('ui/notifications/initialized', {})
    await roundTrip(view)
    // `from` is the handshake's answer.
    return { answer, heldUntilInitialized: view.received.slice(from + 1, beforeInitialized), after: view.received.slice(beforeInitialized) }
  }

  it('sends the new view its input and result again, after its initialized only, and emits initialized again', async () => {
    const { view, bridge, warnings } = start({ hostContext: { theme: 'dark' } })
    const initialized = vi.fn()
    bridge.on('initialized', initialized)
    bridge.sendToolInput({ city: 'Oslo' })
    bridge.sendToolResult({ content: [{ type: 'text', text: 'sunny' }] })
    await view.initialize()
    const again = await reinitialize(view, () => expect(bridge.initialized).toBe(false))
    expect(again.answer.result.hostContext).toEqual({ theme: 'dark' })
    expect(again.heldUntilInitialized).toEqual([])
    expect(again.after.map((m) => [m.method, m.params])).toEqual([
      [INPUT, { arguments: { city: 'Oslo' } }],
      ['ui/notifications/tool-result', { content: [{ type: 'text', text: 'sunny' }] }],
    ])
    expect(bridge.initialized).toBe(true)
    expect(initialized).toHaveBeenCalledTimes(2)
    expect(warnings.map((w) => w.message)).toEqual(['ui/initialize: repeated: app info replaced'])
  })

  it('gives each view instance the latest partial only while the input was never produced, and a cancellation instead of a result', async () => {
    const { view, bridge } = start()
    bridge.sendToolInputPartial({ q: 'h' })
    await view.initialize()
    bridge.sendToolInputPartial({ q: 'he' })
    expect((await reinitialize(view)).after.map((m) => [m.method, m.params])).toEqual([['ui/notifications/tool-input-partial', { arguments: { q: 'he' } }]])
    bridge.sendToolInput({ q: 'hello' })
    bridge.sendToolCancelled('stopped')
    expect((await reinitialize(view)).after.map((m) => [m.method, m.params])).toEqual([
      [INPUT, { arguments: { q: 'hello' } }],
      ['ui/notifications/tool-cancelled', { reason: 'stopped' }],
    ])
  })

  it('draws each repeated handshake from the actions budget: a view re-created in a loop cannot make the host copy all its tool data again and again', async () => {
    const { view, bridge } = start({ rateLimits: { actions: { burst: 3, perSecond: 0.001 } } })
    const initialized = vi.fn()
    bridge.on('initialized', initialized)
    bridge.sendToolInput({ q: 'x' })
    bridge.sendToolResult({ content: [{ type: 'text', text: 'a large result, sent again to each new view instance' }] })
    // The first handshake is not a repeat: it costs nothing.
    await view.initialize()
    const answers = []
    for (let i = 0; i < 10; i++) {
      answers.push(await view.initialize({}, { initialized: false }))
      view.notify('ui/notifications/initialized', {})
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(answers.map((a) => a.error?.code ?? 'ok')).toEqual(['ok', 'ok', 'ok', ...Array(7).fill(-32000)])
    expect(answers[3].error.message).toBe('ui/initialize: rate limited')
    expect(view.notifications('ui/notifications/tool-result')).toHaveLength(4)
    expect(initialized).toHaveBeenCalledTimes(4)
    // The view instance that did get through is served as before.
    expect(bridge.initialized).toBe(true)
    expect((await view.request('ui/request-display-mode', { mode: 'inline' })).result).toEqual({ mode: 'inline' })
  })

  it('holds what the host produces during the second handshake and sends it once, in order, after the context change', async () => {
    const { view, bridge } = start({ hostContext: { theme: 'dark' } })
    bridge.sendToolInput({ q: 'x' })
    await view.initialize()
    const again = await reinitialize(view, () => {
      bridge.setHostContext({ theme: 'light' })
      bridge.sendToolResult({ content: [] })
    })
    expect(again.heldUntilInitialized).toEqual([])
    expect(again.after.map((m) => m.method)).toEqual(['ui/notifications/host-context-changed', INPUT, 'ui/notifications/tool-result'])
    // Then everything goes at once again, and requests both ways still work.
    bridge.setHostContext({ locale: 'fr-FR' })
    view.answer('ping', () => ({}))
    await bridge.ping({ timeoutMs: 1_000 })
    expect((await view.request('ui/request-display-mode', { mode: 'inline' })).result).toEqual({ mode: 'inline' })
    expect(view.notifications().filter((m) => m.method === INPUT)).toHaveLength(2)
    expect(view.notifications().at(-1)).toMatchObject({ method: 'ui/notifications/host-context-changed', params: { locale: 'fr-FR' } })
  })
})

describe('host context', () => {
  it('sends only the keys that changed, nothing for a no-op, and removals as undefined', async () => {
    const { view, bridge } = start({ hostContext: { theme: 'light', locale: 'en-US', styles: { variables: { '--font-sans': 'Inter' } } } })
    await view.initialize()
    bridge.setHostContext({ theme: 'light', styles: { variables: { '--font-sans': 'Inter' } } })
    bridge.setHostContext({ locale: 'fr-FR' })
    bridge.setHostContext({ theme: undefined })
    await until(() => view.notifications().length === 2)
    expect(view.notifications().map((m) => m.params)).toEqual([{ locale: 'fr-FR' }, { theme: undefined }])
    expect(bridge.hostContext).toEqual({ locale: 'fr-FR', styles: { variables: { '--font-sans': 'Inter' } } })
  })

  it('hands out a copy, so editing it changes nothing', async () => {
    const { bridge } = start({ hostContext: { theme: 'light' } })
    bridge.hostContext.theme = 'dark'
    expect(bridge.hostContext.theme).toBe('light')
  })

  it('refuses a change it could not send where it is given: nothing changes, held tool data still goes at initialized', async () => {
    const { view, bridge, pair } = start({ hostContext: { theme: 'light' } })
    await view.initialize({}, { initialized: false })
    bridge.sendToolInput({ q: 'x' })
    // Neither copy can make it: structured clone refuses the proxy, JSON the BigInt.
    expect(() => bridge.setHostContext({ theme: 'dark', styles: new Proxy({ variables: {}, n: 1n }, {}) })).toThrow(expect.objectContaining({ code: 'INVALID_PARAMS' }))
    expect(bridge.hostContext).toEqual({ theme: 'light' })
    view.notify('ui/notifications/initialized', {})
    await bridge.whenInitialized({ timeoutMs: 1_000 })
    bridge.setHostContext({ locale: 'fr-FR' })
    await pair.flush()
    expect(view.notifications().map((m) => [m.method, m.params])).toEqual([
      ['ui/notifications/tool-input', { arguments: { q: 'x' } }],
      ['ui/notifications/host-context-changed', { locale: 'fr-FR' }],
    ])
  })

  it('refuses an initial host context it could not send, when the bridge is made', () => {
    expect(() => start({ hostContext: { styles: new Proxy({ n: 1n }, {}) } })).toThrow(expect.objectContaining({ code: 'INVALID_PARAMS', message: expect.stringContaining('hostContext') }))
  })

  it('always lets the host return the view to inline, even when the view did not list inline', async () => {
    const { view, bridge } = start({ hostContext: { displayMode: 'fullscreen', availableDisplayModes: ['inline', 'fullscreen'] } })
    const modes = vi.fn()
    bridge.on('displaymodechange', modes)
    await view.initialize({ appCapabilities: { availableDisplayModes: ['fullscreen'] } })
    expect(bridge.hostContext.displayMode).toBe('fullscreen')
    // The user leaves fullscreen: the host must be able to say so.
    bridge.setHostContext({ displayMode: 'inline' })
    await until(() => view.notifications('ui/notifications/host-context-changed').length === 1)
    expect(view.notifications('ui/notifications/host-context-changed')[0].params).toEqual({ displayMode: 'inline' })
    expect(modes).toHaveBeenCalledWith('inline')
    const bare = start({ hostContext: { displayMode: 'inline' } })
    await bare.view.initialize()
    expect(() => bare.bridge.setHostContext({ displayMode: 'inline' })).not.toThrow()
  })

  it('refuses to switch to a display mode the app did not declare', async () => {
    const { view, bridge } = start({ hostContext: { availableDisplayModes: ['inline', 'fullscreen'] } })
    await view.initialize({ appCapabilities: { availableDisplayModes: ['inline'] } })
    expect(() => bridge.setHostContext({ displayMode: 'fullscreen' })).toThrow(expect.objectContaining({ code: 'DENIED' }))
  })
})

describe('bad input never breaks the bridge', () => {
  it('ignores non-JSON-RPC data and answers malformed requests with the right error', async () => {
    const { view, bridge, warnings } = start()
    view.post('hello')
    view.post({ jsonrpc: '1.0', id: 1, method: 'x' })
    view.post(null)
    const badParams = await view.request('ui/initialize', 'nope' as never)
    expect(badParams.error.code).toBe(-32602)
    view.post({ jsonrpc: '2.0', id: 77, method: 42 })
    await until(() => view.received.find((m) => m.id === 77))
    expect(view.received.find((m) => m.id === 77).error.code).toBe(-32600)
    const unknown = await view.request('no/such-method', {})
    expect(unknown.error.code).toBe(-32601)
    const init = await view.initialize({ appInfo: 'x' }, { initialized: false })
    expect(init.error.code).toBe(-32602)
    expect(bridge.closed).toBe(false)
    expect(warnings.some((w) => w.code === 'MALFORMED')).toBe(true)
  })

  it('drops messages from another window or another origin', async () => {
    const { view, pair, bridge, warnings } = start({}, { viewOrigin: 'https://sandbox.example' })
    pair.injectToHost({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: {} }, { source: {} })
    pair.injectToHost({ jsonrpc: '2.0', id: 2, method: 'ui/initialize', params: {} }, { origin: 'https://evil.example' })
    await pair.flush()
    expect(view.received).toEqual([])
    expect(bridge.appInfo).toBeUndefined()
    expect(warnings.some((w) => w.code === 'POLICY' && w.message.includes('evil.example'))).toBe(true)
    // Posting goes to the pinned origin, never "*".
    await view.initialize()
    expect(pair.log.filter((entry) => entry.from === 'host').every((entry) => entry.targetOrigin === 'https://sandbox.example')).toBe(true)
  })

  it('survives a throwing listener', async () => {
    const { view, bridge } = start()
    const reported = vi.fn()
    vi.stubGlobal('reportError', reported)
    bridge.on('initialized', () => {
      throw new Error('listener bug')
    })
    await view.initialize()
    vi.unstubAllGlobals()
    expect(reported).toHaveBeenCalledWith(expect.objectContaining({ message: 'listener bug' }))
    const ping = await view.request('ping')
    expect(ping.result).toEqual({})
  })
})

describe('host → view requests', () => {
  it('calls and lists the view\'s own tools, only when the view declared tools', async () => {
    const { view, bridge } = start()
    view.answer('tools/list', () => ({ tools: [{ name: 'zoom', inputSchema: { type: 'object' } }] }))
    view.answer('tools/call', (params) => ({ content: [{ type: 'text', text: `called ${params.name}` }] }))
    await view.initialize({ appCapabilities: { tools: { listChanged: true } } })
    expect((await bridge.listTools()).tools.map((t) => t.name)).toEqual(['zoom'])
    expect(await bridge.callTool({ name: 'zoom', arguments: {} })).toEqual({ content: [{ type: 'text', text: 'called zoom' }] })
    const changed = vi.fn()
    bridge.on('toolslistchanged', changed)
    view.notify('notifications/tools/list_changed')
    await until(() => changed.mock.calls.length === 1)
  })

  it('whenInitialized takes timeoutMs Infinity (or past what a timer holds) as no timeout, not as one that fires at once', async () => {
    const { view, bridge } = start()
    const outcomes: string[] = []
    for (const timeoutMs of [Infinity, 2 ** 31]) bridge.whenInitialized({ timeoutMs }).then(() => outcomes.push('initialized'), (error) => outcomes.push(error.code))
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(outcomes).toEqual([])
    await view.initialize()
    await until(() => outcomes.length === 2)
    expect(outcomes).toEqual(['initialized', 'initialized'])
  })

  it('whenInitialized settles on abort, on close and at once when initialized', async () => {
    const { view, bridge } = start()
    const controller = new AbortController()
    const aborted = bridge.whenInitialized({ signal: controller.signal })
    controller.abort('the user closed the chat')
    // The reason, as a request's cancellation gives it.
    await expect(aborted).rejects.toMatchObject({ code: 'CANCELLED', message: 'whenInitialized: cancelled (the user closed the chat)', cause: 'the user closed the chat' })
    // Already aborted: at once, not at the (long) timeout.
    await expect(bridge.whenInitialized({ signal: controller.signal, timeoutMs: 60_000 })).rejects.toMatchObject({ code: 'CANCELLED' })
    await expect(bridge.whenInitialized({ timeoutMs: 10 })).rejects.toMatchObject({ code: 'TIMEOUT' })
    await view.initialize()
    await expect(bridge.whenInitialized()).resolves.toBeUndefined()
    const other = start()
    const waiting = other.bridge.whenInitialized()
    other.bridge.close('gone')
    await expect(waiting).rejects.toMatchObject({ code: 'CLOSED', message: 'gone' })
  })

  it('whenInitialized stops listening to a long-lived signal once it settles', async () => {
    const { view, bridge } = start()
    const controller = new AbortController()
    const added = vi.spyOn(controller.signal, 'addEventListener')
    const removed = vi.spyOn(controller.signal, 'removeEventListener')
    const waiting = bridge.whenInitialized({ signal: controller.signal })
    await view.initialize()
    await waiting
    await expect(bridge.whenInitialized({ signal: controller.signal, timeoutMs: 1 })).resolves.toBeUndefined()
    const other = start()
    await expect(other.bridge.whenInitialized({ signal: controller.signal, timeoutMs: 1 })).rejects.toMatchObject({ code: 'TIMEOUT' })
    // Each listener it added is gone: a host that passes one signal for a page's life does not pile them up.
    expect(added).toHaveBeenCalledTimes(2)
    expect(removed.mock.calls.map(([type, listener]) => [type, listener])).toEqual(added.mock.calls.map(([type, listener]) => [type, listener]))
  })

  it('refuses app tools calls when the view declared none, and list changes it did not declare', async () => {
    const { view, bridge, pair, warnings } = start()
    const changed = vi.fn()
    bridge.on('toolslistchanged', changed)
    await view.initialize({ appCapabilities: { tools: {} } })
    view.notify('notifications/tools/list_changed')
    await pair.flush()
    expect(changed).not.toHaveBeenCalled()
    expect(warnings.some((w) => w.message.includes('tools.listChanged'))).toBe(true)
    const bare = start()
    await bare.view.initialize()
    await expect(bare.bridge.listTools()).rejects.toMatchObject({ code: 'NOT_SUPPORTED' })
  })

  it('waits for initialized before calling, and times out', async () => {
    // The bridge's timeout is long enough for the handshake on a busy machine; the slow call's own is short.
    const { view, bridge } = start({ timeoutMs: 5_000 })
    view.answer('ping', () => ({}))
    const early = bridge.ping()
    await view.initialize()
    await early
    expect(view.received.filter((m) => m.method === 'ping')).toHaveLength(1)
    view.answer('tools/call', () => new Promise(() => {}))
    await view.initialize({ appCapabilities: { tools: {} } })
    await expect(bridge.callTool({ name: 'slow' }, { timeoutMs: 50 })).rejects.toMatchObject({ code: 'TIMEOUT' })
    // The bridge's own timeout, for a call made once the view is initialized.
    const short = start({ timeoutMs: 50 })
    short.view.answer('tools/call', () => new Promise(() => {}))
    await short.view.initialize({ appCapabilities: { tools: {} } })
    await expect(short.bridge.callTool({ name: 'slow' })).rejects.toMatchObject({ code: 'TIMEOUT' })
  })

  it('validates what the view answers', async () => {
    const { view, bridge } = start()
    view.answer('tools/list', () => ({ tools: 'nope' }))
    await view.initialize({ appCapabilities: { tools: {} } })
    await expect(bridge.listTools()).rejects.toMatchObject({ code: 'INVALID_PARAMS' })
  })
})

describe('teardown and close', () => {
  it('sends the reason, waits for the answer, then closes', async () => {
    const { view, bridge } = start()
    let answered = false
    view.answer('ui/resource-teardown', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20))
      answered = true
      return {}
    })
    await view.initialize()
    const closed = vi.fn()
    bridge.on('close', closed)
    await bridge.teardown('user closed the chat')
    expect(answered).toBe(true)
    expect(view.received.find((m) => m.method === 'ui/resource-teardown').params).toEqual({ reason: 'user closed the chat' })
    expect(closed).toHaveBeenCalledWith('user closed the chat')
    expect(bridge.closed).toBe(true)
  })

  it('takes -32601 from a view with no teardown handler as its answer: no warning (the official App without onteardown)', async () => {
    const { view, bridge, warnings } = start()
    view.answer('ui/resource-teardown', () => {
      throw new BridgeError('NOT_SUPPORTED', 'Method not found: ui/resource-teardown', { rpcCode: -32601 })
    })
    await view.initialize()
    await bridge.teardown()
    expect(view.received.some((m) => m?.method === 'ui/resource-teardown')).toBe(true)
    expect(bridge.closed).toBe(true)
    expect(warnings).toEqual([])
  })

  it('does not warn when the bridge closes while the view is tearing down (its frame removed, or the host closing it)', async () => {
    const { view, bridge, warnings } = start()
    view.answer('ui/resource-teardown', () => new Promise(() => {}))
    await view.initialize()
    const closed = vi.fn()
    bridge.on('close', closed)
    const tearingDown = bridge.teardown('message deleted')
    await until(() => view.received.some((m) => m?.method === 'ui/resource-teardown'), 1_000, 'the teardown request')
    bridge.close('frame removed')
    await tearingDown
    expect(warnings).toEqual([])
    expect(closed).toHaveBeenCalledExactlyOnceWith('frame removed')
  })

  it('warns when the view fails its teardown', async () => {
    const { view, bridge, warnings } = start()
    view.answer('ui/resource-teardown', () => {
      throw new Error('could not save')
    })
    await view.initialize()
    await bridge.teardown()
    expect(bridge.closed).toBe(true)
    expect(warnings).toEqual([expect.objectContaining({ code: 'UNEXPECTED', message: 'Teardown: could not save' })])
  })

  it('gives up on a silent view after the teardown timeout', async () => {
    const { view, bridge, warnings } = start({ teardownTimeoutMs: 30 })
    await view.initialize()
    const started = Date.now()
    await bridge.teardown()
    expect(Date.now() - started).toBeLessThan(1000)
    expect(bridge.closed).toBe(true)
    expect(warnings.some((w) => w.message.includes('timed out'))).toBe(true)
  })

  it('gives up on time even when the view reports progress it was never asked for', async () => {
    const { view, bridge } = start({ teardownTimeoutMs: 60 })
    await view.initialize()
    const keepAlive = setInterval(() => {
      const request = view.received.find((m) => m?.method === 'ui/resource-teardown')
      if (request) view.notify('notifications/progress', { progressToken: request.id, progress: Date.now() })
    }, 20)
    const started = Date.now()
    try {
      await bridge.teardown()
    } finally {
      clearInterval(keepAlive)
    }
    expect(Date.now() - started).toBeLessThan(400)
    expect(bridge.closed).toBe(true)
  })

  it('skips the request for a view that never initialized', async () => {
    const { view, bridge } = start()
    await bridge.teardown()
    expect(view.received).toEqual([])
    expect(bridge.closed).toBe(true)
  })

  it('settles everything pending on close and removes its listener', async () => {
    const { view, bridge, pair } = start()
    view.answer('tools/call', () => new Promise(() => {}))
    await view.initialize({ appCapabilities: { tools: {} } })
    expect(listenedFrames(pair.host as never)).toBe(1)
    const pending = bridge.callTool({ name: 'x' })
    await until(() => bridge.pendingCount === 1)
    bridge.close('bye')
    await expect(pending).rejects.toMatchObject({ code: 'CLOSED' })
    expect(listenedFrames(pair.host as never)).toBe(0)
    expect(() => bridge.sendToolInput({})).toThrow(expect.objectContaining({ code: 'CLOSED' }))
    const after = bridge.ping()
    await expect(after).rejects.toMatchObject({ code: 'CLOSED' })
  })

  it('lets a displaymodechange listener close the bridge: setHostContext returns quietly, the change having gone out first', async () => {
    const { view, bridge, pair } = start({ hostContext: { availableDisplayModes: ['inline', 'fullscreen'] } })
    await view.initialize({ appCapabilities: { availableDisplayModes: ['inline', 'fullscreen'] } })
    bridge.on('displaymodechange', () => bridge.close('the host removes fullscreen views'))
    expect(() => bridge.setHostContext({ displayMode: 'fullscreen' })).not.toThrow()
    await pair.flush()
    expect(bridge.closed).toBe(true)
    // The event follows the change on the wire (a listener's own change must follow it too).
    expect(view.notifications('ui/notifications/host-context-changed').map((n) => n.params)).toEqual([{ displayMode: 'fullscreen' }])
  })

  it('closes once: a second close() or a teardown afterwards changes nothing and emits no second close', async () => {
    const { view, bridge, pair } = start()
    await view.initialize()
    const closed = vi.fn()
    bridge.on('close', closed)
    bridge.close('first')
    bridge.close('second')
    await bridge.teardown('third')
    await pair.flush()
    expect(closed.mock.calls).toEqual([['first']])
    expect(view.received.filter((m) => m.method === 'ui/resource-teardown')).toEqual([])
  })

  it('shares one message listener among many bridges', async () => {
    const { pair } = start()
    const others = Array.from({ length: 20 }, () => new HostBridge({ hostInfo: HOST_INFO, target: { postMessage() {} } as never, targetOrigin: 'null', hostWindow: pair.host as never }))
    const added = vi.spyOn(pair.host, 'addEventListener')
    const more = new HostBridge({ hostInfo: HOST_INFO, target: { postMessage() {} } as never, targetOrigin: 'null', hostWindow: pair.host as never })
    expect(added).not.toHaveBeenCalled()
    expect(listenedFrames(pair.host as never)).toBe(22)
    for (const bridge of [...others, more]) bridge.close()
    expect(listenedFrames(pair.host as never)).toBe(1)
  })
})

describe('list changes relayed by the host', () => {
  it('sends list_changed only when advertised and initialized', async () => {
    const { view, bridge, pair } = start({ capabilities: { serverTools: { listChanged: true }, serverResources: {} } })
    bridge.sendListChanged('tools')
    await view.initialize()
    bridge.sendListChanged('tools')
    bridge.sendListChanged('resources')
    bridge.sendListChanged('prompts')
    await pair.flush()
    expect(view.notifications().map((m) => m.method)).toEqual(['notifications/tools/list_changed', 'notifications/prompts/list_changed'])
  })
})
