/**
 * A test file's environment (one browser, the three servers, the MCP endpoint, the test pages)
 * and a scenario's handle on one host page with one mounted view.
 *
 * Everything a scenario does in the browser goes through a handle method that awaits an event
 * recorded by the page (`testHost.waitFor`, `testApp.waitFor`), never a fixed sleep; the
 * scenario's steps put a timeout and a name on each of those awaits.
 */
import type { Frame, Page } from 'playwright-core'
import { launchBrowser, type LaunchOptions, type TestBrowser, type TestPage } from './browser.js'
import { bundlePage, hostPageHtml, viewHtml } from './bundle.js'
import { proxyRoute } from './proxy.js'
import { mcpEndpoint, type McpSession } from './mcp.js'
import { html, javascript, startServers, type Servers } from './servers.js'
import { summarizeTimings, timings, type Scenario } from './steps.js'
import type { ActionOutcome, FrameMode, HostEvent, HostEventKind, MountConfig, TestAppApi, TestHostApi, ViewAction, ViewEvent, ViewEventKind } from '../pages/contract.js'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'

export type Side = 'ours' | 'official'

/**
 * The frame modes our host (`mountApp`) is tested in, and every scenario that iterates this list
 * runs in each: `'srcdoc'`, one opaque frame; `'proxy'`, the double-iframe sandbox proxy served on
 * the sandbox origin.
 */
export const FRAME_MODES: FrameMode[] = ['srcdoc', 'proxy']

export interface Env {
  browser: TestBrowser
  servers: Servers
  /** Registers a connected MCP client; the host page reaches it at `/mcp/<session.id>`. */
  registerMcp(client: Client, onClose?: () => Promise<void>): McpSession
  /** Serves `body` as a view document on the host origin and returns its URL. */
  serveView(name: string, body: string): string
  /**
   * The sandbox proxy page's URL on the sandbox origin, served by the library's Node helper
   * (`createSandboxHandler`: the view's CSP and `frame-ancestors <host>` as HTTP headers).
   */
  proxyUrl: string
  close(): Promise<void>
}

let viewCounter = 0

/** Lets a page on another origin keep every message it receives (replies to an attacker would land here). */
export const INBOX_SCRIPT = `<script>window.inbox = []; addEventListener('message', (e) => inbox.push({ origin: e.origin, data: e.data }))</script>`

export async function startEnv(options: { browser?: LaunchOptions } = {}): Promise<Env> {
  const [launched, started] = await Promise.allSettled([launchBrowser(options.browser), startServers()])
  if (launched.status === 'rejected' || started.status === 'rejected') {
    if (launched.status === 'fulfilled') await launched.value.close()
    if (started.status === 'fulfilled') await started.value.close()
    throw launched.status === 'rejected' ? launched.reason : (started as PromiseRejectedResult).reason
  }
  const browser = launched.value
  const servers = started.value
  const { host } = servers
  for (const side of ['ours', 'official'] as const) {
    const script = `/host/${side}.js`
    host.route(`/host/${side}.html`, html(hostPageHtml(side, script)))
    host.route(script, javascript(await bundlePage(side === 'ours' ? 'our-host.ts' : 'official-host.ts')))
    host.route(`/views/${side}.html`, html(await viewHtml(side)))
  }
  servers.foreign.route('/attacker.html', html(`<!doctype html><title>Attacker</title><p>attacker</p>${INBOX_SCRIPT}`))
  servers.sandbox.route('/sandbox-proxy.html', proxyRoute({ helper: { hostOrigins: [host.origin] } }))
  const mcp = mcpEndpoint(host)
  return {
    browser,
    servers,
    proxyUrl: servers.sandbox.url('/sandbox-proxy.html'),
    registerMcp: (client, onClose) => mcp.register(client, onClose),
    serveView(name, body) {
      const path = `/views/${name}-${++viewCounter}.html`
      host.route(path, html(body))
      return host.url(path)
    },
    async close() {
      await Promise.allSettled([browser.close(), servers.close()])
    },
  }
}

/** Adds an iframe to `frame`'s document and resolves with its frame once the iframe fired `load`. */
export async function addFrame(frame: Frame, src: string, id: string): Promise<Frame> {
  await frame.evaluate(
    ([url, name]) =>
      new Promise<void>((resolve) => {
        const iframe = document.createElement('iframe')
        iframe.id = name
        iframe.onload = () => resolve()
        iframe.src = url
        document.body.append(iframe)
      }),
    [src, id] as const,
  )
  const child = await (await frame.waitForSelector(`#${id}`, { state: 'attached' })).contentFrame()
  if (!child) throw new Error(`#${id} has no frame`)
  return child
}

