/** The pieces mountApp is made of, for hosts that compose them themselves. */
import { Window } from 'happy-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DeferredTransport, ProxyTransport, buildSandboxUrl, createAppFrame, createDisplayModeApplier, createFrameSizer, FRAME_MOVED, prepareAppFrame, watchFrame, type Transport } from '../../src/host/index.js'
import { readSandboxUrl } from '../../src/host/sandbox-url.js'
import { until } from './helpers.js'

let page: Window | undefined
afterEach(() => {
  page?.close()
  page = undefined
})

/** A transport double: `deliver` plays what the frame posts, `sent` records what was sent to it. */
function fakeFrame() {
  let receive: ((data: unknown) => void) | undefined
  const sent: unknown[] = []
  const transport: Transport = {
    send: (message) => void sent.push(message),
    listen: (fn) => {
      receive = fn
      return () => (receive = undefined)
    },
  }
  return { transport, sent, deliver: (data: unknown) => receive?.(data), listening: () => receive !== undefined }
}

describe('ProxyTransport', () => {
  const resource = { html: '<p>view</p>', csp: { connectDomains: ['https://api.example.com'] }, permissions: { camera: {} } }

  it('answers the proxy\'s ready once with the resource, and hides all sandbox traffic from the bridge', () => {
    const frame = fakeFrame()
    const onReady = vi.fn()
    const onRefused = vi.fn()
    const received: unknown[] = []
    new ProxyTransport({ frame: frame.transport, resource, onReady, onRefused }).listen((data) => received.push(data))
    frame.deliver({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: {} })
    frame.deliver({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} })
    frame.deliver({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} })
    frame.deliver({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: { html: 'spoof' } })
    expect(frame.sent).toEqual([{ jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: resource }])
    expect(onReady).toHaveBeenCalledTimes(1)
    expect(onRefused).toHaveBeenCalledTimes(2)
    expect(received).toEqual([{ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: {} }])
  })
})

describe('DeferredTransport', () => {
  it('starts listening when attached, and not at all once the bridge stopped', () => {
    const deferred = new DeferredTransport()
    const received: unknown[] = []
    const stop = deferred.listen((data) => received.push(data))
    expect(() => deferred.send({ jsonrpc: '2.0', method: 'x' })).toThrow(expect.objectContaining({ code: 'CLOSED' }))
    const frame = fakeFrame()
    deferred.attach(frame.transport)
    frame.deliver('hello')
    deferred.send({ jsonrpc: '2.0', method: 'x' })
    expect(received).toEqual(['hello'])
    expect(frame.sent).toHaveLength(1)
    stop()
    expect(frame.listening()).toBe(false)
    const late = new DeferredTransport()
    late.listen(() => {})()
    const other = fakeFrame()
    late.attach(other.transport)
    expect(other.listening()).toBe(false)
  })

  it('attaches one channel only: a second attach is refused and the first keeps the bridge', () => {
    const deferred = new DeferredTransport()
    const received: unknown[] = []
    deferred.listen((data) => received.push(data))
    const [first, second] = [fakeFrame(), fakeFrame()]
    deferred.attach(first.transport)
    expect(() => deferred.attach(second.transport)).toThrow(expect.objectContaining({ code: 'PROTOCOL' }))
    expect(second.listening()).toBe(false)
    deferred.send({ jsonrpc: '2.0', method: 'x' })
    first.deliver('from the first')
    expect(first.sent).toHaveLength(1)
    expect(second.sent).toHaveLength(0)
    expect(received).toEqual(['from the first'])
  })
})

