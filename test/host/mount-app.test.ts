/**
 * `mountApp` in a happy-dom page: srcdoc framing, CSP and `allow`, tool data streaming, sizing,
 * display modes, and the frame's life tied to the bridge's. (Scripts do not run in happy-dom
 * frames, so the view is scripted from the outside: its messages are dispatched on the host
 * window with the frame's window as `source`, and the host's are read on the frame's window.)
 */
import { Window } from 'happy-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_CSP, FRAME_MOVED, listenedFrames, mountApp, type CallToolResult, type McpUiHostCapabilities, type MountAppOptions, type MountedApp } from '../../src/host/index.js'
import { HOST_INFO, createScriptedView, until, type ScriptedView } from './helpers.js'

const MIME = 'text/html;profile=mcp-app'
const HTML = '<!doctype html><html lang="en"><head><title>app</title></head><body><p>app</p></body></html>'
const tool = { name: 'show_chart', title: 'Chart', inputSchema: { type: 'object' as const }, _meta: { ui: { resourceUri: 'ui://charts/app' } } }

let pages: Window[] = []
afterEach(async () => {
  for (const page of pages) {
    await page.happyDOM.abort()
    page.close()
  }
  pages = []
})

function openPage(url = 'https://host.example/chat') {
  const page = new Window({ url })
  pages.push(page)
  const container = page.document.createElement('div')
  page.document.body.appendChild(container)
  return { window: page, container: container as unknown as Element }
}

function mount(options: Partial<MountAppOptions> = {}) {
  const { window, container } = openPage()
  const app = mountApp({ container, sandbox: 'srcdoc', hostInfo: HOST_INFO, resource: { html: HTML }, ...options } as MountAppOptions)
  return { window, container, app }
}

/** The view inside `app`'s frame, once the frame exists. */
async function viewOf(app: MountedApp, window: Window): Promise<ScriptedView> {
  await until(() => app.iframe.isConnected && app.iframe.contentWindow, 2000, 'the frame')
  const frameWindow = app.iframe.contentWindow as unknown as Window
  return createScriptedView(
    (data) => setTimeout(() => window.dispatchEvent(new window.MessageEvent('message', { data: structuredClone(data) as never, origin: 'null', source: frameWindow as never }))),
    (receive) => frameWindow.addEventListener('message', (event: any) => receive(event.data)),
    () => app.bridge,
  )
}

