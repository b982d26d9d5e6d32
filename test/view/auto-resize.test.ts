import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFakeHost, createView, flush, type FakeHost } from './fake-host.js'

let host: FakeHost
afterEach(() => host?.pair.close())

/**
 * happy-dom has no layout: `<html>` gets a fake box. Measured at `max-content` it has the
 * content's size; otherwise it fills the frame, as `html { height: 100% }` does in a browser.
 */
function fakeLayout(doc: Document) {
  const layout = { content: { width: 300, height: 120 }, frame: { width: 800, height: 600 }, measurements: 0 }
  const html = doc.documentElement
  html.getBoundingClientRect = () => {
    layout.measurements++
    return {
      width: html.style.width === 'max-content' ? layout.content.width : layout.frame.width,
      height: html.style.height === 'max-content' ? layout.content.height : layout.frame.height,
    } as DOMRect
  }
  return layout
}

/** A ResizeObserver that never fires on its own, as in a hidden frame whose rendering is paused. */
class PausedResizeObserver {
  static instances: PausedResizeObserver[] = []
  observed: Element[] = []
  disconnected = false
  constructor(readonly callback: () => void) {
    PausedResizeObserver.instances.push(this)
  }
  observe(element: Element) {
    this.observed.push(element)
  }
  disconnect() {
    this.disconnected = true
  }
}

async function setup(options: { autoResize?: boolean; hostContext?: Record<string, unknown> } = {}) {
  host = createFakeHost({ hostContext: options.hostContext })
  const window = host.pair.view as unknown as Window & typeof globalThis
  PausedResizeObserver.instances = []
  ;(window as { ResizeObserver: unknown }).ResizeObserver = PausedResizeObserver
  window.requestAnimationFrame = () => {
    throw new Error('requestAnimationFrame is paused in hidden frames and must not be needed')
  }
  const layout = fakeLayout(window.document)
  const view = createView(host, { autoResize: options.autoResize ?? true })
  return { view, layout, document: window.document }
}

const sizes = () => host.sent('ui/notifications/size-changed').map((m) => m.params)
const settle = () => new Promise((resolve) => setTimeout(resolve, 20))
const firstReport = () => vi.waitFor(() => expect(sizes()).toHaveLength(1))

/** An image whose load makes the content 260 px tall: its `load` event is dispatched once the image is in place. */
async function loadTallerImage(document: Document, layout: { content: { height: number } }) {
  const image = document.createElement('img')
  document.body.append(image)
  await settle()
  layout.content.height = 260
  image.dispatchEvent(new (host.pair.view as unknown as typeof globalThis).Event('load'))
}

