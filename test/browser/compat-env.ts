/**
 * The environment of the compatibility suites (`compat-*.test.ts`): one Chromium, the three local
 * servers, the sandbox proxy on the sandbox origin, an in-test MCP server whose tools return a
 * legacy MCP-UI resource (`@mcp-ui/server`) or data for a ChatGPT-style app, and the apps
 * themselves, written against MCP-UI's `postMessage` protocol or `window.openai` only.
 *
 * Built on the shared harness (`startEnv`: browser, servers, MCP endpoint; steps; `bundlePage`,
 * which gives the compat host page our shipped `dist/` entries instead of the source ones).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Frame, Page } from 'playwright-core'
import { createUIResource } from '@mcp-ui/server'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import type { TestPage } from './harness/browser.js'
import { ROOT, bundlePage, hostPageHtml, inlineScript } from './harness/bundle.js'
import { startEnv, type Env } from './harness/env.js'
import { UI_CLIENT_CAPABILITIES, type McpSession } from './harness/mcp.js'
import { html, javascript } from './harness/servers.js'
import { Scenario } from './harness/steps.js'
import type { CompatEvent, CompatEventKind, CompatHostApi, CompatMount } from './pages/compat-host.js'

/** What the in-test MCP server's tools saw: proof that a call reached the server itself. */
export interface ServerLog {
  invocations: Array<{ tool: string; arguments: unknown }>
}

/** A legacy MCP-UI app: `postMessage` to the parent in MCP-UI's message format, nothing else. */
export function legacyAppHtml(): string {
  return `<!doctype html>
<html><head><title>Legacy MCP-UI app</title>
<style>body{font:16px/1.4 sans-serif;margin:0;padding:12px;background:rgb(250,250,250)} #grow{height:0}</style>
</head><body>
<h1>Legacy MCP-UI app</h1>
<p id="input">waiting for render data</p>
<p id="output">no output yet</p>
<p id="answer">no answer yet</p>
<button id="add">Add 2 and 3</button>
<button id="secret">Call the model-only tool</button>
<button id="prompt">Ask a follow-up</button>
<button id="link">Open the docs</button>
<button id="intent">Book a table</button>
<button id="notify">Notify the host</button>
<button id="tall">Grow</button>
<div id="grow"></div>
<script>
  var log = (window.mcpUiLog = { received: [], renderData: [] })
  var count = 0
  function send(type, payload) {
    var messageId = 'legacy-' + ++count
    window.parent.postMessage({ type: type, messageId: messageId, payload: payload }, '*')
  }
  window.addEventListener('message', function (event) {
    var data = event.data
    if (!data || typeof data !== 'object') return
    log.received.push(data.jsonrpc ? 'jsonrpc ' + (data.method || 'response') : data.type)
    if (data.type === 'ui-lifecycle-iframe-render-data') {
      var render = data.payload.renderData
      log.renderData.push(render)
      if (render.toolInput) document.getElementById('input').textContent = 'input: ' + JSON.stringify(render.toolInput)
      if (render.toolOutput) document.getElementById('output').textContent = 'output: ' + render.toolOutput.content[0].text
      document.body.style.background = render.theme === 'dark' ? 'rgb(16, 24, 48)' : 'rgb(250, 250, 250)'
    }
    if (data.type === 'ui-message-response') {
      var p = data.payload
      document.getElementById('answer').textContent = data.messageId + ' ' + JSON.stringify(p.error ? { error: p.error.message } : p.response)
    }
  })
  document.getElementById('add').onclick = function () { send('tool', { toolName: 'add', params: { a: 2, b: 3 } }) }
  document.getElementById('secret').onclick = function () { send('tool', { toolName: 'model-only-secret', params: {} }) }
  document.getElementById('prompt').onclick = function () { send('prompt', { prompt: 'Tell me more about Lisbon' }) }
  document.getElementById('link').onclick = function () { send('link', { url: 'https://example.com/docs' }) }
  document.getElementById('intent').onclick = function () { send('intent', { intent: 'book-table', params: { seats: 2 } }) }
  document.getElementById('notify').onclick = function () { send('notify', { message: 'table booked' }) }
  document.getElementById('tall').onclick = function () { document.getElementById('grow').style.height = '600px' }
  function reportSize() { window.parent.postMessage({ type: 'ui-size-change', payload: { height: document.documentElement.scrollHeight } }, '*') }
  new ResizeObserver(reportSize).observe(document.body)
  window.parent.postMessage({ type: 'ui-lifecycle-iframe-ready' }, '*')
</script>
</body></html>`
}