describe('framing a view with srcdoc', () => {
  it('uses an opaque-origin sandbox and puts the CSP first, after the doctype', async () => {
    const { app, window } = mount({ resource: { html: HTML, meta: { csp: { connectDomains: ['https://api.example.com'] }, permissions: { camera: {}, clipboardWrite: {} } } } })
    await viewOf(app, window)
    expect(app.iframe.getAttribute('sandbox')).toBe('allow-scripts')
    // Requested is not granted: without grantPermissions the frame gets none of them.
    expect(app.iframe.hasAttribute('allow')).toBe(false)
    const srcdoc = app.iframe.getAttribute('srcdoc')!
    expect(srcdoc.startsWith('<!doctype html><meta http-equiv="Content-Security-Policy" content="default-src \'none\';')).toBe(true)
    expect(srcdoc).toContain('connect-src https://api.example.com;')
    expect(srcdoc.endsWith(HTML.slice('<!doctype html>'.length))).toBe(true)
    expect(app.iframe.hasAttribute('data-prefers-border')).toBe(false)
  })

  it('exposes the server\'s border preference to the host\'s CSS', async () => {
    const { app, window } = mount({ resource: { html: HTML, meta: { prefersBorder: false } } })
    await viewOf(app, window)
    expect(app.iframe.getAttribute('data-prefers-border')).toBe('false')
  })

  it('reads the tool\'s resource through the client and tells the view what it granted', async () => {
    const readResource = vi.fn(async ({ uri }: { uri: string }) => ({
      contents: [{ uri, mimeType: MIME, text: HTML, _meta: { ui: { csp: { resourceDomains: ['https://cdn.example.com'] }, permissions: { microphone: {}, geolocation: {} } } } }],
    }))
    const { app, window } = mount({ resource: undefined, tool, toolCallId: 7, client: { readResource } as never, grantPermissions: ({ microphone }) => ({ microphone, usb: {} }) })
    const view = await viewOf(app, window)
    const init = await view.initialize()
    expect(readResource).toHaveBeenCalledWith({ uri: 'ui://charts/app' }, expect.anything())
    expect(init.result.hostContext.toolInfo).toEqual({ id: 7, tool })
    expect(init.result.hostCapabilities.sandbox).toEqual({
      csp: { connectDomains: [], resourceDomains: ['https://cdn.example.com'], frameDomains: [], baseUriDomains: [] },
      permissions: { microphone: {} },
    })
    expect(app.iframe.getAttribute('allow')).toBe('microphone')
    expect(app.iframe.title).toBe('Chart')
    const shown = await app.ready
    expect(shown.csp.policy).toContain('script-src \'self\' \'unsafe-inline\' https://cdn.example.com')
  })

  it("names the frame with the tool's display name: title, then annotations.title, then name", async () => {
    const names = []
    for (const named of [{ annotations: { title: 'Weather forecast' } }, { title: 'Forecast', annotations: { title: 'Weather forecast' } }, {}]) {
      const { app, window } = mount({ tool: { name: 'get_forecast', inputSchema: { type: 'object' }, ...named } })
      await viewOf(app, window)
      names.push(app.iframe.title)
    }
    expect(names).toEqual(['Weather forecast', 'Forecast', 'get_forecast'])
  })

  it('grants only permissions requested in the spec form (an object), whatever the grant function passes on', async () => {
    const { app, window } = mount({ resource: { html: HTML, meta: { permissions: { camera: true, microphone: {}, geolocation: 'yes', clipboardWrite: null } as never } }, grantPermissions: (requested) => requested })
    const view = await viewOf(app, window)
    const init = await view.initialize()
    expect(init.result.hostCapabilities.sandbox.permissions).toEqual({ microphone: {} })
    expect(app.iframe.getAttribute('allow')).toBe('microphone')
  })

  it('drops hostile CSP entries, reports each one, and grants none of them', async () => {
    const hostile = ['*', "'unsafe-eval'", 'https:', 'a.com; script-src *', 'https://ok.example.com', 'data:', 'https://*.com', 'javascript:alert(1)']
    const { app, window } = mount({ resource: { html: HTML, meta: { csp: { resourceDomains: hostile, connectDomains: hostile, frameDomains: hostile } } } })
    const warnings: string[] = []
    app.bridge.on('warning', (warning) => warnings.push(warning.message))
    const view = await viewOf(app, window)
    const init = await view.initialize()
    const policy = (await app.ready).csp.policy
    const ok = 'https://ok.example.com'
    expect(policy).toBe(
      `default-src 'none'; script-src 'self' 'unsafe-inline' ${ok}; style-src 'self' 'unsafe-inline' ${ok}; img-src 'self' data: ${ok}; ` +
        `media-src 'self' data: ${ok}; font-src 'self' ${ok}; connect-src ${ok}; frame-src ${ok}; object-src 'none'; base-uri 'self'`,
    )
    expect(app.iframe.getAttribute('srcdoc')).toContain(`content="${policy.replace(/"/g, '&quot;')}"`)
    expect(warnings.filter((w) => w.startsWith('CSP entry refused'))).toHaveLength(21)
    expect(init.result.hostCapabilities.sandbox.csp.resourceDomains).toEqual(['https://ok.example.com'])
  })

  it('reports a _meta.ui.csp that is not an object, and frames the view under the default policy', async () => {
    for (const csp of ['https://api.example.com', ['https://api.example.com'], 7]) {
      const { app, window } = mount({ resource: { html: HTML, meta: { csp: csp as never } } })
      const warnings: Array<[string, string]> = []
      app.bridge.on('warning', (warning) => warnings.push([warning.code, warning.message]))
      await (await viewOf(app, window)).initialize()
      expect((await app.ready).csp.policy).toBe(DEFAULT_CSP)
      expect(warnings).toStrictEqual([['MALFORMED', '_meta.ui.csp is not an object: ignored']])
    }
    // None declared (null, as JSON writes a missing value, or absent) is no mistake.
    const { app, window } = mount({ resource: { html: HTML, meta: { csp: null as never } } })
    const warnings: string[] = []
    app.bridge.on('warning', (warning) => warnings.push(warning.message))
    await (await viewOf(app, window)).initialize()
    await app.ready
    expect(warnings).toStrictEqual([])
  })

  it('reports a CSP entry with no string form (valid JSON: {"toString":1}) and still frames the view', async () => {
    const csp = JSON.parse('{"connectDomains":[{"toString":1},"https://api.example.com"]}')
    const { app, window } = mount({ resource: { html: HTML, meta: { csp } } })
    const warnings: string[] = []
    app.bridge.on('warning', (warning) => warnings.push(warning.message))
    const view = await viewOf(app, window)
    await view.initialize()
    expect((await app.ready).csp.granted.connectDomains).toEqual(['https://api.example.com'])
    expect(app.bridge.closed).toBe(false)
    expect(warnings.filter((w) => w.startsWith('CSP entry refused in connectDomains'))).toHaveLength(1)
  })

  it('refuses a given resource whose html is not a string: ready rejects with INVALID_PARAMS and nothing is framed', async () => {
    const { app, container } = mount({ resource: { html: 42 as never } })
    await expect(app.ready).rejects.toMatchObject({ code: 'INVALID_PARAMS', message: expect.stringContaining('resource.html') })
    expect(container.querySelector('iframe')).toBeNull()
    expect(app.bridge.closed).toBe(true)
  })

  it('refuses a resource with the wrong MIME type or URI: ready rejects and nothing is framed', async () => {
    const readResource = async ({ uri }: { uri: string }) => ({ contents: [{ uri, mimeType: 'text/html', text: HTML }] })
    const { app, container } = mount({ resource: undefined, tool, client: { readResource } as never })
    await expect(app.ready).rejects.toMatchObject({ code: 'PROTOCOL' })
    expect(app.bridge.closed).toBe(true)
    expect(container.querySelector('iframe')).toBeNull()
    const bad = mount({ resource: undefined, tool: { ...tool, _meta: { ui: { resourceUri: 'https://evil.example/app.html' } } }, client: { readResource } as never })
    await expect(bad.app.ready).rejects.toMatchObject({ code: 'NOT_SUPPORTED' })
  })
})

describe('the sandbox proxy option', () => {
  it('refuses a proxy on the host\'s own origin unless the danger is named', () => {
    const { container } = openPage('https://host.example/chat')
    const options = { container, hostInfo: HOST_INFO, resource: { html: HTML } }
    expect(() => mountApp({ ...options, sandbox: { proxyUrl: '/sandbox.html' } })).toThrow(expect.objectContaining({ code: 'DENIED' }))
    expect(() => mountApp({ ...options, sandbox: { proxyUrl: 'https://host.example:443/sandbox.html' } })).toThrow(expect.objectContaining({ code: 'DENIED' }))
    expect(() => mountApp({ ...options, sandbox: { proxyUrl: 'javascript:alert(1)' } })).toThrow(expect.objectContaining({ code: 'INVALID_PARAMS' }))
    const risky = mountApp({ ...options, sandbox: { proxyUrl: '/sandbox.html', dangerouslyAllowSameOriginProxy: true } })
    risky.bridge.close()
    const other = mountApp({ ...options, sandbox: { proxyUrl: 'https://sandbox.example/proxy.html' } })
    other.bridge.close()
  })

  it('checks a proxy URL picked per resource once the resource is known', async () => {
    const { container } = openPage('https://host.example/chat')
    const picked = vi.fn(() => 'https://host.example/sandbox.html')
    const app = mountApp({ container, hostInfo: HOST_INFO, resource: { html: HTML, meta: { domain: 'weather' } }, sandbox: { proxyUrl: picked } })
    await expect(app.ready).rejects.toMatchObject({ code: 'DENIED' })
    expect(picked).toHaveBeenCalledWith(expect.objectContaining({ meta: { domain: 'weather' } }))
    expect(container.querySelector('iframe')).toBeNull()
  })
})