export interface OpenOptions {
  host: Side
  /** A test view (`ours`/`official`) or the URL of any view document on the host origin. */
  view: Side | { url: string }
  config?: Partial<Omit<MountConfig, 'viewUrl'>>
  /**
   * Load the host page in an iframe of a page on the sandbox origin instead of at the top, so a
   * foreign top page can attack it.
   */
  embedded?: boolean
  /** Runs on the new page before it loads anything (e.g. `page.addInitScript`). */
  beforeLoad?: (page: Page) => Promise<void>
  /** `false`: open the host page only; the test mounts (`handle.call('mount', handle.config)`). */
  mount?: boolean
  /**
   * Path of another host page on the host origin (default `/host/<host>.html`): a page with its
   * own layout around `<div id="views">` that loads the same host script (`/host/<host>.js`).
   */
  hostPage?: string
}

/** Defaults every scenario starts from: the capabilities the test views use, light theme. */
export const DEFAULT_MOUNT: Omit<MountConfig, 'viewUrl'> = {
  frameMode: 'srcdoc',
  capabilities: { openLinks: {}, message: { text: {} }, updateModelContext: { text: {}, structuredContent: {} }, logging: {}, serverTools: {} },
  hostContext: {
    theme: 'light',
    displayMode: 'inline',
    availableDisplayModes: ['inline', 'fullscreen'],
    containerDimensions: { maxHeight: 1_500 },
    locale: 'en-US',
    platform: 'web',
  },
}

export class HostHandle {
  readonly page: Page
  readonly tab: TestPage
  /** The frame whose `window.testHost` is the host (the top frame, or the embedded host frame). */
  readonly hostFrame: Frame
  readonly scenario: Scenario
  /** What the host page mounts (or mounted). */
  readonly config: MountConfig

  constructor(tab: TestPage, hostFrame: Frame, scenario: Scenario, config: MountConfig) {
    this.tab = tab
    this.page = tab.page
    this.hostFrame = hostFrame
    this.scenario = scenario
    this.config = config
  }

  /** Calls a `window.testHost` method in the host page. */
  call<K extends keyof TestHostApi>(method: K, ...args: TestHostApi[K] extends (...a: infer A) => unknown ? A : never): Promise<Awaited<TestHostApi[K] extends (...a: never[]) => infer R ? R : never>> {
    return this.hostFrame.evaluate(
      ([name, params]) => {
        const api = (window as unknown as { testHost: Record<string, (...a: unknown[]) => unknown> }).testHost
        return api[name]!(...params)
      },
      [method, args] as [string, unknown[]],
    ) as never
  }

  waitHost(kind: HostEventKind, count = 1): Promise<HostEvent> {
    return this.call('waitFor', kind, count)
  }

  /** The host's events so far (of one kind), filtered in the page: a flood leaves thousands. */
  hostEvents(kind?: HostEventKind): Promise<HostEvent[]> {
    return this.hostFrame.evaluate(
      (k) => (window as unknown as { testHost: TestHostApi }).testHost.events.filter((event) => k === null || event.kind === k),
      kind ?? null,
    )
  }

  received(): Promise<Record<string, number>> {
    return this.hostFrame.evaluate(() => ({ ...(window as unknown as { testHost: TestHostApi }).testHost.received }))
  }

  #viewFrame: Frame | undefined
  #viewApp: Promise<Frame> | undefined

  /** The frame the host created: the view's own frame, or in proxy mode the proxy's. */
  async outerFrame(): Promise<Frame> {
    const element = await this.hostFrame.waitForSelector('#views iframe', { state: 'attached' })
    const frame = await element.contentFrame()
    if (!frame) throw new Error('The host\'s iframe has no frame')
    return frame
  }

  /** The view's frame (in proxy mode, the proxy's inner frame). */
  async viewFrame(): Promise<Frame> {
    if (this.#viewFrame && !this.#viewFrame.isDetached()) return this.#viewFrame
    let frame = await this.outerFrame()
    if (this.config.frameMode === 'proxy') {
      const inner = await (await frame.waitForSelector('iframe', { state: 'attached' })).contentFrame()
      if (!inner) throw new Error('The proxy\'s inner iframe has no frame')
      frame = inner
    }
    return (this.#viewFrame = frame)
  }

  /** Waits until the test view's `window.testApp` exists (its script ran). */
  viewApp(): Promise<Frame> {
    return (this.#viewApp ??= this.viewFrame().then(async (frame) => {
      await frame.waitForFunction(() => 'testApp' in window)
      return frame
    }))
  }

  async waitView(kind: ViewEventKind, count = 1): Promise<ViewEvent> {
    const frame = await this.viewApp()
    return frame.evaluate(([k, c]) => (window as unknown as { testApp: TestAppApi }).testApp.waitFor(k, c), [kind, count] as [ViewEventKind, number])
  }

