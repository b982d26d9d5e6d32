/**
 * Real published MCP App servers in our host, in each frame mode: each server package (see
 * `published-servers.ts`, or `MCP_APP_SERVERS`) is started with `--stdio` (one process for both
 * frame modes unless it is `stateful`), a real MCP `Client` finds its UI tool, reads
 * the `ui://` resource and calls the tool as a model would; our host renders the resource in
 * Chromium and must see the app complete the handshake, render (a non-blank screenshot, its
 * expected text), receive the tool input and result, and send its own calls back (server tools
 * through to the server, messages, logs, links).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Frame } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FRAME_MODES, openHost, useEnv, type HostHandle } from './harness/env.js'
import { connectPublishedServer, type McpCall, type McpSession } from './harness/mcp.js'
import { countPixels, decodePng, inkPixels } from './harness/png.js'
import { Scenario } from './harness/steps.js'
import { argumentsFromSchema, publishedServers, type PublishedServer } from './published-servers.js'
import { RESOURCE_MIME_TYPE } from '../../src/protocol/methods.js'
import { injectOpenAiShim } from '../../src/openai/host.js'
import { ROOT } from './harness/bundle.js'
import type { HostEventKind, TestHostApi } from './pages/contract.js'
import type { McpUiResourceMeta } from '../../src/protocol/types.js'

const env = useEnv({ beforeAll, afterAll })

/** The `window.openai` shim's script-tag bundle, as a host injects it (`PublishedServer.openAiShim`). */
const OPENAI_SHIM_PATH = join(ROOT, 'dist', 'mcp-app-bridge-openai.iife.js')

/**
 * Installed in every frame before its own scripts: records the JSON-RPC methods a view receives
 * from its parent, so the test knows the app got its tool input and result without touching the
 * app's code. A bridge that moved to a `MessageChannel` (our view, our `window.openai` shim)
 * receives on a port: those are recorded as they are handed to the port's `onmessage`.
 */
function recordIncoming(): void {
  // Once per document: also inlined ahead of the openai shim, because an init script can run
  // after a fast out-of-process frame's own scripts, and then the port would go unseen.
  if (window.parent === window || (window as unknown as { __mcpReceived?: string[] }).__mcpReceived) return
  const seen: string[] = []
  ;(window as unknown as { __mcpReceived: string[] }).__mcpReceived = seen
  window.addEventListener(
    'message',
    (event) => {
      const data = event.data as { method?: unknown } | null
      if (event.source === window.parent && typeof data?.method === 'string') seen.push(data.method)
    },
    { capture: true },
  )
  const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage')!
  Object.defineProperty(MessagePort.prototype, 'onmessage', {
    ...onmessage,
    set(this: MessagePort, handler: ((event: MessageEvent) => void) | null) {
      const record = (event: MessageEvent) => {
        const data = event.data as { method?: unknown } | null
        if (typeof data?.method === 'string') seen.push(data.method)
        handler!.call(this, event)
      }
      onmessage.set!.call(this, handler && record)
    },
  })
}

interface UiResource {
  toolName: string
  arguments: Record<string, unknown>
  uri: string
  html: string
  meta: McpUiResourceMeta | undefined
}

async function findUiResource(server: PublishedServer, client: Awaited<ReturnType<typeof connectPublishedServer>>['client']): Promise<UiResource> {
  const { tools } = await client.listTools()
  const uriOf = (tool: (typeof tools)[number]) => {
    const meta = tool._meta as { ui?: { resourceUri?: unknown }; 'ui/resourceUri'?: unknown } | undefined
    const uri = meta?.ui?.resourceUri ?? meta?.['ui/resourceUri']
    return typeof uri === 'string' && uri.startsWith('ui://') ? uri : undefined
  }
  const tool = server.tool ? tools.find((candidate) => candidate.name === server.tool) : tools.find((candidate) => uriOf(candidate))
  if (!tool) throw new Error(`${server.package} has no tool with a ui:// resource (tools: ${tools.map((t) => t.name).join(', ')})`)
  const uri = uriOf(tool)
  if (!uri) throw new Error(`Tool ${tool.name} names no ui:// resource`)
  const read = await client.readResource({ uri })
  const item = (read.contents.find((content) => content.uri === uri) ?? read.contents[0]) as
    | { uri: string; mimeType?: string; text?: string; blob?: string; _meta?: { ui?: McpUiResourceMeta } }
    | undefined
  if (!item) throw new Error(`resources/read ${uri} returned no contents`)
  expect(item.mimeType, `mimeType of ${uri}`).toBe(RESOURCE_MIME_TYPE)
  const html = item.text ?? Buffer.from(item.blob ?? '', 'base64').toString('utf8')
  // Spec: the content item's _meta.ui wins; the resources/list entry is the fallback.
  let meta = item._meta?.ui
  if (!meta) {
    const listed = (await client.listResources().catch(() => ({ resources: [] }))).resources.find((resource) => resource.uri === uri)
    meta = (listed?._meta as { ui?: McpUiResourceMeta } | undefined)?.ui
  }
  return { toolName: tool.name, arguments: server.arguments ?? argumentsFromSchema(tool.inputSchema), uri, html, meta }
}