describe('tool data', () => {
  it('streams input then result once the view is initialized', async () => {
    let finish!: (value: { content: Array<{ type: 'text'; text: string }> }) => void
    const { app, window } = mount({ toolInput: Promise.resolve({ q: 'x' }), toolResult: new Promise((resolve) => (finish = resolve)) })
    const view = await viewOf(app, window)
    await view.initialize()
    await until(() => view.notifications().length === 1)
    finish({ content: [{ type: 'text', text: 'done' }] })
    await until(() => view.notifications().length === 2)
    expect(view.notifications().map((m) => [m.method, m.params])).toEqual([
      ['ui/notifications/tool-input', { arguments: { q: 'x' } }],
      ['ui/notifications/tool-result', { content: [{ type: 'text', text: 'done' }] }],
    ])
  })

  it('sends nothing and reports nothing for tool data that settles after the bridge closed', async () => {
    let finish!: (value: { content: [] }) => void
    const { app, window } = mount({ toolInput: {}, toolResult: new Promise((resolve) => (finish = resolve)) })
    const view = await viewOf(app, window)
    await view.initialize()
    await until(() => view.notifications().length === 1)
    const warnings: unknown[] = []
    app.bridge.on('warning', (warning) => warnings.push(warning))
    app.bridge.close('the user left')
    finish({ content: [] })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(warnings).toEqual([])
  })

  it('turns a failed tool call into tool-cancelled, even when it fails before the input', async () => {
    let giveInput!: (value: Record<string, unknown>) => void
    const { app, window } = mount({ toolInput: new Promise((resolve) => (giveInput = resolve)), toolResult: Promise.reject(new Error('server exploded')) })
    const view = await viewOf(app, window)
    await view.initialize()
    giveInput({ a: 1 })
    await until(() => view.notifications().length === 2)
    expect(view.notifications().map((m) => [m.method, m.params])).toEqual([
      ['ui/notifications/tool-input', { arguments: { a: 1 } }],
      ['ui/notifications/tool-cancelled', { reason: 'server exploded' }],
    ])
  })

  it('turns a tool call failed with a value that has no string form into tool-cancelled', async () => {
    const { app, window } = mount({ toolInput: { q: 1 }, toolResult: Promise.reject(Object.create(null)) })
    const view = await viewOf(app, window)
    await view.initialize()
    await until(() => view.notifications().length === 2)
    expect(view.notifications()[1]).toMatchObject({ method: 'ui/notifications/tool-cancelled', params: { reason: 'a value with no string form' } })
  })

  it('sends a tool, its input and its result from a reactive store (a Proxy) as JSON, held or sent at once', async () => {
    let giveResult!: (value: CallToolResult) => void
    const { app, window } = mount({
      tool: new Proxy(structuredClone(tool), {}),
      toolInput: new Proxy({ q: 'x', nested: new Proxy({ n: 1 }, {}) }, {}),
      toolResult: new Promise((resolve) => (giveResult = resolve)),
    })
    const view = await viewOf(app, window)
    const init = await view.initialize()
    await app.ready
    expect(init.result.hostContext.toolInfo).toEqual({ tool })
    // After the handshake the result goes out at once, not through the held copy.
    giveResult(new Proxy({ content: [{ type: 'text', text: 'done' }], structuredContent: new Proxy({ ok: true }, {}) }, {}) as CallToolResult)
    await until(() => view.notifications().length === 2)
    expect(view.notifications().map((m) => [m.method, m.params])).toEqual([
      ['ui/notifications/tool-input', { arguments: { q: 'x', nested: { n: 1 } } }],
      ['ui/notifications/tool-result', { content: [{ type: 'text', text: 'done' }], structuredContent: { ok: true } }],
    ])
  })

  it('ends the call with tool-cancelled when the input or the result cannot be sent (neither cloneable nor JSON)', async () => {
    for (const data of [{ toolInput: new Proxy({ q: 1n }, {}) }, { toolInput: { q: 'x' }, toolResult: new Proxy({ content: [], n: 1n }, {}) }]) {
      const { app, window } = mount(data)
      const view = await viewOf(app, window)
      await view.initialize()
      await until(() => view.notifications().some((m) => m.method === 'ui/notifications/tool-cancelled'))
      expect(view.notifications().map((m) => m.method).filter((method) => method !== 'ui/notifications/tool-input')).toEqual(['ui/notifications/tool-cancelled'])
      expect(view.notifications().at(-1)!.params.reason).toMatch(/must be JSON/)
    }
  })

  it('stays quiet when the host cancelled the call itself and the aborted call then rejects', async () => {
    let reject!: (error: unknown) => void
    const { app, window } = mount({ toolInput: { q: 1 }, toolResult: new Promise((_, r) => (reject = r)) })
    const warnings: unknown[] = []
    app.bridge.on('warning', (warning) => warnings.push(warning))
    const view = await viewOf(app, window)
    await view.initialize()
    app.bridge.sendToolCancelled('Stopped by the user')
    reject(new DOMException('This operation was aborted', 'AbortError'))
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(view.notifications('ui/notifications/tool-cancelled').map((n) => n.params)).toEqual([{ reason: 'Stopped by the user' }])
    expect(warnings).toEqual([])
  })

  it('sends {} as input when only a result is given', async () => {
    const { app, window } = mount({ toolResult: { content: [] } })
    const view = await viewOf(app, window)
    await view.initialize()
    await until(() => view.notifications().length === 2)
    expect(view.notifications()[0].params).toEqual({ arguments: {} })
  })

  it('sends a result without content as a CallToolResult (content [], with a warning): the wire form is the spec\'s', async () => {
    const { app, window } = mount({ toolInput: { q: 1 }, toolResult: Promise.resolve({ structuredContent: { temperature: 21 } }) })
    const warnings: string[] = []
    app.bridge.on('warning', (warning) => void warnings.push(warning.message))
    const view = await viewOf(app, window)
    await view.initialize()
    await until(() => view.notifications().length === 2)
    expect(view.notifications()[1].params).toEqual({ structuredContent: { temperature: 21 }, content: [] })
    expect(warnings).toContain('mountApp: toolResult without content')
  })
})