/**
 * A ChatGPT-style app: `window.openai` only. As ChatGPT serves it, its HTML has no shim (the host
 * injects one); `withShim` puts the shim's script-tag bundle first in its head, as an app author
 * migrating to other hosts would.
 */
export function openAiAppHtml(withShim = false): string {
  const shim = withShim ? inlineScript(readFileSync(join(ROOT, 'dist', 'mcp-app-bridge-openai.iife.js'), 'utf8')) : ''
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>Pizza list</title>${shim}
<style>body{font:16px/1.4 sans-serif;margin:0;padding:12px;background:rgb(250,250,250)} html[data-theme=dark] body{background:rgb(16,24,48);color:#eee}</style>
</head><body>
<h1>Pizza list</h1>
<p id="city">city: ?</p>
<p id="topping">topping: ?</p>
<p id="meta">meta: ?</p>
<p id="state">state: none</p>
<p id="answer">no answer yet</p>
<button id="add">Add 2 and 3</button>
<button id="more">More pizzas</button>
<button id="site">Open the site</button>
<button id="full">Fullscreen</button>
<button id="save">Save my favourite</button>
<button id="tall">Make it tall</button>
<script>
  var openai = window.openai
  window.globalsEvents = []
  window.features = function () {
    return ['callTool', 'sendFollowUpMessage', 'openExternal', 'requestDisplayMode', 'setWidgetState'].filter(function (name) { return typeof openai[name] === 'function' })
  }
  function render() {
    document.getElementById('city').textContent = 'city: ' + (openai.toolInput.city || '?')
    document.getElementById('topping').textContent = 'topping: ' + (openai.toolOutput ? openai.toolOutput.topping : '?')
    document.getElementById('meta').textContent = 'meta: ' + (openai.toolResponseMetadata ? openai.toolResponseMetadata['pizza/source'] : '?')
    document.getElementById('state').textContent = 'state: ' + (openai.widgetState ? openai.widgetState.favourite : 'none')
    document.documentElement.dataset.theme = openai.theme
  }
  window.addEventListener('openai:set_globals', function (event) { window.globalsEvents.push(Object.keys(event.detail.globals)); render() })
  render()
  function answer(text) { document.getElementById('answer').textContent = text }
  document.getElementById('add').onclick = function () {
    if (!openai.callTool) return answer('callTool unavailable')
    openai.callTool('add', { a: 2, b: 3 }).then(function (result) { answer('sum: ' + result.structuredContent.sum) }, function (error) { answer('error: ' + error.message) })
  }
  document.getElementById('more').onclick = function () { openai.sendFollowUpMessage({ prompt: 'Show me more pizzas' }) }
  document.getElementById('site').onclick = function () { openai.openExternal({ href: 'https://example.com/pizza' }) }
  document.getElementById('full').onclick = function () { openai.requestDisplayMode({ mode: 'fullscreen' }).then(function (result) { answer('mode: ' + result.mode) }) }
  document.getElementById('save').onclick = function () { openai.setWidgetState({ favourite: 'margherita' }) }
  document.getElementById('tall').onclick = function () { openai.notifyIntrinsicHeight(640) }
</script>
</body></html>`
}

/**
 * The in-test MCP server: `add` (apps only), `model-only-secret` (the model only), `show-legacy`
 * (its result carries the legacy app, made with `@mcp-ui/server`, with or without its MCP Apps
 * adapter, or as an external page), and `show-pizza` (data for the ChatGPT-style app).
 */
async function connectCompatServer(externalUrl: string): Promise<{ client: Client; log: ServerLog; close(): Promise<void> }> {
  const log: ServerLog = { invocations: [] }
  const server = new McpServer({ name: 'mcp-app-bridge compat test server', version: '1.0.0' })
  server.registerTool('add', { inputSchema: { a: z.number(), b: z.number() }, _meta: { ui: { visibility: ['app'] } } }, async ({ a, b }) => {
    log.invocations.push({ tool: 'add', arguments: { a, b } })
    return { content: [{ type: 'text', text: String(a + b) }], structuredContent: { sum: a + b } }
  })
  server.registerTool('model-only-secret', { inputSchema: {}, _meta: { ui: { visibility: ['model'] } } }, async () => {
    log.invocations.push({ tool: 'model-only-secret', arguments: {} })
    return { content: [{ type: 'text', text: 'secret' }] }
  })
  server.registerTool('show-legacy', { inputSchema: { city: z.string(), variant: z.enum(['raw', 'adapter', 'url']) } }, async ({ city, variant }) => {
    log.invocations.push({ tool: 'show-legacy', arguments: { city, variant } })
    const ui = createUIResource({
      uri: `ui://legacy/${variant}`,
      content: variant === 'url' ? { type: 'externalUrl', iframeUrl: externalUrl } : { type: 'rawHtml', htmlString: legacyAppHtml() },
      encoding: 'text',
      ...(variant === 'adapter' ? { adapters: { mcpApps: { enabled: true } } } : { uiMetadata: { 'preferred-frame-size': ['100%', '420px'] } }),
    })
    return { content: [{ type: 'text', text: `Weather in ${city}: sunny` }, ui as never] }
  })
  server.registerTool('show-pizza', { inputSchema: { city: z.string() } }, async ({ city }) => {
    log.invocations.push({ tool: 'show-pizza', arguments: { city } })
    return { content: [{ type: 'text', text: `Pizzas in ${city}` }], structuredContent: { topping: 'basil' }, _meta: { 'pizza/source': 'oven-7' } }
  })
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  const client = new Client({ name: 'mcp-app-bridge compat host', version: '1.0.0' }, { capabilities: UI_CLIENT_CAPABILITIES })
  await client.connect(clientSide)
  return {
    client,
    log,
    async close() {
      await client.close().catch(() => {})
      await server.close().catch(() => {})
    },
  }
}

