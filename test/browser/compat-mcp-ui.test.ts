/**
 * Legacy MCP-UI apps in our host, in Chromium, through their whole life: an app built with
 * `@mcp-ui/server` 6.1 (raw HTML; raw HTML with the package's own MCP Apps adapter; an external
 * page), carried in a tool result of a real MCP server, shown with `mountMcpUiApp`, talking
 * MCP-UI's `postMessage` protocol only. Every action goes through the host's enforced paths; the
 * tool input and result reach the app exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useCompatEnv, type CompatHandle } from './compat-env.js'
import { Scenario } from './harness/steps.js'

const env = useCompatEnv({ beforeAll, afterAll })

const CAPABILITIES = { serverTools: {}, message: { text: {} }, openLinks: {} }
const CONTEXT = { theme: 'light' as const, locale: 'pt-PT', displayMode: 'inline' as const, availableDisplayModes: ['inline' as const], containerDimensions: { maxHeight: 1_500 } }

type Variant = 'raw' | 'adapter' | 'url'

async function lifecycle(h: CompatHandle, variant: Variant): Promise<void> {
  const s = h.scenario
  await s.step('the app is initialized: by the translator for MCP-UI, by the adapter itself with it', async () => {
    await h.waitFor('ready')
    expect(await h.call('protocol')).toBe(variant === 'adapter' ? 'mcp-apps' : 'mcp-ui')
    expect(await h.call('appName')).toBe(variant === 'adapter' ? 'mcp-ui-adapter' : 'mcp-ui-app')
  })
  const app = await s.step('the app shows the tool input and result it was sent', async () => {
    const frame = await h.appFrame('#add')
    await frame.getByText(`input: {"city":"Lisbon","variant":"${variant}"}`).waitFor()
    await frame.getByText('output: Weather in Lisbon: sunny').waitFor()
    return frame
  })
  await s.step('the tool input and result were delivered exactly once', async () => {
    const out = (await h.events('traffic')).filter((e) => e.data.direction === 'out').map((e) => e.data.method)
    expect(out.filter((m: string) => m === 'ui/notifications/tool-input')).toHaveLength(1)
    expect(out.filter((m: string) => m === 'ui/notifications/tool-result')).toHaveLength(1)
    const received: string[] = await app.evaluate(() => (window as unknown as { mcpUiLog: { received: string[] } }).mcpUiLog.received)
    const jsonRpc = received.filter((m) => m.startsWith('jsonrpc '))
    if (variant === 'adapter') {
      // The adapter reads the JSON-RPC itself (and hands the app render data); each arrived once.
      expect(jsonRpc.filter((m) => m === 'jsonrpc ui/notifications/tool-input')).toHaveLength(1)
      expect(jsonRpc.filter((m) => m === 'jsonrpc ui/notifications/tool-result')).toHaveLength(1)
      expect((await h.events('warning')).map((e) => e.data)).toContain('ui-lifecycle-iframe-ready after ui/initialize: ignored')
    } else {
      // An MCP-UI app never sees JSON-RPC: everything reaches it as MCP-UI messages.
      expect(jsonRpc).toStrictEqual([])
    }
  })
  await s.step('tool → the server and back, with the app\'s message id', async () => {
    const before = env().log.invocations.length
    expect(await h.press(app, 'Add 2 and 3', 'callTool')).toStrictEqual({ name: 'add', arguments: { a: 2, b: 3 } })
    await app.getByText(/^legacy-\d+ \{"content":\[\{"type":"text","text":"5"\}\],"structuredContent":\{"sum":5\}\}$/).waitFor()
    expect(env().log.invocations.slice(before)).toStrictEqual([{ tool: 'add', arguments: { a: 2, b: 3 } }])
  })
  await s.step('a model-only tool is refused before the server sees it', async () => {
    const before = env().log.invocations.length
    await app.getByRole('button', { name: 'Call the model-only tool' }).click()
    await app.getByText(/"error":"model-only-secret: not callable by apps \(visibility\)"/).waitFor()
    expect(env().log.invocations.slice(before)).toStrictEqual([])
  })
  await s.step('prompt → the host\'s message handler; link → its link policy', async () => {
    expect(await h.press(app, 'Ask a follow-up', 'message')).toStrictEqual([{ type: 'text', text: 'Tell me more about Lisbon' }])
    expect(await h.press(app, 'Open the docs', 'openLink')).toBe('https://example.com/docs')
  })
  await s.step('intent and notify → host events; the intent\'s answer reaches the app', async () => {
    expect(await h.press(app, 'Book a table', 'intent')).toStrictEqual({ intent: 'book-table', params: { seats: 2 } })
    await app.getByText(/^legacy-\d+ \{"booked":"book-table"\}$/).waitFor()
    expect(await h.press(app, 'Notify the host', 'notify')).toBe('table booked')
  })
  await s.step('ui-size-change resizes the frame', async () => {
    await app.getByRole('button', { name: 'Grow' }).click()
    await h.page.waitForFunction(() => ((window as any).compatHost.frame()?.height ?? 0) > 600)
  })
  await s.step('a host context change reaches the app', async () => {
    await h.call('setHostContext', { theme: 'dark' })
    await app.waitForFunction(() => getComputedStyle(document.body).backgroundColor === 'rgb(16, 24, 48)')
  })
  await s.step('teardown: answered without waiting on the app, the frame removed', async () => {
    await h.call('teardown', 'test finished')
    expect(await h.call('frame')).toBeNull()
    expect((await h.waitFor('close')).data).toBe('test finished')
    // Answered (by the translator for MCP-UI, by the adapter with it): no teardown timeout or error.
    expect((await h.events('warning')).map((e) => e.data).filter((m: string) => m.startsWith('Teardown'))).toStrictEqual([])
  })
}

describe('legacy MCP-UI apps in our host (Chromium)', () => {
  const cases: Array<{ name: string; variant: Variant; proxy?: boolean }> = [
    { name: 'raw HTML from @mcp-ui/server, srcdoc frame', variant: 'raw' },
    { name: 'raw HTML from @mcp-ui/server, behind the sandbox proxy', variant: 'raw', proxy: true },
    { name: 'raw HTML with @mcp-ui/server\'s own MCP Apps adapter', variant: 'adapter' },
    { name: 'an external page (externalUrl), through the relay', variant: 'url' },
  ]
  for (const { name, variant, proxy } of cases) {
    it(name, async () => {
      const s = new Scenario(`compat mcp-ui › ${name}`)
      const h = await s.step('call the tool and mount its UI resource', () =>
        env().open(s, 'mountMcpUi', {
          tool: 'show-legacy',
          arguments: { city: 'Lisbon', variant },
          capabilities: CAPABILITIES,
          hostContext: CONTEXT,
          ...(proxy && { proxyUrl: env().proxyUrl }),
        }),
        // A page, a real tool call and (proxy) a second origin: 2-3 s alone, once over 10 s on a loaded machine.
        30_000,
      )
      try {
        await lifecycle(h, variant)
      } finally {
        await h.close()
      }
    })
  }
})