describe('sizing', () => {
  it('follows the height, clamped to the limits, and leaves the width alone by default', async () => {
    const { app, window } = mount({ size: { maxHeight: 800, minHeight: 50 }, hostContext: { containerDimensions: { maxHeight: 600 } } })
    const view = await viewOf(app, window)
    await view.initialize()
    view.notify('ui/notifications/size-changed', { height: 321.2, width: 200 })
    await until(() => app.iframe.style.height === '322px')
    view.notify('ui/notifications/size-changed', { height: 5000 })
    await until(() => app.iframe.style.height === '600px')
    view.notify('ui/notifications/size-changed', { height: 3 })
    await until(() => app.iframe.style.height === '50px')
    expect(app.iframe.style.maxWidth).toBe('')
  })

  it('starts at initialHeight until the view reports its size, within the limits; a fixed height wins', async () => {
    const startingHeight = async (options: Parameters<typeof mount>[0]) => {
      const { app, window } = mount(options)
      await viewOf(app, window)
      return app.iframe.style.height
    }
    expect(await startingHeight({})).toBe('150px')
    expect(await startingHeight({ size: { initialHeight: 600 }, hostContext: { containerDimensions: { maxHeight: 450 } } })).toBe('450px')
    expect(await startingHeight({ size: { initialHeight: 600, maxHeight: 500 } })).toBe('500px')
    expect(await startingHeight({ size: { initialHeight: 600 }, hostContext: { containerDimensions: { height: 300 } } })).toBe('300px')
    const { app, window } = mount({ size: { initialHeight: 600 } })
    const view = await viewOf(app, window)
    expect(app.iframe.style.height).toBe('600px')
    await view.initialize()
    expect(app.iframe.style.height).toBe('600px')
    view.notify('ui/notifications/size-changed', { height: 120 })
    await until(() => app.iframe.style.height === '120px')
  })

  it('copies the host context once per size report, not once per look at it (a chat with dozens of live apps pays it per report)', async () => {
    const styles = { variables: { '--color-text-primary': 'light-dark(#111, #eee)' } }
    const { app, window } = mount({ size: { width: true }, hostContext: { styles, displayMode: 'inline', availableDisplayModes: ['inline', 'fullscreen'], containerDimensions: { maxHeight: 600 } } })
    const view = await viewOf(app, window)
    await view.initialize({ appCapabilities: { availableDisplayModes: ['inline', 'fullscreen'] } })
    const clone = vi.spyOn(globalThis, 'structuredClone')
    const contextCopies = () => clone.mock.calls.filter(([value]) => (value as { styles?: unknown } | undefined)?.styles !== undefined).length
    try {
      view.notify('ui/notifications/size-changed', { height: 5000, width: 300 })
      await until(() => app.iframe.style.height === '600px')
      expect(app.iframe.style.maxWidth).toBe('300px')
      expect(contextCopies()).toBe(1)
      // Back inline from fullscreen with new limits: the last report is applied within them.
      app.bridge.setHostContext({ displayMode: 'fullscreen' })
      clone.mockClear()
      app.bridge.setHostContext({ displayMode: 'inline', containerDimensions: { maxHeight: 400 } })
      expect(app.iframe.style.height).toBe('400px')
    } finally {
      clone.mockRestore()
    }
  })

  it('uses the width only as a maximum when asked, and a fixed height wins', async () => {
    const { app, window } = mount({ size: { width: true, maxWidth: 500 }, hostContext: { containerDimensions: { height: 400 } } })
    const view = await viewOf(app, window)
    await view.initialize()
    expect(app.iframe.style.height).toBe('400px')
    view.notify('ui/notifications/size-changed', { height: 100, width: 900 })
    await until(() => app.iframe.style.maxWidth === '500px')
    expect(app.iframe.style.width).toBe('100%')
    expect(app.iframe.style.height).toBe('400px')
  })

  it('lifts the maximum width when the view reports the width it is given (a viewport-width report), so the frame can grow back', async () => {
    const { app, window } = mount({ size: { width: true } })
    const view = await viewOf(app, window)
    await view.initialize()
    let rendered = 600 // what layout gives the frame; happy-dom has none
    Object.defineProperty(app.iframe, 'clientWidth', { get: () => rendered })
    view.notify('ui/notifications/size-changed', { width: 300 }) // narrower content: a maximum
    await until(() => app.iframe.style.maxWidth === '300px')
    rendered = 300
    view.notify('ui/notifications/size-changed', { width: 300, height: 10 }) // its viewport, as the official App reports
    await until(() => app.iframe.style.maxWidth === '')
  })
})