  async viewEvents(kind?: ViewEventKind): Promise<ViewEvent[]> {
    const frame = await this.viewApp()
    const events = await frame.evaluate(() => (window as unknown as { testApp: TestAppApi }).testApp.events)
    return kind ? events.filter((event) => event.kind === kind) : events
  }

  async run(action: ViewAction): Promise<ActionOutcome> {
    const frame = await this.viewApp()
    return frame.evaluate((a) => (window as unknown as { testApp: TestAppApi }).testApp.run(a), action)
  }

  async appearance(): Promise<{ theme: string | null; background: string }> {
    const frame = await this.viewApp()
    return frame.evaluate(() => (window as unknown as { testApp: TestAppApi }).testApp.appearance())
  }

  /**
   * The `message` listeners on the host page's window, as Chromium's DevTools protocol lists
   * them (`DOMDebugger.getEventListeners`): whatever added them, the library or the page.
   */
  async messageListeners(): Promise<number> {
    if (this.hostFrame !== this.page.mainFrame()) throw new Error('messageListeners() reads the top window only')
    const cdp = await this.page.context().newCDPSession(this.page)
    try {
      const { result } = await cdp.send('Runtime.evaluate', { expression: 'window' })
      const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! })
      return listeners.filter((listener) => listener.type === 'message').length
    } finally {
      await cdp.detach()
    }
  }

  close(): Promise<void> {
    return this.tab.close()
  }
}

/**
 * Opens a host page, mounts a view in it and returns the handle. The scenario's diagnostics get
 * the host's event log and the page's console, printed if a step fails.
 */
export async function openHost(env: Env, scenario: Scenario, options: OpenOptions): Promise<HostHandle> {
  const tab = await env.browser.newPage()
  await options.beforeLoad?.(tab.page)
  const hostUrl = env.servers.host.url(options.hostPage ?? `/host/${options.host}.html`)
  let hostFrame: Frame
  if (options.embedded) {
    const embedder = `/embedder-${options.host}.html`
    const frame = `<iframe id="host" src="${hostUrl}" style="width:900px;height:850px;border:0"></iframe>`
    env.servers.foreign.route(embedder, html(`<!doctype html><title>Foreign top page</title>${frame}${INBOX_SCRIPT}`))
    await tab.page.goto(env.servers.foreign.url(embedder))
    const element = await tab.page.waitForSelector('iframe#host', { state: 'attached' })
    hostFrame = (await element.contentFrame())!
    await hostFrame.waitForURL(hostUrl)
  } else {
    await tab.page.goto(hostUrl)
    hostFrame = tab.page.mainFrame()
  }
  await hostFrame.waitForFunction(() => 'testHost' in window)
  const viewUrl = typeof options.view === 'string' ? env.servers.host.url(`/views/${options.view}.html`) : options.view.url
  const config: MountConfig = { ...DEFAULT_MOUNT, proxyUrl: env.proxyUrl, ...options.config, viewUrl }
  const handle = new HostHandle(tab, hostFrame, scenario, config)
  scenario.diagnose(async () => {
    const events = await hostFrame.evaluate(() => (window as unknown as { testHost?: TestHostApi }).testHost?.events ?? []).catch(() => [])
    const tail = events.slice(-25).map((event) => `  host ${event.kind} ${JSON.stringify(event.data)?.slice(0, 300)}`)
    return `host events (last ${tail.length} of ${events.length}):\n${tail.join('\n')}`
  })
  scenario.diagnose(() => `page console (last 25):\n${tab.console.slice(-25).map((line) => `  ${line}`).join('\n')}`)
  if (options.mount !== false) {
    try {
      await handle.call('mount', config)
    } catch (error) {
      await tab.close()
      throw error
    }
  }
  return handle
}

/**
 * The usual per-file setup: starts the environment before the file's tests, closes it after,
 * and prints one timing line per scenario (`BROWSER_STEP_TIMINGS=1` prints every step).
 */
export function useEnv(
  hooks: { beforeAll: (fn: () => Promise<void>, timeout?: number) => void; afterAll: (fn: () => Promise<void>, timeout?: number) => void },
  options?: Parameters<typeof startEnv>[0],
): () => Env {
  let env: Env | undefined
  hooks.beforeAll(async () => {
    env = await startEnv(options)
  }, 60_000)
  hooks.afterAll(async () => {
    await env?.close()
    const detail = process.env.BROWSER_STEP_TIMINGS
      ? timings.map((t) => `  ${t.scenario} › ${t.step}: ${Math.round(t.ms)} ms${t.ok ? '' : ' FAILED'}`).join('\n')
      : ''
    if (timings.length) console.log(`${summarizeTimings()}${detail ? `\n${detail}` : ''}`)
  }, 30_000)
  return () => {
    if (!env) throw new Error('The browser environment did not start (see the beforeAll error)')
    return env
  }
}