/** The tool name or resource URI a forwarded call names. */
const targetOf = (call: McpCall): unknown => (call.params as { name?: unknown; uri?: unknown } | undefined)?.name ?? (call.params as { uri?: unknown } | undefined)?.uri

const textOf = (result: unknown): string | undefined =>
  ((result as { content?: Array<{ type: string; text?: string }> }).content ?? []).find((block) => block.type === 'text')?.text

async function interact(h: HostHandle, view: Frame, session: McpSession, server: PublishedServer): Promise<void> {
  for (const { click, expect: wanted } of server.interactions ?? []) {
    await h.scenario.step(`clicking "${click}" makes the host see ${wanted.kind}`, async () => {
      const kind: HostEventKind = wanted.kind
      const before = (await h.hostEvents(kind)).length
      const callsBefore = session.calls.length
      const receivedBefore = await view.evaluate(() => (window as unknown as { __mcpReceived: string[] }).__mcpReceived.length)
      await view.getByRole('button', { name: click, exact: true }).click()
      const event = await h.waitHost(kind, before + 1)
      if (wanted.kind === 'callTool') {
        // Among the calls since the click: an app may also call on its own meanwhile (a board reloading itself).
        await expect.poll(async () => (await h.hostEvents(kind)).slice(before).map((e) => (e.data as { name?: string }).name), { timeout: 10_000 }).toContain(wanted.name)
        // Through to the real server and back into the app.
        const call = await session.waitForCall((c) => c.method === 'callTool' && (c.params as { name?: string }).name === wanted.name && session.calls.indexOf(c) >= callsBefore)
        expect(call.error).toBeUndefined()
        const text = textOf(call.result)
        if (server.showsResultText && text) await view.getByText(text).waitFor()
      } else if (wanted.kind === 'message') {
        expect(event.data).toMatchObject({ role: 'user', content: [{ type: 'text', text: wanted.text }] })
      } else if (wanted.kind === 'log') {
        expect(event.data).toMatchObject({ data: wanted.data })
      } else if (wanted.kind === 'displaymode') {
        expect(event.data).toBe(wanted.mode)
        expect((await h.call('frame'))?.displayMode).toBe(wanted.mode)
        // The view is told: the answer, then the context change.
        await view.waitForFunction(
          (from) => (window as unknown as { __mcpReceived: string[] }).__mcpReceived.slice(from).includes('ui/notifications/host-context-changed'),
          receivedBefore,
        )
      } else {
        expect(event.data).toEqual({ url: wanted.url })
      }
    })
  }
}

type Connection = Awaited<ReturnType<typeof connectPublishedServer>>

/**
 * Each server's process, started by its first frame mode's run and kept for the next (a server
 * start is about 2 s on a busy machine, 42 of them before), unless the server is `stateful`.
 */
const running = new Map<PublishedServer, Promise<Connection>>()
const stopServer = async (server: PublishedServer) => {
  const connection = running.get(server)
  running.delete(server)
  await connection?.then((started) => started.close(), () => {})
}
afterAll(async () => {
  await Promise.all([...running.keys()].map(stopServer))
})