describe('display modes', () => {
  it('applies a granted mode to the frame and restores the inline size afterwards', async () => {
    const { app, window } = mount({ hostContext: { displayMode: 'inline', availableDisplayModes: ['inline', 'fullscreen'] } })
    const view = await viewOf(app, window)
    await view.initialize({ appCapabilities: { availableDisplayModes: ['inline', 'fullscreen'] } })
    view.notify('ui/notifications/size-changed', { height: 240 })
    await until(() => app.iframe.style.height === '240px')
    expect((await view.request('ui/request-display-mode', { mode: 'fullscreen' })).result).toEqual({ mode: 'fullscreen' })
    expect(app.iframe.getAttribute('data-display-mode')).toBe('fullscreen')
    expect(app.iframe.style.position).toBe('fixed')
    // The window's height, less the host's bar above the frame.
    const fullHeight = 'calc(100% - 48px - env(safe-area-inset-top))'
    expect(app.iframe.style.height).toBe(fullHeight)
    view.notify('ui/notifications/size-changed', { height: 999 })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(app.iframe.style.height).toBe(fullHeight)
    app.bridge.setHostContext({ displayMode: 'inline' })
    expect(app.iframe.style.position).toBe('')
    expect(app.iframe.style.height).toBe('999px')
  })

  it('shows the initial mode once the frame exists, and falls back inline for an app that did not declare it', async () => {
    const context = { displayMode: 'fullscreen' as const, availableDisplayModes: ['inline' as const, 'fullscreen' as const] }
    const declared = mount({ hostContext: context })
    const view = await viewOf(declared.app, declared.window)
    expect(declared.app.iframe.style.position).toBe('fixed')
    await view.initialize({ appCapabilities: { availableDisplayModes: ['inline', 'fullscreen'] } })
    expect(declared.app.iframe.style.position).toBe('fixed')
    const undeclared = mount({ hostContext: context })
    const other = await viewOf(undeclared.app, undeclared.window)
    const init = await other.initialize({ appCapabilities: { availableDisplayModes: ['inline'] } })
    expect(init.result.hostContext.displayMode).toBe('inline')
    expect(undeclared.app.iframe.style.position).toBe('')
    expect(undeclared.app.iframe.getAttribute('data-display-mode')).toBe('inline')
  })

  it("keeps the host's own way back above a view out of the conversation: a button, and Escape over the whole window", async () => {
    const modes = ['inline' as const, 'fullscreen' as const, 'pip' as const]
    const { app, window } = mount({ hostContext: { availableDisplayModes: modes }, exitLabel: 'Retour à la conversation' })
    const view = await viewOf(app, window)
    await view.initialize({ appCapabilities: { availableDisplayModes: modes } })
    const exit = () => window.document.querySelector('[data-mcp-app-exit]') as unknown as HTMLButtonElement | null
    const modesSeen = () => view.notifications('ui/notifications/host-context-changed').map((note) => note.params.displayMode)
    expect(exit()).toBeNull()

    await view.request('ui/request-display-mode', { mode: 'fullscreen' })
    // In the host's bar next to the frame, so a host's CSS finds them, and named for assistive technology.
    const bar = app.iframe.nextElementSibling as HTMLElement
    expect(bar.hasAttribute('data-mcp-app-bar')).toBe(true)
    expect(exit()!.parentElement).toBe(bar)
    expect([exit()!.type, exit()!.getAttribute('aria-label'), exit()!.title]).toEqual(['button', 'Retour à la conversation', 'Retour à la conversation'])
    expect(bar.style.position).toBe('fixed')
    window.document.dispatchEvent(new window.KeyboardEvent('keydown', { key: 'Escape' }))
    expect(app.bridge.hostContext.displayMode).toBe('inline')
    expect(app.iframe.style.position).toBe('')
    expect(exit()).toBeNull()
    await until(() => modesSeen().includes('inline'))

    await view.request('ui/request-display-mode', { mode: 'pip' })
    // In pip the host's page is in use: its Escape is the page's own.
    window.document.dispatchEvent(new window.KeyboardEvent('keydown', { key: 'Escape' }))
    expect(app.bridge.hostContext.displayMode).toBe('pip')
    exit()!.click()
    expect(app.bridge.hostContext.displayMode).toBe('inline')
    expect(exit()).toBeNull()
    await until(() => modesSeen().length === 4)
    expect(modesSeen()).toEqual(['fullscreen', 'inline', 'pip', 'inline'])

    // Escape once back inline is the page's again; a bridge closed in fullscreen takes the button with its frame.
    window.document.dispatchEvent(new window.KeyboardEvent('keydown', { key: 'Escape' }))
    await view.request('ui/request-display-mode', { mode: 'fullscreen' })
    expect(exit()).not.toBeNull()
    app.bridge.close('done')
    expect(exit()).toBeNull()
    expect(app.iframe.isConnected).toBe(false)
  })

  it('shows the way back for a view that starts out of the conversation', async () => {
    const modes = ['inline' as const, 'fullscreen' as const]
    const { app, window } = mount({ hostContext: { displayMode: 'fullscreen', availableDisplayModes: modes } })
    await viewOf(app, window)
    const exit = window.document.querySelector('[data-mcp-app-exit]') as unknown as HTMLButtonElement
    expect(exit.getAttribute('aria-label')).toBe('Back to the conversation')
    exit.click()
    expect(app.iframe.style.position).toBe('')
  })

  it("makes fullscreen modal: the page under it inert, the page's focus on the way back (not in the view); back inline, the focus returns and only what it made inert is freed", async () => {
    const modes = ['inline' as const, 'fullscreen' as const, 'pip' as const]
    const { app, window, container } = mount({ hostContext: { availableDisplayModes: modes } })
    const doc = window.document
    const composer = doc.createElement('textarea')
    const dialog = doc.createElement('div')
    dialog.inert = true
    doc.body.append(composer, dialog)
    const sibling = doc.createElement('p')
    container.before(sibling as never)
    const view = await viewOf(app, window)
    await view.initialize({ appCapabilities: { availableDisplayModes: modes } })
    composer.focus()

    app.bridge.setHostContext({ displayMode: 'fullscreen' })
    expect([composer.inert, sibling.inert, (container as HTMLElement).inert, app.iframe.inert]).toEqual([true, true, false, false])
    expect((doc.querySelector('[data-mcp-app-bar]') as unknown as HTMLElement).inert).toBe(false)
    // A view must not take the keyboard by asking for fullscreen: the focus goes to the host's way back.
    expect(doc.activeElement).toBe(doc.querySelector('[data-mcp-app-exit]'))
    // Pip is not modal: the page stays in use, the focus back where it was.
    app.bridge.setHostContext({ displayMode: 'pip' })
    expect([composer.inert, sibling.inert]).toEqual([false, false])
    expect(doc.activeElement).toBe(composer)
    app.bridge.setHostContext({ displayMode: 'fullscreen' })
    // A row the conversation adds meanwhile is inert too.
    const reply = doc.createElement('p')
    doc.body.append(reply)
    await until(() => reply.inert)
    app.bridge.setHostContext({ displayMode: 'inline' })
    expect([composer.inert, sibling.inert, dialog.inert, reply.inert]).toEqual([false, false, true, false])
    expect(doc.activeElement).toBe(composer)
    // A user who took the focus into the view keeps it there.
    app.iframe.focus()
    app.bridge.setHostContext({ displayMode: 'fullscreen' })
    app.bridge.setHostContext({ displayMode: 'inline' })
    expect(doc.activeElement).toBe(app.iframe)
  })

  it('takes a display mode the host removes from its context as inline: the frame comes back and the page is freed, also when the frame goes', async () => {
    const modes = ['inline' as const, 'fullscreen' as const]
    const { app, window } = mount({ hostContext: { availableDisplayModes: modes } })
    const composer = window.document.createElement('textarea')
    window.document.body.append(composer)
    const view = await viewOf(app, window)
    await view.initialize({ appCapabilities: { availableDisplayModes: modes } })
    const told = vi.fn()
    app.bridge.on('displaymodechange', told)
    app.bridge.setHostContext({ displayMode: 'fullscreen' })
    expect(composer.inert).toBe(true)
    // No mode is inline, for the bridge (a view's request is answered inline) and for the view.
    app.bridge.setHostContext({ displayMode: undefined })
    expect(told.mock.calls).toEqual([['fullscreen'], ['inline']])
    expect(app.iframe.getAttribute('data-display-mode')).toBe('inline')
    expect([composer.inert, app.iframe.style.position]).toEqual([false, ''])
    // Closed after that, the page keeps nothing of fullscreen either.
    app.bridge.setHostContext({ displayMode: 'fullscreen' })
    app.bridge.setHostContext({ displayMode: undefined })
    app.bridge.close()
    expect(composer.inert).toBe(false)
  })

  it('makes the page inert around a fullscreen view inside a shadow root too', async () => {
    const { window } = openPage()
    const doc = window.document
    const composer = doc.createElement('textarea')
    const chat = doc.createElement('chat-log')
    doc.body.append(chat, composer)
    const shadow = chat.attachShadow({ mode: 'open' })
    const header = doc.createElement('header')
    const container = doc.createElement('div')
    shadow.append(header, container)
    const modes = ['inline' as const, 'fullscreen' as const]
    const app = mountApp({ container: container as unknown as Element, sandbox: 'srcdoc', hostInfo: HOST_INFO, resource: { html: HTML }, hostContext: { availableDisplayModes: modes } } as MountAppOptions)
    const view = await viewOf(app, window)
    await view.initialize({ appCapabilities: { availableDisplayModes: modes } })
    app.bridge.setHostContext({ displayMode: 'fullscreen' })
    expect([header.inert, composer.inert, chat.inert, container.inert]).toEqual([true, true, false, false])
    app.bridge.setHostContext({ displayMode: 'inline' })
    expect([header.inert, composer.inert]).toEqual([false, false])
  })

  it('keeps one view out of the conversation per page: the one before goes back inline, and its view is told', async () => {
    const modes = ['inline' as const, 'fullscreen' as const, 'pip' as const]
    const { window, container } = openPage()
    const second = window.document.createElement('div')
    window.document.body.appendChild(second)
    const options = { sandbox: 'srcdoc', hostInfo: HOST_INFO, resource: { html: HTML }, hostContext: { availableDisplayModes: modes } } as const
    const first = mountApp({ ...options, container } as MountAppOptions)
    const other = mountApp({ ...options, container: second as unknown as Element } as MountAppOptions)
    const views = [await viewOf(first, window), await viewOf(other, window)]
    for (const view of views) await view.initialize({ appCapabilities: { availableDisplayModes: modes } })
    first.bridge.setHostContext({ displayMode: 'fullscreen' })
    await views[1]!.request('ui/request-display-mode', { mode: 'fullscreen' })
    expect([first.bridge.hostContext.displayMode, other.bridge.hostContext.displayMode]).toEqual(['inline', 'fullscreen'])
    await until(() => views[0]!.notifications('ui/notifications/host-context-changed').some((note) => note.params.displayMode === 'inline'))
    // The second is not inside the first's inert page, and one way back is shown.
    expect([second.inert, (container as HTMLElement).inert]).toEqual([false, true])
    expect(window.document.querySelectorAll('[data-mcp-app-exit]').length).toBe(1)
    other.bridge.close('done')
    expect((container as HTMLElement).inert).toBe(false)
  })

  it("tells a host's own display-mode function the view is inline when it closes out of the conversation", async () => {
    const applyDisplayMode = vi.fn()
    const modes = ['inline' as const, 'fullscreen' as const]
    const { app, window } = mount({ applyDisplayMode, hostContext: { availableDisplayModes: modes } })
    const view = await viewOf(app, window)
    await view.initialize({ appCapabilities: { availableDisplayModes: modes } })
    app.bridge.setHostContext({ displayMode: 'fullscreen' })
    app.bridge.close('done')
    expect(applyDisplayMode.mock.calls.map(([mode]) => mode)).toEqual(['fullscreen', 'inline'])
  })

  it('leaves focus where the view was when its frame goes with focus in it', async () => {
    const { app, window, container } = mount()
    const view = await viewOf(app, window)
    await view.initialize()
    app.iframe.focus()
    expect(window.document.activeElement).toBe(app.iframe)
    app.bridge.close('done')
    expect(window.document.activeElement).toBe(container)
    expect((container as HTMLElement).getAttribute('tabindex')).toBe('-1')
    // Focus on the host's way back over a fullscreen view that closes: kept on the container too.
    const modes = ['inline' as const, 'fullscreen' as const]
    const full = mount({ hostContext: { availableDisplayModes: modes } })
    await (await viewOf(full.app, full.window)).initialize({ appCapabilities: { availableDisplayModes: modes } })
    full.app.bridge.setHostContext({ displayMode: 'fullscreen' })
    expect(full.window.document.activeElement?.hasAttribute('data-mcp-app-exit')).toBe(true)
    full.app.bridge.close('done')
    expect(full.window.document.activeElement).toBe(full.container)
    // Without focus in the view, the host's focus and container are left alone.
    const other = mount()
    await viewOf(other.app, other.window)
    other.app.bridge.close('done')
    expect(other.container.hasAttribute('tabindex')).toBe(false)
  })

  it('lets the host show modes itself', async () => {
    const applyDisplayMode = vi.fn()
    const { app, window } = mount({ applyDisplayMode, hostContext: { availableDisplayModes: ['inline', 'pip'] } })
    const view = await viewOf(app, window)
    await view.initialize({ appCapabilities: { availableDisplayModes: ['inline', 'pip'] } })
    await view.request('ui/request-display-mode', { mode: 'pip' })
    expect(applyDisplayMode).toHaveBeenCalledWith('pip', app.iframe)
    expect(app.iframe.style.position).toBe('')
    // Its own chrome too: the default way back comes with the default styling only.
    expect(window.document.querySelector('[data-mcp-app-exit]')).toBeNull()
  })
})

