/**
 * `mountMcpUiApp` in a happy-dom page: the same sandboxed frame and CSP as `mountApp`, the preferred
 * frame size, render data on load, the relay for an external page, the host's `intent`/`notify`
 * events with their rate limits, and refusals. (Scripts do not run in happy-dom frames: the app is
 * scripted from outside, posting on the host window with the frame's window as the source.)
 */
import { Window } from 'happy-dom'
import { afterEach, describe, expect, it } from 'vitest'
import { mountMcpUiApp, type MountMcpUiAppOptions, type MountedMcpUiApp } from '../../src/mcp-ui/index.js'
import { until } from '../host/helpers.js'

const HOST_INFO = { name: 'compat-test-host', version: '1.0.0' }
const LEGACY = { uri: 'ui://legacy/app', mimeType: 'text/html', text: '<!doctype html><html><head></head><body><button>Go</button></body></html>' }

let pages: Window[] = []
const mounted = new Map<MountedMcpUiApp, { received: any[] }>()
afterEach(async () => {
  for (const page of pages) {
    await page.happyDOM.abort()
    page.close()
  }
  pages = []
})

function mount(options: Partial<MountMcpUiAppOptions> = {}) {
  const window = new Window({ url: 'https://host.example/chat' })
  pages.push(window)
  const container = window.document.createElement('div')
  window.document.body.appendChild(container)
  // The app listens from the moment its frame is in the document, as a real app's script would.
  const received: any[] = []
  const append = container.appendChild.bind(container)
  container.appendChild = ((node: any) => {
    const inserted = append(node)
    node.contentWindow?.addEventListener('message', (event: any) => void received.push(event.data))
    return inserted
  }) as never
  const app = mountMcpUiApp({ container: container as unknown as Element, sandbox: 'srcdoc', hostInfo: HOST_INFO, resource: LEGACY, ...options } as MountMcpUiAppOptions)
  const warnings: string[] = []
  app.bridge.on('warning', (warning) => void warnings.push(warning.message))
  mounted.set(app, { received })
  return { window, app, warnings, received }
}

/** The app in `app`'s frame: what it posts reaches the host; what it received is recorded from its insertion on. */
async function appOf(app: MountedMcpUiApp, window: Window) {
  await until(() => app.iframe.isConnected && app.iframe.contentWindow, 2000, 'the frame')
  const frameWindow = app.iframe.contentWindow as unknown as Window
  const { received } = mounted.get(app)!
  return {
    received,
    post: (data: unknown) =>
      setTimeout(() => window.dispatchEvent(new window.MessageEvent('message', { data: structuredClone(data) as never, origin: 'null', source: frameWindow as never }))),
    ofType: (type: string) => received.filter((message) => message?.type === type),
  }
}