export interface CompatEnv {
  env: Env
  session: McpSession
  log: ServerLog
  /** The legacy app served as an external page (`text/uri-list`), on the declared domain. */
  externalUrl: string
  /** The sandbox proxy page (on the sandbox origin). */
  proxyUrl: string
  open(scenario: Scenario, mount: 'mountMcpUi' | 'mountOpenAi', config: Omit<CompatMount, 'mcpSession'>): Promise<CompatHandle>
  close(): Promise<void>
}

/** The shared harness's environment, plus the compat host page, the sandbox proxy, the external page and the compat MCP server. */
export async function startCompatEnv(): Promise<CompatEnv> {
  const env = await startEnv()
  try {
    const { servers } = env
    const externalUrl = servers.declared.url('/legacy-page.html')
    // The host frames views with a `csp` attribute (CSP Embedded Enforcement): Chromium shows a
    // nested external page only if it agrees to run under the host's policy.
    servers.declared.route('/legacy-page.html', html(legacyAppHtml(), { 'allow-csp-from': '*' }))
    servers.host.route('/compat/host.html', html(hostPageHtml('ours', '/compat/host.js')))
    servers.host.route('/compat/host.js', javascript(await bundlePage('compat-host.ts')))
    servers.host.route('/compat/openai.iife.js', javascript(readFileSync(join(ROOT, 'dist', 'mcp-app-bridge-openai.iife.js'), 'utf8')))
    const { sandboxResponse } = (await import(pathToFileURL(join(ROOT, 'dist', 'sandbox-server', 'index.js')).href)) as typeof import('../../src/host/sandbox-server.js')
    servers.sandbox.route('/sandbox-proxy.html', (request, response) => {
      const answer = sandboxResponse(request.url ?? '/', { hostOrigins: [servers.host.origin] } as never)
      response.writeHead(answer.status, answer.headers).end(answer.body)
    })
    const connection = await connectCompatServer(externalUrl)
    const session = env.registerMcp(connection.client, connection.close)
    return {
      env,
      session,
      log: connection.log,
      externalUrl,
      proxyUrl: servers.sandbox.url('/sandbox-proxy.html'),
      async open(scenario, mount, config) {
        const tab = await env.browser.newPage()
        await tab.page.goto(servers.host.url('/compat/host.html'))
        await tab.page.waitForFunction(() => 'compatHost' in window)
        const handle = new CompatHandle(tab, scenario)
        scenario.diagnose(async () => {
          const events = await handle.events().catch(() => [])
          const tail = events.filter((e) => e.kind !== 'traffic').slice(-25)
          return `host events (last ${tail.length}):\n${tail.map((e) => `  ${e.kind} ${JSON.stringify(e.data)?.slice(0, 300)}`).join('\n')}`
        })
        scenario.diagnose(() => `page console (last 25):\n${tab.console.slice(-25).map((line) => `  ${line}`).join('\n')}`)
        await handle.call(mount, { ...config, mcpSession: session.id })
        return handle
      },
      async close() {
        await session.close()
        await env.close()
      },
    }
  } catch (error) {
    await env.close()
    throw error
  }
}