describe('the sandbox proxy URL', () => {
  it('carries the host origin, the granted domains and the relaxations, and reads back', () => {
    const url = buildSandboxUrl('https://sandbox.example/proxy.html?v=1', {
      hostOrigin: 'https://chat.example',
      csp: { connectDomains: ['https://api.example.com'] },
      relax: { blobWorkers: true, unsafeEval: false, dataScripts: true, blobMedia: true },
    })
    expect(url.origin).toBe('https://sandbox.example')
    expect(url.searchParams.get('v')).toBe('1')
    expect(readSandboxUrl(url)).toEqual({ hostOrigin: 'https://chat.example', csp: { connectDomains: ['https://api.example.com'] }, relax: { blobWorkers: true, dataScripts: true, blobMedia: true } })
  })

  it('reads malformed parameters as absent', () => {
    expect(readSandboxUrl('https://s.example/?csp=%7Bnope&relax=everything,unsafeEval')).toEqual({ hostOrigin: undefined, csp: undefined, relax: { unsafeEval: true } })
    expect(readSandboxUrl('https://s.example/?csp=[1]').csp).toBeUndefined()
  })

  it('names only the relaxations set to true (a config read from JSON may hold strings)', () => {
    const url = buildSandboxUrl('https://sandbox.example/proxy.html', { hostOrigin: 'https://chat.example', relax: { unsafeEval: 'false', webAssembly: 1, blobWorkers: true } as never })
    expect(url.searchParams.get('relax')).toBe('blobWorkers')
  })

  it('carries only what the host gives now: a csp or relax already in a configured proxy URL is dropped', () => {
    const stale = encodeURIComponent(JSON.stringify({ connectDomains: ['https://exfil.example'] }))
    const url = buildSandboxUrl(`https://sandbox.example/proxy.html?v=1&relax=unsafeEval,loopbackOrigins&csp=${stale}&host=https://old.example`, { hostOrigin: 'https://chat.example' })
    expect(readSandboxUrl(url)).toEqual({ hostOrigin: 'https://chat.example', csp: undefined, relax: {} })
    expect(url.searchParams.get('v')).toBe('1')
  })
})

describe('createAppFrame', () => {
  it('frames the proxy with the spec\'s sandbox and an origin referrer', () => {
    page = new Window({ url: 'https://chat.example/' })
    const frame = createAppFrame(page.document as never, { proxyUrl: 'https://sandbox.example/p.html?host=x' }, { allow: 'camera', title: 'Weather' })
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin')
    expect(frame.getAttribute('referrerpolicy')).toBe('origin')
    expect(frame.getAttribute('allow')).toBe('camera')
    expect(frame.getAttribute('src')).toBe('https://sandbox.example/p.html?host=x')
    expect(frame.title).toBe('Weather')
    expect(frame.hasAttribute('srcdoc')).toBe(false)
    expect(frame.hasAttribute('csp')).toBe(false)
  })

  it('frames HTML in an opaque origin, the policy in a <meta> and in the csp attribute', () => {
    page = new Window({ url: 'https://chat.example/' })
    const policy = "default-src 'none'; connect-src 'none'"
    const frame = createAppFrame(page.document as never, { html: '<!doctype html><p>view</p>', csp: policy })
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts')
    // CSP Embedded Enforcement: a page the view navigates its frame to must enforce it too.
    expect(frame.getAttribute('csp')).toBe(policy)
    expect(frame.getAttribute('srcdoc')).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; connect-src 'none'">`)
  })
  it('refuses to prepare a frame already in the document (its first load would not be the view)', () => {
    page = new Window({ url: 'https://chat.example/' })
    const frame = page.document.createElement('iframe')
    page.document.body.appendChild(frame)
    expect(() => prepareAppFrame(frame as never, { html: '<p>x</p>', csp: "default-src 'none'" })).toThrow(/must not be in the document/)
    expect(frame.hasAttribute('srcdoc')).toBe(false)
  })
})

