/**
 * Host behaviour the documents promise (README.md, READINGS.md) that no other unit test pinned.
 * Each test names the claim it proves.
 */
import { describe, expect, it, vi } from 'vitest'
import { hostsClosedAfterEach } from './helpers.js'

const start = hostsClosedAfterEach()

describe('what the documents promise a host', () => {
  // README, "What a host should know": "without `availableDisplayModes` every display-mode request keeps `inline`".
  it('keeps every display-mode request inline when the host context offers no availableDisplayModes, without asking the handler', async () => {
    for (const appCapabilities of [{}, { availableDisplayModes: ['inline', 'fullscreen', 'pip'] }]) {
      const requestDisplayMode = vi.fn((params: { mode: string }) => params.mode as never)
      const { view, bridge, pair } = start({ hostContext: { theme: 'dark' }, handlers: { requestDisplayMode } })
      await view.initialize({ appCapabilities })
      for (const mode of ['fullscreen', 'pip', 'inline']) {
        expect((await view.request('ui/request-display-mode', { mode })).result, `${mode}, app declared ${JSON.stringify(appCapabilities)}`).toEqual({ mode: 'inline' })
      }
      await pair.flush()
      expect(requestDisplayMode).not.toHaveBeenCalled()
      expect(view.notifications('ui/notifications/host-context-changed')).toEqual([])
      expect(bridge.hostContext.displayMode ?? 'inline').toBe('inline')
    }
  })

  // READINGS.md item 2: "a second `initialized` without a new `ui/initialize` is ignored with a warning".
  it('ignores a second initialized without a new ui/initialize, with an UNEXPECTED warning: no tool data again, no second initialized event', async () => {
    const { view, bridge, pair, warnings } = start()
    const initialized = vi.fn()
    bridge.on('initialized', initialized)
    bridge.sendToolInput({ city: 'Oslo' })
    bridge.sendToolResult({ content: [{ type: 'text', text: 'sunny' }] })
    await view.initialize()
    await pair.flush()
    const sent = view.received.length
    view.notify('ui/notifications/initialized', {})
    await pair.flush()
    expect((await view.request('ping')).result).toEqual({})
    expect(view.received.slice(sent).filter((message) => 'method' in message)).toEqual([])
    expect(initialized).toHaveBeenCalledOnce()
    expect(bridge.initialized).toBe(true)
    expect(warnings.filter((w) => w.code === 'UNEXPECTED').map((w) => w.message)).toEqual(['ui/notifications/initialized: repeated: ignored'])
  })

  // SECURITY.md, rate limits: notifications over the limit are "dropped with one warning per 1,000".
  it('warns once per 1,000 notifications dropped over the rate limit, not once per drop', async () => {
    const { view, bridge, pair, warnings } = start({ rateLimits: { notifications: { burst: 1, perSecond: 0.001 } } })
    const sizes = vi.fn()
    bridge.on('sizechange', sizes)
    await view.initialize()
    for (let i = 0; i < 2_002; i++) view.notify('ui/notifications/size-changed', { height: i })
    await pair.flush()
    expect(sizes).toHaveBeenCalledTimes(1)
    // 2,001 dropped: the 1st, the 1,001st and the 2,001st each raise a warning.
    expect(warnings.filter((w) => w.code === 'POLICY' && /rate limited/.test(w.message))).toHaveLength(3)
  })

  // SECURITY.md, ordering: "every view request but `ping` before `ui/initialize` is refused".
  it('refuses every view request before ui/initialize with -32600, every capability advertised, and answers ping', async () => {
    const handlers = { message: vi.fn(), openLink: vi.fn(), downloadFile: vi.fn(), updateModelContext: vi.fn(), createSamplingMessage: vi.fn(), requestDisplayMode: vi.fn(), callTool: vi.fn(), readResource: vi.fn(), listResources: vi.fn(), listResourceTemplates: vi.fn(), listPrompts: vi.fn() }
    const capabilities = { message: {}, openLinks: {}, downloadFile: {}, updateModelContext: {}, sampling: {}, serverTools: {}, serverResources: {}, logging: {} }
    const { view, bridge } = start({ capabilities, handlers, hostContext: { displayMode: 'inline', availableDisplayModes: ['inline', 'fullscreen'] } })
    const calls: Array<[string, Record<string, unknown>]> = [
      ['ui/message', { role: 'user', content: [{ type: 'text', text: 'x' }] }],
      ['ui/open-link', { url: 'https://example.com' }],
      ['ui/download-file', { contents: [{ type: 'resource_link', uri: 'https://example.com/f', name: 'f' }] }],
      ['ui/update-model-context', { content: [{ type: 'text', text: 'x' }] }],
      ['sampling/createMessage', { messages: [], maxTokens: 10 }],
      ['ui/request-display-mode', { mode: 'fullscreen' }],
      ['tools/call', { name: 'x' }],
      ['resources/read', { uri: 'ui://x' }],
      ['resources/list', {}],
      ['resources/templates/list', {}],
      ['prompts/list', {}],
    ]
    for (const [method, params] of calls) expect((await view.request(method, params)).error?.code, method).toBe(-32600)
    expect((await view.request('ping')).result).toEqual({})
    for (const [name, handler] of Object.entries(handlers)) expect(handler, name).not.toHaveBeenCalled()
    expect(bridge.hostContext.displayMode).toBe('inline')
  })
})