/** The per-file setup, as `useEnv` does it: the environment before the file's tests, closed after them. */
export function useCompatEnv(hooks: { beforeAll: (fn: () => Promise<void>, timeout?: number) => void; afterAll: (fn: () => Promise<void>, timeout?: number) => void }): () => CompatEnv {
  let env: CompatEnv | undefined
  hooks.beforeAll(async () => {
    env = await startCompatEnv()
  }, 60_000)
  hooks.afterAll(async () => {
    await env?.close()
  }, 30_000)
  return () => {
    if (!env) throw new Error('The compat environment did not start (see the beforeAll error)')
    return env
  }
}

/** One host page with one mounted app. */
export class CompatHandle {
  readonly tab: TestPage
  readonly page: Page
  readonly scenario: Scenario

  constructor(tab: TestPage, scenario: Scenario) {
    this.tab = tab
    this.page = tab.page
    this.scenario = scenario
  }

  call<K extends keyof CompatHostApi>(method: K, ...args: CompatHostApi[K] extends (...a: infer A) => unknown ? A : never): Promise<any> {
    return this.page.evaluate(
      ([name, params]) => (window as unknown as { compatHost: Record<string, (...a: unknown[]) => unknown> }).compatHost[name]!(...params),
      [method, args] as [string, unknown[]],
    )
  }

  waitFor(kind: CompatEventKind, count = 1): Promise<CompatEvent> {
    return this.call('waitFor', kind, count)
  }

  /** Clicks the app's button and returns what the host then saw of `kind` (the next such event). */
  async press(app: Frame, button: string, kind: CompatEventKind): Promise<any> {
    const next = (await this.events(kind)).length + 1
    await app.getByRole('button', { name: button }).click()
    return (await this.waitFor(kind, next)).data
  }

  events(kind?: CompatEventKind): Promise<CompatEvent[]> {
    return this.page.evaluate((k) => (window as unknown as { compatHost: CompatHostApi }).compatHost.events.filter((e) => k === null || e.kind === k), kind ?? null)
  }

  /** The app's frame: the first frame whose document has `selector` (works behind the proxy and the relay too). */
  async appFrame(selector = 'h1'): Promise<Frame> {
    for (;;) {
      for (const frame of this.page.frames()) {
        if (frame === this.page.mainFrame()) continue
        if (await frame.$(selector).catch(() => null)) return frame
      }
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }

  close(): Promise<void> {
    return this.tab.close()
  }
}