describe('watchFrame', () => {
  it('reports a removal through any ancestor once, and nothing after stop()', async () => {
    page = new Window({ url: 'https://chat.example/' })
    const doc = page.document
    const outer = doc.createElement('section')
    doc.body.appendChild(outer)
    const frames = [0, 1].map(() => {
      const frame = doc.createElement('iframe') as unknown as HTMLIFrameElement
      frame.srcdoc = '<p>x</p>'
      outer.appendChild(frame as never)
      return frame
    })
    const gone = vi.fn()
    const kept = vi.fn()
    watchFrame(frames[0]!, gone)
    const stop = watchFrame(frames[1]!, kept)
    stop()
    doc.body.appendChild(doc.createElement('div'))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(gone).not.toHaveBeenCalled()
    outer.remove()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(gone).toHaveBeenCalledTimes(1)
    expect(gone).toHaveBeenCalledWith('The frame was removed from the document')
    expect(kept).not.toHaveBeenCalled()
  })

  it('keeps two watchers of one frame apart: each is told, and each stop() stops its own', async () => {
    page = new Window({ url: 'https://chat.example/' })
    const frame = page.document.createElement('iframe') as unknown as HTMLIFrameElement
    frame.srcdoc = '<p>x</p>'
    page.document.body.appendChild(frame as never)
    // mountApp watches its frame, and a host may watch the same frame for its own state.
    const first = vi.fn()
    const second = vi.fn()
    const stopped = vi.fn()
    watchFrame(frame, first)
    watchFrame(frame, second)
    watchFrame(frame, stopped)()
    frame.remove()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(first).toHaveBeenCalledTimes(1)
    expect(second).toHaveBeenCalledTimes(1)
    expect(stopped).not.toHaveBeenCalled()
  })

  it('ends on the second load (a navigation), once, and counts no load after stop()', () => {
    page = new Window({ url: 'https://chat.example/' })
    const doc = page.document
    const [navigated, stopped] = [0, 1].map(() => {
      const frame = doc.createElement('iframe') as unknown as HTMLIFrameElement
      frame.srcdoc = '<p>x</p>'
      doc.body.appendChild(frame as never)
      return frame
    }) as [HTMLIFrameElement, HTMLIFrameElement]
    const gone = vi.fn()
    const kept = vi.fn()
    watchFrame(navigated, gone)
    const stop = watchFrame(stopped, kept)
    stop()
    const load = (frame: HTMLIFrameElement) => frame.dispatchEvent(new page!.Event('load') as never)
    load(navigated) // the view's own document
    expect(gone).not.toHaveBeenCalled()
    load(navigated)
    expect(gone).toHaveBeenCalledOnce()
    load(navigated)
    for (let i = 0; i < 3; i++) load(stopped)
    expect(gone.mock.calls).toEqual([['The frame navigated away from the view']])
    expect(kept).not.toHaveBeenCalled()
  })

  it('tells a moved frame (its document reloaded, in a new window) from a navigation: FRAME_MOVED', async () => {
    page = new Window({ url: 'https://chat.example/' })
    const doc = page.document
    const row = doc.body.appendChild(doc.createElement('div'))
    doc.body.appendChild(doc.createElement('div'))
    const frame = doc.createElement('iframe') as unknown as HTMLIFrameElement
    frame.srcdoc = '<p>x</p>'
    row.appendChild(frame as never)
    const gone = vi.fn()
    watchFrame(frame, gone)
    await until(() => frame.contentDocument?.readyState === 'complete', 2000, 'the first load')
    await new Promise((resolve) => setTimeout(resolve, 10))
    doc.body.appendChild(row) // a keyed list moves the row to the end
    await until(() => gone.mock.calls.length > 0, 2000, 'the reload')
    expect(gone.mock.calls).toEqual([[FRAME_MOVED]])
  })

  it('disconnects its document observer once no frame is watched, and watches again afterwards', async () => {
    page = new Window({ url: 'https://chat.example/' })
    const doc = page.document
    const disconnect = vi.spyOn(page.MutationObserver.prototype, 'disconnect')
    // The second round watches with a fresh observer, after the first one let go.
    for (const round of [1, 2]) {
      const frame = doc.createElement('iframe') as unknown as HTMLIFrameElement
      doc.body.appendChild(frame as never)
      const gone = vi.fn()
      watchFrame(frame, gone)
      ;(frame as unknown as Element).remove()
      await new Promise((resolve) => setTimeout(resolve, 10))
      expect(gone, `round ${round}`).toHaveBeenCalledOnce()
      expect(disconnect).toHaveBeenCalledTimes(round)
    }
  })

  it('refuses a frame that is not in the document yet', () => {
    page = new Window({ url: 'https://chat.example/' })
    expect(() => watchFrame(page!.document.createElement('iframe') as never, () => {})).toThrow(/insert the frame/)
  })
})