describe('the frame lives exactly as long as the bridge', () => {
  it('closes the bridge when the host just removes the frame, leaving no listener', async () => {
    const { app, window, container } = mount()
    const view = await viewOf(app, window)
    await view.initialize()
    expect(listenedFrames(window as never)).toBe(1)
    container.remove()
    await until(() => app.bridge.closed)
    expect(listenedFrames(window as never)).toBe(0)
    await expect(app.bridge.ping()).rejects.toMatchObject({ code: 'CLOSED' })
  })

  it('closes the bridge and drops the frame when the frame navigates away', async () => {
    const { app, window } = mount()
    await viewOf(app, window)
    await new Promise((resolve) => setTimeout(resolve, 20))
    app.iframe.dispatchEvent(new window.Event('load') as never)
    await until(() => app.bridge.closed)
    expect(app.iframe.isConnected).toBe(false)
  })

  it('teardown asks the view, then removes the frame', async () => {
    const { app, window } = mount()
    const view = await viewOf(app, window)
    view.answer('ui/resource-teardown', () => ({}))
    await view.initialize()
    await app.teardown('done')
    expect(view.received.find((m) => m.method === 'ui/resource-teardown').params).toEqual({ reason: 'done' })
    expect(app.iframe.isConnected).toBe(false)
    expect(listenedFrames(window as never)).toBe(0)
  })

  it('teardown after a framework already removed the frame (React, Vue, Svelte unmount the DOM before cleanups run) closes quietly', async () => {
    const { app, window, container } = mount()
    const view = await viewOf(app, window)
    view.answer('ui/resource-teardown', () => ({}))
    await view.initialize()
    const warnings: unknown[] = []
    const closed = vi.fn()
    app.bridge.on('warning', (warning) => warnings.push(warning))
    app.bridge.on('close', closed)
    container.remove()
    await app.teardown('message deleted')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(warnings).toEqual([])
    expect(closed).toHaveBeenCalledExactlyOnceWith('message deleted')
    expect(view.received.filter((m) => m.method === 'ui/resource-teardown')).toEqual([])
    expect(listenedFrames(window as never)).toBe(0)
  })

  it('closing before the resource arrives never frames anything', async () => {
    let resolve!: (value: unknown) => void
    let signal!: AbortSignal
    const readResource = (_params: unknown, options: { signal: AbortSignal }) => ((signal = options.signal), new Promise((r) => (resolve = r)))
    const { app, container } = mount({ resource: undefined, tool, client: { readResource } as never })
    expect(signal.aborted).toBe(false)
    app.bridge.close()
    // The read is cancelled, not just ignored: the server stops working on it.
    expect(signal.aborted).toBe(true)
    resolve({ contents: [{ uri: 'ui://charts/app', mimeType: MIME, text: HTML }] })
    await expect(app.ready).rejects.toMatchObject({ code: 'CLOSED' })
    expect(container.querySelector('iframe')).toBeNull()
  })

  it('ready rejects with CLOSED when the bridge closes during the read, even if the client ignores the abort', async () => {
    const readResource = () => new Promise(() => {}) // never settles, never looks at the signal
    const { app } = mount({ resource: undefined, tool, client: { readResource } as never })
    app.bridge.close()
    await expect(app.ready).rejects.toMatchObject({ code: 'CLOSED' })
  })

  it('frames into a container inserted after the call, and rejects ready with INVALID_PARAMS when it is still not in the document', async () => {
    const { window } = openPage()
    let read!: () => void
    const readResource = ({ uri }: { uri: string }) => new Promise((resolve) => (read = () => resolve({ contents: [{ uri, mimeType: MIME, text: HTML }] })))
    const later = window.document.createElement('div') as unknown as Element
    const inserted = mountApp({ container: later, sandbox: 'srcdoc', hostInfo: HOST_INFO, resource: { html: HTML } })
    window.document.body.appendChild(later as never) // a framework commits the element right after
    await until(() => later.querySelector('iframe') !== null)
    inserted.bridge.close()
    const detached = window.document.createElement('div') as unknown as Element
    const app = mountApp({ container: detached, sandbox: 'srcdoc', hostInfo: HOST_INFO, tool, client: { readResource } as never })
    read()
    await expect(app.ready).rejects.toMatchObject({ code: 'INVALID_PARAMS', message: 'mountApp: container not in the document' })
    expect(app.bridge.closed).toBe(true)
  })

  it('ready rejects with TIMEOUT when the view never initializes', async () => {
    const { app } = mount({ timeoutMs: 50 })
    await expect(app.ready).rejects.toMatchObject({ code: 'TIMEOUT' })
    expect(app.bridge.closed).toBe(false)
  })
})

