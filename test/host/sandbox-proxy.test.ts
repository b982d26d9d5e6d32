/**
 * The sandbox proxy page's script in a happy-dom window: who it runs for, what it relays, what it
 * refuses, and how it frames the view. The same page is checked in Chromium by the browser suite.
 */
import { Window } from 'happy-dom'
import { afterEach, describe, expect, it } from 'vitest'
import { innerSandbox, startSandboxProxy } from '../../src/host/sandbox-proxy.js'

const HOST = 'https://chat.example'
let page: Window | undefined
afterEach(async () => {
  await page?.happyDOM.abort()
  page?.close()
  page = undefined
})

function proxyPage(options: { host?: string; referrer?: string; top?: boolean; query?: string } = {}) {
  const query = options.query ?? `host=${encodeURIComponent(options.host ?? HOST)}&relax=webAssembly`
  page = new Window({ url: `https://sandbox.example/sandbox-proxy.html?${query}` })
  Object.defineProperty(page.document, 'referrer', { value: options.referrer ?? `${HOST}/` })
  const toParent: Array<{ message: any; targetOrigin: string; transfer?: unknown[] }> = []
  const parent = {
    postMessage: (message: unknown, targetOrigin: string, transfer?: unknown[]) =>
      void toParent.push({ message: structuredClone(message), targetOrigin, ...(transfer?.length && { transfer }) }),
  }
  const win = page as unknown as Window & typeof globalThis
  const refusal = startSandboxProxy(win as never, options.top ? (win as never) : parent)
  const fromParent = (data: unknown, origin = HOST, source: unknown = parent) => page!.dispatchEvent(new page!.MessageEvent('message', { data: data as never, origin, source: source as never }))
  const inner = () => page!.document.querySelector('iframe') as unknown as HTMLIFrameElement | null
  const fromView = (data: unknown, ports: unknown[] = []) =>
    page!.dispatchEvent(new page!.MessageEvent('message', { data: data as never, origin: 'null', source: inner()!.contentWindow as never, ports: ports as never }))
  return { refusal, toParent, fromParent, fromView, inner, document: page.document }
}

const resourceReady = (params: Record<string, unknown>) => ({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params })

