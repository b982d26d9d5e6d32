/**
 * `mountApp` in a happy-dom page with a real `ViewBridge` inside its frame, and a real MCP server
 * over stdio, for the fault tests.
 *
 * happy-dom runs no scripts in frames and reports the top window as the source of a frame's
 * messages, so the view's side of the link is explicit: the view posts by dispatching on the host
 * window with the frame's window as `source` (origin `"null"` for a srcdoc frame, the proxy's
 * origin behind a proxy), and reads what the host posts to the frame's window as if its parent
 * sent it. Everything on the host side (hub, `FrameTransport`, `watchFrame`) is the real thing.
 */
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { Window } from 'happy-dom'
import { mountApp, type MountAppOptions, type MountedApp } from '../../src/host/index.js'
import { ViewBridge, type ViewBridgeOptions } from '../../src/view/index.js'
import { until } from '../host/helpers.js'

export const HOST_ORIGIN = 'https://host.example'
const HTML = '<!doctype html><html><head><title>app</title></head><body><p>app</p></body></html>'

/**
 * Tracks the timers and intervals created through the globals from now on (what the bridges, the
 * message hub and the MCP client use), so a test can prove none is left running. `live()`
 * describes the ones still pending, with where they were created; `stop()` restores the globals.
 */
export function trackTimers(): { live(): string[]; stop(): void } {
  const saved = { setTimeout, clearTimeout, setInterval, clearInterval }
  const live = new Map<unknown, string>()
  const where = (kind: string, ms?: number) => `${kind} ${ms ?? 0} ms from ${new Error().stack!.split('\n').slice(3, 6).join(' < ').replace(/\s+/g, ' ')}`
  globalThis.setTimeout = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const timer = saved.setTimeout((...values: unknown[]) => {
      live.delete(timer)
      callback(...values)
    }, ms, ...args)
    live.set(timer, where('timeout', ms))
    return timer
  }) as typeof setTimeout
  globalThis.setInterval = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const timer = saved.setInterval(callback, ms, ...args)
    live.set(timer, where('interval', ms))
    return timer
  }) as typeof setInterval
  const clear = (original: (timer: never) => void) => (timer: unknown) => {
    live.delete(timer)
    original(timer as never)
  }
  globalThis.clearTimeout = clear(saved.clearTimeout) as typeof clearTimeout
  globalThis.clearInterval = clear(saved.clearInterval) as typeof clearInterval
  return {
    live: () => [...live.values()],
    stop: () => void Object.assign(globalThis, saved),
  }
}

export interface Page {
  window: Window
  container: Element
  close(): Promise<void>
}

/**
 * A host page. With `silentFrames`, frames that load a URL (a sandbox proxy) get a page that never
 * says anything: a proxy that never sends ready.
 */
export function openPage(options: { silentFrames?: boolean } = {}): Page {
  const silent = {
    enableIframePageLoading: true,
    fetch: { interceptor: { beforeAsyncRequest: async ({ window }: { window: Window }) => new window.Response('<!doctype html><title>silent</title>', { headers: { 'content-type': 'text/html' } }) } },
  }
  const window = new Window({ url: `${HOST_ORIGIN}/chat`, settings: options.silentFrames ? (silent as never) : {} })
  const container = window.document.createElement('div')
  window.document.body.appendChild(container)
  return {
    window,
    container: container as unknown as Element,
    async close() {
      await window.happyDOM.abort()
      window.close()
    },
  }
}

/** Resolves after deliveries already queued on the links (a `setTimeout(0)` each) have run. */
export const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 20))

/** Mounts a view with `mountApp` (srcdoc by default) in `page`. */
export function mount(page: Page, options: Partial<MountAppOptions> = {}): MountedApp {
  return mountApp({ container: page.container, sandbox: 'srcdoc', hostInfo: { name: 'fault-host', version: '1.0.0' }, resource: { html: HTML }, ...options } as MountAppOptions)
}

/** A real `ViewBridge` in `app`'s frame, once the frame exists. `origin` is the frame's origin as the host sees it. */
export async function viewIn(app: MountedApp, page: Page, options: Partial<ViewBridgeOptions> = {}, origin = 'null'): Promise<ViewBridge> {
  const frameWindow = (await until(() => app.iframe.isConnected && app.iframe.contentWindow, 2_000, 'the frame')) as unknown as Window
  const host = page.window
  const parent = {
    postMessage(message: unknown) {
      const data = structuredClone(message)
      setTimeout(() => host.dispatchEvent(new host.MessageEvent('message', { data: data as never, origin, source: frameWindow as never })))
    },
  }
  type Listener = (event: { data: unknown; origin: string; source: unknown }) => void
  const wrapped = new Map<Listener, (event: { data: unknown }) => void>()
  const self = {
    addEventListener(_type: 'message', listener: Listener) {
      const relay = (event: { data: unknown }) => listener({ data: event.data, origin: HOST_ORIGIN, source: parent })
      wrapped.set(listener, relay)
      frameWindow.addEventListener('message', relay as never)
    },
    removeEventListener(_type: 'message', listener: Listener) {
      frameWindow.removeEventListener('message', wrapped.get(listener) as never)
      wrapped.delete(listener)
    },
  }
  return new ViewBridge({ appInfo: { name: 'fault-view', version: '1.0.0' }, target: parent, self: self as never, autoResize: false, ...options })
}

export interface StdioServer {
  client: Client
  /** Resolves once the server wrote `line` on stderr (now or earlier). */
  saw(line: string, ms?: number): Promise<void>
  /** Kills the server process at once (SIGKILL): a crash. */
  kill(): void
  close(): Promise<void>
}

/** Starts `fixtures/stdio-server.mjs` and connects a real MCP `Client` (`@modelcontextprotocol/sdk`) to it. */
export async function startStdioServer(): Promise<StdioServer> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [join(import.meta.dirname, 'fixtures', 'stdio-server.mjs')], stderr: 'pipe' })
  let stderr = ''
  transport.stderr?.on('data', (chunk: Buffer) => void (stderr += chunk.toString('utf8')))
  const client = new Client({ name: 'fault-host', version: '1.0.0' }, { capabilities: {} })
  await client.connect(transport)
  return {
    client,
    saw: (line, ms = 5_000) => until(() => stderr.split('\n').includes(line), ms, `the server to report "${line}"`).then(() => undefined),
    kill() {
      process.kill(transport.pid!, 'SIGKILL')
    },
    close: () => client.close().catch(() => {}),
  }
}