/** Lets a given resource be framed while timers are fake: its read settles in microtasks only. */
async function framedUnderFakeTimers(...apps: MountedApp[]): Promise<void> {
  for (let turn = 0; turn < 20 && !apps.every((app) => app.iframe.isConnected); turn++) await Promise.resolve()
}

describe('no white flash in a dark conversation', () => {
  it('keeps the frame transparent until the view is initialized, then shows it', async () => {
    const { app, window } = mount()
    const view = await viewOf(app, window)
    expect(app.iframe.style.opacity).toBe('0')
    await view.initialize()
    expect(app.iframe.style.opacity).toBe('')
    expect([app.iframe.style.width, app.iframe.style.display]).toEqual(['100%', 'block'])
  })

  it('shows a view that never initializes after 2 s, as it would have been shown without the wait', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const { app } = mount()
      await framedUnderFakeTimers(app)
      expect(app.iframe.isConnected).toBe(true)
      expect(app.iframe.style.opacity).toBe('0')
      vi.advanceTimersByTime(1_999)
      expect(app.iframe.style.opacity).toBe('0')
      vi.advanceTimersByTime(1)
      expect(app.iframe.style.opacity).toBe('')
      expect(app.bridge.closed).toBe(false)
    } finally {
      vi.useRealTimers()
    }
  })

  it('waits as long as the host says, or not at all with 0', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const longer = mount({ hideUntilInitializedMs: 10_000 })
      const none = mount({ hideUntilInitializedMs: 0 })
      await framedUnderFakeTimers(longer.app, none.app)
      expect(none.app.iframe.isConnected).toBe(true)
      expect(none.app.iframe.style.opacity).toBe('')
      vi.advanceTimersByTime(9_999)
      expect(longer.app.iframe.style.opacity).toBe('0')
      vi.advanceTimersByTime(1)
      expect(longer.app.iframe.style.opacity).toBe('')
    } finally {
      vi.useRealTimers()
    }
  })

  it('shows the frame before a display mode keeps its inline style, so back inline it is visible', async () => {
    const { app, window } = mount({ hostContext: { availableDisplayModes: ['inline', 'fullscreen'] } })
    await viewOf(app, window)
    expect(app.iframe.style.opacity).toBe('0')
    app.bridge.setHostContext({ displayMode: 'fullscreen' })
    expect(app.iframe.style.position).toBe('fixed')
    app.bridge.setHostContext({ displayMode: 'inline' })
    expect(app.iframe.style.position).toBe('')
    expect(app.iframe.style.opacity).toBe('')
  })

  it('does not hide a view that starts out of the conversation', async () => {
    const { app, window } = mount({ hostContext: { displayMode: 'fullscreen', availableDisplayModes: ['inline', 'fullscreen'] } })
    await viewOf(app, window)
    expect(app.iframe.style.position).toBe('fixed')
    expect(app.iframe.style.opacity).toBe('')
    app.bridge.setHostContext({ displayMode: 'inline' })
    expect(app.iframe.style.opacity).toBe('')
  })
})