describe('who the proxy runs for', () => {
  it('announces itself to the host origin only', () => {
    const { refusal, toParent } = proxyPage()
    expect(refusal).toBeUndefined()
    expect(toParent).toEqual([{ message: { jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, targetOrigin: HOST }])
  })

  it('refuses to run top-level', () => {
    const { refusal, toParent, document } = proxyPage({ top: true })
    expect(refusal).toMatch(/only runs inside/)
    expect(toParent).toEqual([])
    expect(document.body.textContent).toBe(refusal)
  })

  it('reads its embedder from the nearest ancestor origin: a host page embedded elsewhere runs it, a foreign frame inside the host does not', () => {
    const framed = (ancestors: string[]) => {
      page?.close()
      page = new Window({ url: `https://sandbox.example/sandbox-proxy.html?host=${encodeURIComponent(HOST)}` })
      Object.defineProperty(page.location, 'ancestorOrigins', { value: Object.assign([...ancestors], { contains: (o: string) => ancestors.includes(o) }) })
      Object.defineProperty(page.document, 'referrer', { value: '' })
      return startSandboxProxy(page as never, { postMessage: () => {} })
    }
    expect(framed([HOST, 'https://portal.example'])).toBeUndefined()
    expect(framed(['https://evil.example', HOST])).toMatch(/evil\.example/)
  })

  it('refuses an embedder other than the host its URL names, or no host at all', () => {
    expect(proxyPage({ referrer: 'https://evil.example/' }).refusal).toMatch(/evil\.example/)
    expect(proxyPage({ referrer: '' }).refusal).toMatch(/unknown origin/)
    expect(proxyPage({ query: '' }).refusal).toMatch(/refuses to run/)
  })
})

describe('framing the view', () => {
  it('frames the HTML in an opaque origin with the CSP first and the allowed permissions', () => {
    const { fromParent, inner } = proxyPage()
    fromParent(resourceReady({ html: '<!doctype html><p>view</p>', csp: { connectDomains: ['https://api.example.com', '*'] }, permissions: { microphone: {} }, sandbox: 'allow-scripts allow-same-origin allow-forms allow-top-navigation' }))
    const frame = inner()!
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-forms')
    expect(frame.getAttribute('allow')).toBe('microphone')
    const srcdoc = frame.getAttribute('srcdoc')!
    expect(srcdoc.startsWith('<!doctype html><meta http-equiv="Content-Security-Policy"')).toBe(true)
    expect(srcdoc).toContain("script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval';")
    expect(srcdoc).toContain('connect-src https://api.example.com;')
    expect(srcdoc).not.toContain(' * ')
    // The same policy as the frame's csp attribute (CSP Embedded Enforcement).
    expect(srcdoc).toContain(`content="${frame.getAttribute('csp')}"`)
    expect(frame.getAttribute('csp')).toContain('connect-src https://api.example.com;')
  })

  it("names the view's frame and its own page with the host's title, in the host's language, for assistive technology", () => {
    const { fromParent, inner } = proxyPage()
    expect(page!.document.documentElement.lang).toBe('')
    fromParent(resourceReady({ html: '<p>view</p>', title: 'Prévisions météo', lang: 'fr-FR' }))
    expect([inner()!.title, page!.document.title, page!.document.documentElement.lang]).toEqual(['Prévisions météo', 'Prévisions météo', 'fr-FR'])
    const other = proxyPage()
    other.fromParent(resourceReady({ html: '<p>view</p>', title: { toString: () => 'x' }, lang: 7 }))
    expect(other.inner()!.title).toBe('')
  })

  it("puts the same policy on the proxy's own document before it frames the view (a static copy has no header)", () => {
    const { fromParent, inner, document } = proxyPage()
    expect(document.querySelector('meta[http-equiv="Content-Security-Policy"]')).toBeNull()
    fromParent(resourceReady({ html: '<p>view</p>', csp: { frameDomains: ['https://maps.example.com'] } }))
    const metas = document.querySelectorAll('meta[http-equiv="Content-Security-Policy"]')
    expect(metas).toHaveLength(1)
    expect(metas[0]!.getAttribute('content')).toBe(inner()!.getAttribute('csp'))
    expect(metas[0]!.getAttribute('content')).toContain('frame-src https://maps.example.com')
  })

  it('uses the strict default policy without csp, and loads one view per page', () => {
    const { fromParent, inner, document } = proxyPage()
    fromParent(resourceReady({ html: '<p>first</p>' }))
    fromParent(resourceReady({ html: '<p>second</p>' }))
    expect(document.querySelectorAll('iframe')).toHaveLength(1)
    expect(inner()!.getAttribute('srcdoc')).toContain("connect-src 'none'")
    expect(inner()!.getAttribute('srcdoc')).toContain('<p>first</p>')
  })

  it('ignores the resource from anyone but the host', () => {
    const { fromParent, inner } = proxyPage()
    fromParent(resourceReady({ html: '<p>x</p>' }), 'https://evil.example')
    fromParent(resourceReady({ html: '<p>x</p>' }), HOST, {})
    expect(inner()).toBeNull()
  })

  it('innerSandbox keeps only harmless tokens', () => {
    expect(innerSandbox(undefined)).toBe('allow-scripts')
    expect(innerSandbox('allow-same-origin allow-popups-to-escape-sandbox allow-top-navigation allow-popups allow-modals')).toBe('allow-scripts allow-modals allow-popups')
  })
})

describe('relaying', () => {
  async function relaying() {
    const proxy = proxyPage()
    proxy.fromParent(resourceReady({ html: '<p>view</p>' }))
    const toView: Array<{ data: any; origin: string }> = []
    proxy.inner()!.contentWindow!.addEventListener('message', (event) => toView.push({ data: event.data, origin: event.origin }))
    proxy.toParent.length = 0
    return { ...proxy, toView }
  }

  it('relays protocol messages both ways, to the host origin only', async () => {
    const { fromParent, fromView, toParent, toView } = await relaying()
    fromView({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: {} })
    fromParent({ jsonrpc: '2.0', id: 1, result: { ok: true } })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(toParent).toEqual([{ message: { jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: {} }, targetOrigin: HOST }])
    expect(toView.map((m) => m.data)).toEqual([{ jsonrpc: '2.0', id: 1, result: { ok: true } }])
  })

  it("passes on the port a view offers with ui/initialize, and no port with anything else", async () => {
    const { fromView, toParent } = await relaying()
    const offered = new MessageChannel()
    const other = new MessageChannel()
    fromView({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: {} }, [offered.port2])
    fromView({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { height: 1 } }, [other.port2])
    expect(toParent).toEqual([
      { message: { jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: {} }, targetOrigin: HOST, transfer: [offered.port2] },
      { message: { jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { height: 1 } }, targetOrigin: HOST },
    ])
    for (const channel of [offered, other]) channel.port1.close()
  })

  it('never relays sandbox messages in either direction, nor anything from a stranger', async () => {
    const { fromParent, fromView, toParent, toView } = await relaying()
    fromView({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} })
    fromView({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: { html: 'x' } })
    fromView('not an object')
    fromParent({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} })
    fromParent({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: {} }, 'https://evil.example')
    page!.dispatchEvent(new page!.MessageEvent('message', { data: { jsonrpc: '2.0', method: 'x' }, origin: 'null', source: {} as never }))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(toParent).toEqual([])
    expect(toView).toEqual([])
  })

  it('stops relaying and drops the view when its frame loads another document', async () => {
    const { fromView, toParent, inner } = await relaying()
    const frame = inner()!
    const viewWindow = frame.contentWindow
    await new Promise((resolve) => setTimeout(resolve, 20))
    fromView({ jsonrpc: '2.0', method: 'before' })
    frame.dispatchEvent(new page!.Event('load') as never)
    expect(inner()).toBeNull()
    // The proxy leaves as well, so the host's frame loads another document and its bridge closes.
    expect(page!.location.href).toBe('about:blank')
    page!.dispatchEvent(new page!.MessageEvent('message', { data: { jsonrpc: '2.0', method: 'after' }, origin: 'null', source: viewWindow as never }))
    expect(toParent.map((m) => m.message.method)).toEqual(['before'])
  })
})