describe('published MCP App servers in our host', () => {
  for (const server of publishedServers()) {
    for (const [index, frameMode] of FRAME_MODES.entries()) {
      const lastRun = server.stateful || index === FRAME_MODES.length - 1
      it(`${server.package} (${frameMode} frame)`, async () => {
        const s = new Scenario(`published ${server.package} (${frameMode})`, server.slow ? { timeoutMs: 30_000 } : {})
        const connection = await s.step(`start ${server.package} with ${(server.args ?? ['--stdio']).join(' ')} and connect an MCP client (or use the one the last frame mode started)`, () => {
          if (!running.has(server)) running.set(server, connectPublishedServer(server.package, server.args, server.nodeArgs, { bin: server.bin, env: server.env }))
          return running.get(server)!
        }, 30_000)
        s.diagnose(() => `server stderr (tail):\n${connection.stderr().slice(-1_500)}`)
        const session = env().registerMcp(connection.client, async () => {
          if (lastRun) await stopServer(server)
        })
        let h: HostHandle | undefined
        try {
          const resource = await s.step('find the UI tool and read its ui:// resource', () => findUiResource(server, connection.client))
          const result = await s.step(`call ${resource.toolName} as the model would`, async () => {
            const called = await connection.client.callTool({ name: resource.toolName, arguments: resource.arguments })
            expect(called.isError ?? false).toBe(false)
            return called
          })
          h = await s.step('render the resource in our host', () =>
            openHost(env(), s, {
              host: 'ours',
              view: { url: env().serveView('published', server.openAiShim ? injectOpenAiShim(resource.html, `(${recordIncoming})();\n${readFileSync(OPENAI_SHIM_PATH, 'utf8')}`) : resource.html) },
              beforeLoad: async (page) => void (await page.addInitScript(recordIncoming)),
              config: {
                frameMode,
                mcpSession: session.id,
                csp: resource.meta?.csp,
                permissions: resource.meta?.permissions,
                cspRelaxations: server.cspRelaxations,
                size: server.size,
                capabilities: { openLinks: {}, message: { text: {} }, updateModelContext: { text: {}, structuredContent: {} }, logging: {}, serverTools: {}, serverResources: {} },
                hostContext: { theme: 'light', displayMode: 'inline', availableDisplayModes: ['inline', 'fullscreen', 'pip'], containerDimensions: { maxHeight: 2_000 }, locale: 'en-US', platform: 'web' },
              },
            }),
          )
          const handle = h
          await s.step('the app completes the handshake', async () => {
            const initialized = await handle.waitHost('initialized')
            expect((initialized.data as { appInfo: { name: string } }).appInfo.name).toBeTruthy()
          })
          const view = await handle.viewFrame()
          await s.step('the app receives the tool input and result', async () => {
            await handle.call('toolInput', resource.arguments)
            await handle.call('toolResult', result as never)
            await view.waitForFunction(() => {
              const seen = (window as unknown as { __mcpReceived?: string[] }).__mcpReceived ?? []
              return seen.includes('ui/notifications/tool-input') && seen.includes('ui/notifications/tool-result')
            })
            const seen = await view.evaluate(() => (window as unknown as { __mcpReceived: string[] }).__mcpReceived)
            expect(seen.indexOf('ui/notifications/tool-input')).toBeLessThan(seen.indexOf('ui/notifications/tool-result'))
            const text = textOf(result)
            if (server.showsResultText && text) await view.getByText(text).waitFor()
          })
          for (const text of server.expectText ?? []) {
            await s.step(`the app shows "${text}"`, () => view.getByText(text).first().waitFor())
          }
          for (const call of server.ownCalls ?? []) {
            await s.step(`the app's own ${call.method} ${call.target ?? ''} goes through our host to the server and back`, async () => {
              const done = await session.waitForCall((c) => c.method === call.method && (call.target === undefined || targetOf(c) === call.target))
              expect(done.error).toBeUndefined()
            })
          }
          await s.step('the app renders: the frame has its size, the screenshot is not blank', async () => {
            await handle.hostFrame.waitForFunction(() =>
              (window as unknown as { testHost: TestHostApi }).testHost.events.some((e) => e.kind === 'resized' && (e.data as { height: number }).height > 40),
            )
            const element = await handle.hostFrame.waitForSelector('#views iframe')
            // Canvases and videos draw a little later than the page, and a frame may still be growing
            // to the view's final size (the video player's first report leaves its text below the
            // frame's edge): shot again until the pixels are there, for at most a few seconds (the
            // step's own timeout is longer).
            const deadline = Date.now() + (server.slow ? 20_000 : 5_000)
            for (;;) {
              const png = await element.screenshot({ animations: 'disabled' })
              if (process.env.BROWSER_SCREENSHOTS) writeFileSync(join(process.env.BROWSER_SCREENSHOTS, `${server.package.replace(/\W+/g, '_')}-${frameMode}.png`), png)
              const image = decodePng(png)
              const painted = inkPixels(image) > 500 && (server.paints ?? []).every((paint) => countPixels(image, paint.pixel) >= paint.atLeast)
              if (!painted && Date.now() < deadline) {
                await new Promise((resolve) => setTimeout(resolve, 200))
                continue
              }
              // Text, buttons and borders: a blank or one-colour frame has none.
              expect(inkPixels(image), `non-background pixels in a ${image.width}x${image.height} screenshot`).toBeGreaterThan(500)
              for (const paint of server.paints ?? []) expect(countPixels(image, paint.pixel), `pixels of ${paint.what}`).toBeGreaterThanOrEqual(paint.atLeast)
              break
            }
          })
          await interact(handle, view, session, server)
          await s.step('teardown: the app answers, the frame is removed', async () => {
            await handle.call('teardown', 'test finished')
            expect((await handle.waitHost('teardown')).data).toMatchObject({ answered: true })
            expect(await handle.call('frame')).toBeNull()
          })
        } finally {
          await h?.close()
          await session.close()
        }
      })
    }
  }
})