describe('mountMcpUiApp', () => {
  it('frames the legacy HTML like an MCP App (opaque sandbox, CSP first), sized as the resource prefers', async () => {
    const { app, window } = mount({ resource: { ...LEGACY, _meta: { 'mcpui.dev/ui-preferred-frame-size': ['480px', '320px'] } } })
    await appOf(app, window)
    expect(app.iframe.getAttribute('sandbox')).toBe('allow-scripts')
    expect(app.iframe.getAttribute('srcdoc')).toMatch(/^<!doctype html><meta http-equiv="Content-Security-Policy" content="default-src 'none';/)
    expect([app.iframe.style.width, app.iframe.style.height]).toStrictEqual(['480px', '320px'])
    // A legacy resource is initialized by the translator: `ready` does not wait for the app.
    await app.ready
    expect(app.protocol).toBe('mcp-ui')
    expect(app.bridge.appInfo?.name).toBe('mcp-ui-app')
  })

  it('sends render data (initial, host\'s, tool data) when the document loads, and resizes from ui-size-change', async () => {
    const { app, window } = mount({
      resource: { ...LEGACY, _meta: { 'mcpui.dev/ui-initial-render-data': { from: 'server', n: 1 } } },
      renderData: { n: 2 },
      toolInput: { q: 'tea' },
      toolResult: { content: [{ type: 'text', text: 'green' }] },
      hostContext: { theme: 'dark' },
    })
    const frame = await appOf(app, window)
    // happy-dom loads the srcdoc document like a browser: that load is when MCP-UI sends render data.
    await until(() => frame.ofType('ui-lifecycle-iframe-render-data').length === 1)
    expect(frame.received[0].payload.renderData).toMatchObject({ from: 'server', n: 2, toolInput: { q: 'tea' }, toolOutput: { content: [{ type: 'text', text: 'green' }] }, theme: 'dark' })
    frame.post({ type: 'ui-size-change', payload: { height: 333 } })
    await until(() => app.iframe.style.height === '333px')
  })

  it('gives intents and notifications to the host\'s listeners; the first answer is the app\'s response', async () => {
    const { app, window } = mount()
    const frame = await appOf(app, window)
    const seen: unknown[] = []
    app.on('intent', (payload) => void seen.push(payload))
    app.on('intent', async ({ intent }) => ({ accepted: intent }))
    app.on('notify', ({ message }) => void seen.push(message))
    frame.post({ type: 'intent', messageId: 'i1', payload: { intent: 'checkout', params: { cart: 3 } } })
    frame.post({ type: 'notify', messageId: 'n1', payload: { message: 'added to cart' } })
    await until(() => frame.ofType('ui-message-response').length === 2)
    expect(seen).toStrictEqual([{ intent: 'checkout', params: { cart: 3 } }, 'added to cart'])
    expect(frame.ofType('ui-message-response').map((m) => [m.messageId, m.payload])).toStrictEqual([
      ['i1', { response: { accepted: 'checkout' } }],
      ['n1', { response: undefined }],
    ])
  })

  it('answers with the first listener\'s answer when several answer', async () => {
    const { app, window } = mount()
    const frame = await appOf(app, window)
    app.on('intent', () => ({ by: 'first' }))
    app.on('intent', async () => ({ by: 'second' }))
    frame.post({ type: 'intent', messageId: 'i', payload: { intent: 'x' } })
    await until(() => frame.ofType('ui-message-response').length === 1)
    expect(frame.ofType('ui-message-response')[0].payload).toStrictEqual({ response: { by: 'first' } })
  })

  it('tells the app when nobody handles intents, and rate-limits them with the host\'s action budget', async () => {
    const { app, window } = mount({ rateLimits: { actions: { burst: 2, perSecond: 0.001 } } })
    const frame = await appOf(app, window)
    frame.post({ type: 'intent', messageId: 'unhandled', payload: { intent: 'x' } })
    await until(() => frame.ofType('ui-message-response').length === 1)
    // By type, not position: the render data may reach the app after the response.
    expect(frame.ofType('ui-message-response')[0].payload.error).toMatchObject({ code: -32601, message: 'intent: no host handler' })
    let handled = 0
    app.on('intent', () => void handled++)
    for (let i = 0; i < 4; i++) frame.post({ type: 'intent', messageId: `i${i}`, payload: { intent: 'x' } })
    await until(() => frame.ofType('ui-message-response').length === 5)
    // The unanswered one spent a token too: the budget counts what the app asked for.
    expect(handled).toBe(1)
    expect(frame.ofType('ui-message-response').filter((m) => m.payload.error?.message === 'intent: rate limited')).toHaveLength(3)
  })

  it('answers ui-request-data with the host\'s listener, or tells the app nobody handles it (its app waits for the answer)', async () => {
    const { app, window } = mount()
    const frame = await appOf(app, window)
    frame.post({ type: 'ui-request-data', messageId: 'd0', payload: { requestType: 'get-payment-methods' } })
    await until(() => frame.ofType('ui-message-response').length === 1)
    expect(frame.ofType('ui-message-response')[0].payload.error).toMatchObject({ code: -32601, message: 'ui-request-data: no host handler' })
    app.on('ui-request-data', ({ requestType }) => (requestType === 'get-payment-methods' ? ['card'] : undefined))
    frame.post({ type: 'ui-request-data', messageId: 'd1', payload: { requestType: 'get-payment-methods', params: {} } })
    await until(() => frame.ofType('ui-message-response').length === 2)
    expect(frame.ofType('ui-message-response')[1]).toStrictEqual({ type: 'ui-message-response', messageId: 'd1', payload: { response: ['card'] } })
  })

  it('rate-limits notifications with the host\'s notification budget, not the action budget', async () => {
    const { app, window } = mount({ rateLimits: { notifications: { burst: 2, perSecond: 0.001 }, actions: { burst: 100, perSecond: 100 } } })
    const frame = await appOf(app, window)
    let handled = 0
    app.on('notify', () => void handled++)
    for (let i = 0; i < 4; i++) frame.post({ type: 'notify', messageId: `n${i}`, payload: { message: 'x' } })
    await until(() => frame.ofType('ui-message-response').length === 4)
    expect(handled).toBe(2)
    expect(frame.ofType('ui-message-response').filter((m) => m.payload.error?.message === 'notify: rate limited')).toHaveLength(2)
  })

  it('holds intents and notifications to the host\'s message limits (one over maxBytes is dropped)', async () => {
    const { app, window } = mount({ limits: { maxBytes: 10_000 } })
    const frame = await appOf(app, window)
    const seen: string[] = []
    app.on('notify', ({ message }) => void seen.push(message))
    frame.post({ type: 'notify', messageId: 'big', payload: { message: 'big', blob: 'x'.repeat(20_000) } })
    frame.post({ type: 'notify', messageId: 'small', payload: { message: 'small' } })
    await until(() => frame.ofType('ui-message-response').length === 1)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(seen).toStrictEqual(['small'])
    expect(frame.ofType('ui-message-response').map((m) => m.messageId)).toStrictEqual(['small'])
  })

  it('frames an external page through the relay, with only that origin allowed to be framed', async () => {
    const { app, window, warnings } = mount({ resource: { uri: 'ui://ext', mimeType: 'text/html;profile=mcp-app', text: 'https://apps.example.com/widget' } })
    await appOf(app, window)
    const srcdoc = app.iframe.getAttribute('srcdoc')!
    expect(srcdoc).toContain('frame-src https://apps.example.com;')
    expect(srcdoc).toContain('<iframe sandbox="allow-scripts" src="https://apps.example.com/widget"></iframe>')
    expect(warnings).toContain('MCP-UI resource ui://ext: a URL, not HTML')
    expect(app.protocol).toBe('mcp-ui')
  })

  it('reports a _meta.ui.csp that is not an object once, as MALFORMED, for an external page and for HTML alike', async () => {
    for (const resource of [
      { uri: 'ui://ext', mimeType: 'text/uri-list', text: 'https://apps.example.com/widget', _meta: { ui: { csp: 'https://api.example.com' } } },
      { uri: 'ui://html', mimeType: 'text/html', text: '<p>app</p>', _meta: { ui: { csp: 'https://api.example.com' } } },
    ]) {
      const { app, window } = mount({ resource })
      const warnings: Array<[string, string]> = []
      app.bridge.on('warning', (warning) => void warnings.push([warning.code, warning.message]))
      await appOf(app, window)
      await until(() => warnings.length > 0)
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(warnings, resource.uri).toStrictEqual([['MALFORMED', '_meta.ui.csp is not an object: ignored']])
    }
  })

  it('asks an external page to wait for render data when the host gives it render data (as @mcp-ui/client does for iframeRenderData)', async () => {
    const { app, window } = mount({ resource: { uri: 'ui://ext', mimeType: 'text/uri-list', text: 'https://apps.example.com/widget' }, renderData: { user: 'ada' } })
    await appOf(app, window)
    expect(app.iframe.getAttribute('srcdoc')).toContain('src="https://apps.example.com/widget?waitForRenderData=true"')
    expect(app.protocol).toBe('mcp-ui')
  })

  it('throws for a resource it cannot show, before framing anything', () => {
    expect(() => mount({ resource: { uri: 'ui://x', mimeType: 'application/json', text: '{}' } })).toThrow(expect.objectContaining({ code: 'PROTOCOL' }))
  })

  it('is left to the frame when the resource claims to be an MCP App: ready waits for the app\'s own handshake', async () => {
    const { app, window } = mount({ resource: { ...LEGACY, mimeType: 'text/html;profile=mcp-app' } })
    const frame = await appOf(app, window)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(app.protocol).toBeUndefined()
    expect(app.bridge.appInfo).toBeUndefined()
    frame.post({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: { appInfo: { name: 'app', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' } })
    frame.post({ jsonrpc: '2.0', method: 'ui/notifications/initialized' })
    await app.ready
    expect(app.protocol).toBe('mcp-apps')
    await until(() => frame.received.length > 0)
    expect(frame.received[0]).toMatchObject({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2026-01-26' } })
  })

  it('closes with the bridge: teardown removes the frame without waiting on the app', async () => {
    const { app, window } = mount()
    await appOf(app, window)
    await app.ready
    await app.teardown('done')
    expect(app.bridge.closed).toBe(true)
    expect(app.iframe.isConnected).toBe(false)
  })
})