describe('ViewBridge auto-resize', () => {
  it('reports the content size (not the frame size) right after initialized', async () => {
    const { view } = await setup()
    await view.connect()
    await flush(host.pair)
    const methods = host.received.map((m) => m.method)
    expect(methods.slice(0, 3)).toEqual(['ui/initialize', 'ui/notifications/initialized', 'ui/notifications/size-changed'])
    expect(sizes()).toEqual([{ width: 300, height: 120 }])
  })

  it('restores the document styles it measures with and does not measure itself again', async () => {
    const { view, layout, document } = await setup()
    document.documentElement.style.height = '100%'
    await view.connect()
    await firstReport()
    expect(document.documentElement.style.height).toBe('100%')
    expect(document.documentElement.style.width).toBe('')
    const measured = layout.measurements
    await settle()
    expect(layout.measurements).toBe(measured)
  })

  it("keeps an app's !important inline size on <html> as it was", async () => {
    const { view, document } = await setup()
    const style = document.documentElement.style
    style.setProperty('height', '100%', 'important')
    await view.connect()
    await firstReport()
    expect([style.getPropertyValue('height'), style.getPropertyPriority('height')]).toEqual(['100%', 'important'])
  })

  it('connects and reports DOM changes where there is no ResizeObserver (jsdom, older WebViews)', async () => {
    const { view, layout, document } = await setup()
    delete (host.pair.view as unknown as { ResizeObserver?: unknown }).ResizeObserver
    await view.connect()
    await firstReport()
    layout.content.height = 200
    document.body.append(document.createElement('p'))
    await vi.waitFor(() => expect(sizes()).toEqual([{ width: 300, height: 120 }, { width: 300, height: 200 }]))
  })

  it('reports DOM changes without resize observations or animation frames, batched into one report', async () => {
    const { view, layout, document } = await setup()
    await view.connect()
    await firstReport()
    layout.content.height = 400
    for (let i = 0; i < 5; i++) document.body.append(document.createElement('p'))
    document.body.setAttribute('class', 'loaded')
    await vi.waitFor(() => expect(sizes()).toHaveLength(2))
    await settle()
    expect(sizes()).toEqual([
      { width: 300, height: 120 },
      { width: 300, height: 400 },
    ])
  })

  it('reports only real changes, so a host resizing the frame to the report causes no echo', async () => {
    const { view, layout, document } = await setup()
    await view.connect()
    await firstReport()
    layout.frame.height = 120 // the host applied the report
    PausedResizeObserver.instances[0]!.callback()
    document.body.append(document.createElement('span')) // a change that does not change the size
    await settle()
    expect(sizes()).toHaveLength(1)
  })

  it('reports resize observations', async () => {
    const { view, layout } = await setup()
    await view.connect()
    await firstReport()
    layout.content.width = 500
    PausedResizeObserver.instances[0]!.callback()
    await vi.waitFor(() => expect(sizes().at(-1)).toEqual({ width: 500, height: 120 }))
  })

  it('has one observer however often it is started, and observes <html> and <body>', async () => {
    const { view, document } = await setup()
    await view.connect()
    view.startAutoResize()
    view.startAutoResize()
    expect(PausedResizeObserver.instances).toHaveLength(1)
    expect(PausedResizeObserver.instances[0]!.observed).toEqual([document.documentElement, document.body])
  })

  it('observes a <body> that appears after auto-resize started, once', async () => {
    const { view, layout, document } = await setup()
    document.body.remove()
    await view.connect()
    await firstReport()
    const observer = PausedResizeObserver.instances[0]!
    expect(observer.observed).toEqual([document.documentElement])
    const body = document.createElement('body')
    document.documentElement.append(body)
    await vi.waitFor(() => expect(observer.observed).toEqual([document.documentElement, body]))
    layout.content.height = 300
    observer.callback() // the body's layout changed, with no DOM change
    await vi.waitFor(() => expect(sizes().at(-1)).toEqual({ width: 300, height: 300 }))
    expect(observer.observed).toHaveLength(2)
  })

  it('stops on close()', async () => {
    const { view, layout, document } = await setup()
    await view.connect()
    await firstReport()
    view.close()
    expect(PausedResizeObserver.instances[0]!.disconnected).toBe(true)
    layout.content.height = 999
    document.body.append(document.createElement('p'))
    await settle()
    expect(sizes()).toHaveLength(1)
  })

  it('does not start again after close()', async () => {
    const { view, layout } = await setup({ autoResize: false })
    await view.connect()
    view.close()
    view.startAutoResize()
    expect(PausedResizeObserver.instances).toHaveLength(0)
    expect(layout.measurements).toBe(0)
  })

  it('keeps reporting while teardown listeners run (a "saving…" state), and stops once they finished', async () => {
    const { view, layout, document } = await setup()
    await view.connect()
    await firstReport()
    view.on('teardown', async () => {
      layout.content.height = 40
      document.body.append(document.createElement('p'))
      await settle()
    })
    await host.request('ui/resource-teardown', {})
    expect(sizes()).toEqual([{ width: 300, height: 120 }, { width: 300, height: 40 }])
    expect(PausedResizeObserver.instances[0]!.disconnected).toBe(true)
  })

  it('takes its first measurement after the initial context was emitted, so it includes what listeners applied', async () => {
    const { view, layout, document } = await setup({ hostContext: { theme: 'dark' } })
    view.on('hostcontextchanged', () => {
      // What applyHostStyles does with the initial context: here, a theme that makes the content taller.
      document.documentElement.setAttribute('data-theme', 'dark')
      layout.content.height = 500
    })
    await view.connect()
    await firstReport()
    await settle()
    expect(sizes()).toEqual([{ width: 300, height: 500 }])
  })

  it('stops after teardown', async () => {
    const { view, layout, document } = await setup()
    await view.connect()
    await host.request('ui/resource-teardown', {})
    expect(PausedResizeObserver.instances[0]!.disconnected).toBe(true)
    layout.content.height = 999
    document.body.append(document.createElement('p'))
    await settle()
    expect(sizes()).toHaveLength(1)
  })

  // The host keeps a view whose teardown failed (a save that failed): it lives on, and must still fit its content.
  it('keeps reporting after a teardown whose listener failed', async () => {
    const { view, layout, document } = await setup()
    await view.connect()
    await firstReport()
    view.on('teardown', () => Promise.reject(new Error('disk full')))
    expect((await host.request('ui/resource-teardown', {})).error).toMatchObject({ code: -32000 })
    expect(PausedResizeObserver.instances[0]!.disconnected).toBe(false)
    layout.content.height = 200
    document.body.append(document.createElement('p'))
    await vi.waitFor(() => expect(sizes()).toEqual([{ width: 300, height: 120 }, { width: 300, height: 200 }]))
  })

  it('with autoResize: false reports nothing until startAutoResize(), and stops with the returned function', async () => {
    const { view, layout, document } = await setup({ autoResize: false })
    await view.connect()
    await settle()
    expect(sizes()).toEqual([])
    const stop = view.startAutoResize()
    await vi.waitFor(() => expect(sizes()).toEqual([{ width: 300, height: 120 }]))
    stop()
    layout.content.height = 50
    document.body.append(document.createElement('p'))
    await settle()
    expect(sizes()).toHaveLength(1)
  })

  it('starts again after being stopped', async () => {
    const { view, layout, document } = await setup()
    await view.connect()
    await firstReport()
    view.stopAutoResize()
    layout.content.height = 50
    view.startAutoResize()
    expect(PausedResizeObserver.instances).toHaveLength(2)
    await vi.waitFor(() => expect(sizes()).toEqual([{ width: 300, height: 120 }, { width: 300, height: 50 }]))
    layout.content.height = 70
    document.body.append(document.createElement('p'))
    await vi.waitFor(() => expect(sizes().at(-1)).toEqual({ width: 300, height: 70 }))
  })

  it('reports a change made by an attribute (a class toggled) or by text, not only by added nodes', async () => {
    const { view, layout, document } = await setup()
    const text = document.createTextNode('short')
    document.body.append(text)
    await view.connect()
    await firstReport()
    layout.content.height = 200
    document.body.setAttribute('class', 'expanded')
    await vi.waitFor(() => expect(sizes().at(-1)).toEqual({ width: 300, height: 200 }))
    layout.content.height = 240
    text.data = 'a much longer text that wraps'
    await vi.waitFor(() => expect(sizes().at(-1)).toEqual({ width: 300, height: 240 }))
  })

  it('drops a measurement already scheduled when it stops', async () => {
    const { view, layout, document } = await setup()
    await view.connect()
    await firstReport()
    // The load listener schedules a measurement at once; stopping right after must cancel it.
    await loadTallerImage(document, layout)
    view.stopAutoResize()
    await settle()
    expect(sizes()).toEqual([{ width: 300, height: 120 }])
  })

  it('started before the handshake, begins at the handshake', async () => {
    const { view } = await setup({ autoResize: false })
    view.startAutoResize()
    expect(PausedResizeObserver.instances).toHaveLength(0)
    await view.connect()
    await vi.waitFor(() => expect(sizes()).toEqual([{ width: 300, height: 120 }]))
  })

  it('reports image loads (capture phase)', async () => {
    const { view, layout, document } = await setup()
    await view.connect()
    await firstReport()
    await loadTallerImage(document, layout)
    await vi.waitFor(() => expect(sizes().at(-1)).toEqual({ width: 300, height: 260 }))
  })
})