describe('createFrameSizer', () => {
  const frameOf = (height = '150px') => {
    page = new Window({ url: 'https://chat.example/' })
    const frame = page.document.createElement('iframe') as unknown as HTMLIFrameElement
    frame.style.height = height
    return frame
  }

  it('leaves the height alone with height: false', () => {
    const frame = frameOf()
    createFrameSizer(frame, { height: false })({ height: 400 })
    expect(frame.style.height).toBe('150px')
  })

  it('ignores reported widths while the container fixes the width', () => {
    const frame = frameOf()
    createFrameSizer(frame, { width: true }, () => ({ width: 640 }))({ width: 300, height: 100 })
    expect(frame.style.maxWidth).toBe('')
    expect(frame.style.height).toBe('100px')
  })

  it('narrows a frame that has no layout yet (clientWidth 0) to the reported width', () => {
    const frame = frameOf()
    createFrameSizer(frame, { width: true })({ width: 300.5 })
    expect(frame.clientWidth).toBe(0)
    expect(frame.style.maxWidth).toBe('301px')
  })

  it('caps the height at 10 000 px by default', () => {
    const frame = frameOf()
    createFrameSizer(frame)({ height: 50_000 })
    expect(frame.style.height).toBe('10000px')
  })

  it('keeps the width limit when a report fills the frame', () => {
    const frame = frameOf()
    Object.defineProperty(frame, 'clientWidth', { get: () => 600 })
    createFrameSizer(frame, { width: true, maxWidth: 500 })({ width: 600 })
    expect(frame.style.maxWidth).toBe('500px')
  })
})

describe('createDisplayModeApplier', () => {
  it('restores the inline style after going from one overlay mode to another', () => {
    page = new Window({ url: 'https://chat.example/' })
    const frame = page.document.createElement('iframe') as unknown as HTMLIFrameElement
    frame.style.cssText = 'width: 100%; height: 240px;'
    const inline = frame.style.cssText
    const apply = createDisplayModeApplier(frame)
    apply('fullscreen')
    apply('pip')
    expect(frame.getAttribute('data-display-mode')).toBe('pip')
    apply('inline')
    expect(frame.style.cssText).toBe(inline)
    expect(frame.getAttribute('data-display-mode')).toBe('inline')
  })

  it('adds a way back only when given what it does, and only next to a frame in the document', () => {
    page = new Window({ url: 'https://chat.example/' })
    const frame = page.document.createElement('iframe') as unknown as HTMLIFrameElement
    const onExit = vi.fn()
    createDisplayModeApplier(frame)('fullscreen')
    const apply = createDisplayModeApplier(frame, { onExit })
    apply('fullscreen')
    expect(page.document.querySelector('[data-mcp-app-exit]')).toBeNull()
    page.document.body.appendChild(frame as never)
    apply('pip')
    const exit = page.document.querySelector('[data-mcp-app-exit]') as unknown as HTMLButtonElement
    expect(exit.parentElement!.previousElementSibling).toBe(frame)
    exit.click()
    expect(onExit).toHaveBeenCalledTimes(1)
    apply('inline')
    expect(page.document.querySelector('[data-mcp-app-exit]')).toBeNull()
    expect(page.document.querySelector('[data-mcp-app-bar]')).toBeNull()
  })
})