describe('capabilities', () => {
  it('reads the host\'s capabilities live: one withdrawn after mounting is refused (-32601), and the frame\'s grant stays', async () => {
    const capabilities: McpUiHostCapabilities = { message: {} }
    const message = vi.fn()
    const { app, window } = mount({ capabilities, handlers: { message } })
    const view = await viewOf(app, window)
    const init = await view.initialize()
    expect(init.result.hostCapabilities).toMatchObject({ message: {}, sandbox: { permissions: {} } })
    const request = { role: 'user', content: [{ type: 'text', text: 'hi' }] }
    expect((await view.request('ui/message', request)).result).toEqual({})
    delete capabilities.message // the user turned off "apps may post messages"
    expect((await view.request('ui/message', request)).error.code).toBe(-32601)
    expect(message).toHaveBeenCalledTimes(1)
  })
})

describe('container dimensions without a size report', () => {
  it('applies a fixed height set after the frame exists and before the view initialized (it travels in the handshake)', async () => {
    const { app, window } = mount()
    const view = await viewOf(app, window)
    expect(app.iframe.style.height).toBe('150px')
    app.bridge.setHostContext({ containerDimensions: { height: 400 } }) // the container was laid out
    await view.initialize()
    await until(() => app.iframe.style.height === '400px')
  })

  it('shrinks the frame to a smaller maxHeight that replaces a fixed height, with no report from the view', async () => {
    const { app, window } = mount({ hostContext: { containerDimensions: { height: 400 } } })
    const view = await viewOf(app, window)
    await view.initialize()
    expect(app.iframe.style.height).toBe('400px')
    app.bridge.setHostContext({ containerDimensions: { maxHeight: 100 } })
    await until(() => app.iframe.style.height === '100px')
  })

  it("starts within the host's maxHeight (containerDimensions and size.maxHeight)", async () => {
    for (const options of [{ hostContext: { containerDimensions: { maxHeight: 100 } } }, { size: { maxHeight: 80 } }]) {
      const { app, window } = mount(options)
      await viewOf(app, window)
      expect(parseInt(app.iframe.style.height)).toBeLessThanOrEqual(100)
    }
  })
})

describe("edges of the frame's life", () => {
  it("keeps the frame's inline style when a display mode was set before the frame existed", async () => {
    const { app, window } = mount({ hostContext: { availableDisplayModes: ['inline', 'fullscreen'] } })
    // Right after mountApp: the resource is not read yet, there is no frame to style.
    app.bridge.setHostContext({ displayMode: 'fullscreen' })
    const view = await viewOf(app, window)
    await view.initialize({ appCapabilities: { availableDisplayModes: ['inline', 'fullscreen'] } })
    expect(app.iframe.style.position).toBe('fixed')
    app.bridge.setHostContext({ displayMode: 'inline' })
    expect(app.iframe.style.position).toBe('')
    expect([app.iframe.style.width, app.iframe.style.height, app.iframe.style.display]).toEqual(['100%', '150px', 'block'])
  })

  it('applies container dimensions the host changes later, without waiting for a size report', async () => {
    const { app, window } = mount({ hostContext: { containerDimensions: { maxHeight: 600 } } })
    const view = await viewOf(app, window)
    await view.initialize()
    view.notify('ui/notifications/size-changed', { height: 500 })
    await until(() => app.iframe.style.height === '500px')
    app.bridge.setHostContext({ containerDimensions: { maxHeight: 300 } })
    expect(app.iframe.style.height).toBe('300px')
    app.bridge.setHostContext({ containerDimensions: { height: 200 } })
    expect(app.iframe.style.height).toBe('200px')
    app.bridge.setHostContext({ containerDimensions: { maxHeight: 800 } })
    expect(app.iframe.style.height).toBe('500px')
  })

  it('closes with FRAME_MOVED, not as removed, when its row is moved in the page (a keyed list reorder reloads the frame)', async () => {
    const { app, window, container } = mount()
    window.document.body.appendChild(window.document.createElement('div'))
    const view = await viewOf(app, window)
    await view.initialize()
    const closed = vi.fn()
    app.bridge.on('close', closed)
    window.document.body.appendChild(container as never)
    await until(() => app.bridge.closed)
    expect(closed.mock.calls).toEqual([[FRAME_MOVED]])
  })

  it('closes the bridge when its frame is removed inside a shadow root (found by the hub sweep)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    try {
      const { window } = openPage()
      const chat = window.document.createElement('chat-log')
      window.document.body.appendChild(chat)
      const container = window.document.createElement('div')
      chat.attachShadow({ mode: 'open' }).appendChild(container)
      const app = mountApp({ container: container as unknown as Element, sandbox: 'srcdoc', hostInfo: HOST_INFO, resource: { html: HTML } } as MountAppOptions)
      const view = await viewOf(app, window)
      await view.initialize()
      const closed = vi.fn()
      app.bridge.on('close', closed)
      container.remove()
      expect(app.iframe.isConnected).toBe(false)
      vi.advanceTimersByTime(5_000)
      expect(closed).toHaveBeenCalledWith('frame removed')
      expect(listenedFrames(window as never)).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })
})
