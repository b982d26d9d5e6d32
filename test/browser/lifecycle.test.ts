/**
 * Lifecycle rules our host enforces, in a real browser, for each frame mode: what is held until
 * the view initializes, the order of tool data, cancellation, visibility of server tools,
 * capabilities (advertise = enforce, on both sides), link and message policy, a view asking
 * to be torn down, and a view re-created in its frame (its request ids start again). The
 * happy-path lifecycle itself runs in the interop matrix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FRAME_MODES, openHost, useEnv, DEFAULT_MOUNT, type HostHandle } from './harness/env.js'
import { connectTestServer } from './harness/mcp.js'
import { Scenario } from './harness/steps.js'
import { IIFE_PATH, inlineScript } from './harness/bundle.js'
import { countPixels, decodePng, nearColor } from './harness/png.js'
import { FRAME_MOVED } from '../../src/host/index.js'
import type { ActionOutcome, TestHostApi } from './pages/contract.js'
import { readFileSync } from 'node:fs'

const env = useEnv({ beforeAll, afterAll })

/**
 * A view whose page is white until it has the host's theme: it connects when the test calls
 * `go()`, then paints itself dark blue (#224), as an app applying `theme: 'dark'` would.
 */
const LATE_THEMED_VIEW = () => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Late</title>
<style>html,body{margin:0;background:#fff;height:100%}</style></head><body>${inlineScript(readFileSync(IIFE_PATH, 'utf8'))}
<script>document.documentElement.dataset.loaded = ''
window.go = () => new McpAppBridge.ViewBridge({ appInfo: { name: 'late', version: '1.0.0' }, autoResize: false }).connect().then(({ hostContext }) => {
  if (hostContext.theme === 'dark') document.documentElement.style.background = document.body.style.background = '#224'
})</script></body></html>`

/**
 * A view that is re-created in its frame when the test says so (`start()` again): the old
 * instance is closed, which sends the host nothing, and the new one runs on a fresh copy of the
 * shipped bundle, so it numbers its requests from 1 again, as the view of a reloaded document
 * does. (A real reload cannot show it here: `mountApp` closes the bridge when its frame loads
 * another document.) Every answer from the parent (on the window or an instance's port) is kept,
 * before any bridge sees it.
 */
const RECREATED_VIEW = () => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Re-created</title></head><body>
${inlineScript(readFileSync(IIFE_PATH, 'utf8')).replace('<script>', '<script id="bundle">')}
<script>window.answers = []
const keep = (e) => e.data?.id !== undefined && !e.data.method && answers.push(e.data)
addEventListener('message', (e) => e.source === parent && keep(e))
// Each instance's channel to the host (a MessagePort), heard before its bridge hears it.
const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage')
Object.defineProperty(MessagePort.prototype, 'onmessage', { ...onmessage, set(handler) {
  if (handler) this.addEventListener('message', keep)
  onmessage.set.call(this, handler)
} })
window.instances = []
window.start = () => {
  const old = instances.at(-1)
  if (old) {
    old.bridge.close('re-created')
    const copy = document.createElement('script')
    copy.textContent = document.getElementById('bundle').textContent
    document.head.append(copy)
  }
  const bridge = new McpAppBridge.ViewBridge({ appInfo: { name: 're-created', version: String(instances.length + 1) }, autoResize: false })
  const instance = { bridge, warnings: [] }
  bridge.on('warning', (warning) => instance.warnings.push(warning.message))
  instances.push(instance)
  return bridge.connect().then(() => instances.length)
}
window.calls = {}
window.callTool = (name, args, as = name) => (calls[as] = instances.at(-1).bridge.callServerTool({ name, arguments: args }).then(
  (value) => ({ ok: true, value }),
  (error) => ({ ok: false, code: error.code, message: error.message }),
))</script></body></html>`

interface RecreatedView {
  answers: Array<{ id: number; result?: unknown }>
  instances: Array<{ warnings: string[] }>
  start(): Promise<number>
  /** Calls a server tool from the current instance; its outcome is kept in `calls[as]` too. */
  callTool(name: string, args: Record<string, unknown>, as?: string): Promise<ActionOutcome>
  calls: Record<string, Promise<ActionOutcome>>
}

/** The pixels of the host's frame, from a real screenshot of the page, counted by colour. */
async function framePixels(h: HostHandle): Promise<{ white: number; darkBlue: number; total: number }> {
  const box = (await (await h.page.$('#views iframe'))!.boundingBox())!
  const image = decodePng(await h.page.screenshot({ clip: { x: box.x + 2, y: box.y + 2, width: box.width - 4, height: box.height - 4 } }))
  return {
    white: countPixels(image, (r, g, b) => r > 240 && g > 240 && b > 240),
    darkBlue: countPixels(image, nearColor(0x222244)),
    total: image.width * image.height,
  }
}

describe.each(FRAME_MODES)('lifecycle rules (%s frame)', (frameMode) => {
  it('holds context and tool data sent before initialized, then delivers them in order', async () => {
    const s = new Scenario(`lifecycle ${frameMode} › held until initialized`)
    const h = await s.step('mount and send everything at once', () =>
      openHost(env(), s, {
        host: 'ours',
        view: 'ours',
        config: {
          frameMode,
          beforeInitialized: [
            { call: 'setHostContext', arg: { theme: 'dark' } },
            { call: 'toolInputPartial', arg: { city: 'Ber' } },
            { call: 'toolInput', arg: { city: 'Berlin' } },
            { call: 'toolResult', arg: { content: [{ type: 'text', text: 'Weather in Berlin: rain' }] } },
          ],
        },
      }),
    )
    try {
      await s.step('the calls happened before the handshake', async () => {
        expect((await h.waitHost('early')).data).toEqual({ initializedBefore: false, calls: 4 })
      })
      await s.step('the view starts with the changed context and gets input, then result, never the stale partial', async () => {
        const connected = await h.waitView('connected')
        expect(connected.data).toMatchObject({ hostContext: { theme: 'dark' } })
        await h.waitView('toolresult')
        const kinds = (await h.viewEvents()).map((event) => event.kind)
        expect(kinds).toEqual(['connected', 'toolinput', 'toolresult'])
        expect((await h.viewEvents('toolinput'))[0]!.data).toEqual({ arguments: { city: 'Berlin' } })
        expect(await h.appearance()).toMatchObject({ theme: 'dark' })
      })
    } finally {
      await h.close()
    }
  })

  it('delivers a cancellation instead of a result, and refuses out-of-order tool data at the call site', async () => {
    const s = new Scenario(`lifecycle ${frameMode} › cancelled and out of order`)
    const h = await s.step('mount', () => openHost(env(), s, { host: 'ours', view: 'ours', config: { frameMode } }))
    try {
      await s.step('handshake', () => h.waitHost('initialized'))
      await s.step('input; a partial after it throws in the host', async () => {
        await h.call('toolInput', { city: 'Oslo' })
        await expect(h.call('toolInputPartial', { city: 'O' })).rejects.toThrow(/Error: PROTOCOL: /)
        await expect(h.call('toolInput', { city: 'Oslo' })).rejects.toThrow(/Error: PROTOCOL: /)
      })
      await s.step('cancellation reaches the view; a result after it throws in the host', async () => {
        await h.call('toolCancelled', 'The user stopped the tool')
        expect((await h.waitView('toolcancelled')).data).toEqual({ reason: 'The user stopped the tool' })
        await expect(h.call('toolResult', { content: [] })).rejects.toThrow(/Error: PROTOCOL: /)
      })
      await s.step('the view saw exactly one input and one cancellation', async () => {
        const kinds = (await h.viewEvents()).map((event) => event.kind).filter((kind) => kind.startsWith('tool'))
        expect(kinds).toEqual(['toolinput', 'toolcancelled'])
      })
    } finally {
      await h.close()
    }
  })

  for (const view of ['ours', 'official'] as const) {
    it(`enforces tool visibility and advertised capabilities (${view} view)`, async () => {
      const s = new Scenario(`lifecycle ${frameMode} › enforcement, ${view} view`)
      const server = await s.step('connect the in-test MCP server', () => connectTestServer())
      const session = env().registerMcp(server.client, server.close)
      let h: HostHandle | undefined
      try {
        // No openLinks: the host does not offer it, so it must not happen.
        const { openLinks: _openLinks, ...capabilities } = DEFAULT_MOUNT.capabilities
        h = await s.step('mount without openLinks', () => openHost(env(), s, { host: 'ours', view, config: { frameMode, mcpSession: session.id, capabilities } }))
        const handle = h
        await s.step('handshake', () => handle.waitHost('initialized'))
        await s.step('a model-only tool is denied and never reaches the server', async () => {
          const outcome = await handle.run({ action: 'callServerTool', name: 'model-only-secret' })
          expect(outcome).toMatchObject({ ok: false, code: view === 'ours' ? 'DENIED' : -32000 })
          const unknown = await handle.run({ action: 'callServerTool', name: 'no-such-tool' })
          expect(unknown).toMatchObject({ ok: false, code: view === 'ours' ? 'DENIED' : -32000 })
          expect(server.log.invocations).toEqual([])
          expect(session.calls.filter((call) => call.method === 'callTool')).toEqual([])
        })
        await s.step('an app-visible tool still works', async () => {
          const outcome = await handle.run({ action: 'callServerTool', name: 'add', arguments: { a: 40, b: 2 } })
          expect(outcome).toMatchObject({ ok: true, value: { structuredContent: { sum: 42 } } })
        })
        await s.step('openLink, not advertised, never reaches a handler', async () => {
          const outcome = await handle.run({ action: 'openLink', url: 'https://example.com/' })
          if (view === 'ours') {
            // Our view refuses before sending (PROTOCOL.md A.6): the host never even sees it.
            expect(outcome).toMatchObject({ ok: false, code: 'NOT_SUPPORTED' })
            expect((await handle.received())['ui/open-link']).toBeUndefined()
          } else {
            // The official App sends it anyway; our host answers -32601 without calling the handler.
            expect(outcome).toMatchObject({ ok: false, code: -32601 })
            expect((await handle.received())['ui/open-link']).toBe(1)
          }
          expect(await handle.hostEvents('openLink')).toEqual([])
        })
        await s.step('a display mode the host does not offer is refused', async () => {
          const outcome = await handle.run({ action: 'requestDisplayMode', mode: 'pip' })
          // Our view refuses before sending; the official App asks and our host keeps the current mode.
          if (view === 'ours') expect(outcome).toMatchObject({ ok: false, code: 'NOT_SUPPORTED' })
          else expect(outcome).toEqual({ ok: true, value: 'inline' })
          expect(await handle.hostEvents('displaymode')).toEqual([])
        })
      } finally {
        await h?.close()
        await session.close()
      }
    })
  }

  it('closes the bridge when the host removes the iframe without teardown, leaving no message listener', async () => {
    const s = new Scenario(`lifecycle ${frameMode} › frame removed without teardown`)
    const h = await s.step('open the host page', () => openHost(env(), s, { host: 'ours', view: 'ours', config: { frameMode }, mount: false }))
    try {
      // The test page has its own recorder listening; count what the library adds on top.
      const pageOwn = await s.step('count the page\'s own message listeners', () => h.messageListeners())
      await s.step('mount; the view initializes', async () => {
        await h.call('mount', h.config)
        await h.waitHost('initialized')
        expect(await h.messageListeners()).toBe(pageOwn + 1)
        expect(await h.call('listenedFrames')).toBe(1)
      })
      await s.step('the host removes the iframe; the bridge closes', async () => {
        await h.call('removeFrame')
        expect((await h.waitHost('close')).data).toMatch(/removed/)
        expect(await h.call('frame')).toBeNull()
      })
      await s.step('no message listener is left, and the bridge sends nothing more', async () => {
        expect(await h.messageListeners()).toBe(pageOwn)
        expect(await h.call('listenedFrames')).toBe(0)
        await expect(h.call('toolInput', { city: 'Lima' })).rejects.toThrow(/Error: CLOSED: /)
      })
    } finally {
      await h.close()
    }
  })

  it('keeps the app when the host moves its iframe with moveBefore, and closes it as moved when a move reloads it', async () => {
    const s = new Scenario(`lifecycle ${frameMode} › frame moved`)
    const h = await s.step('mount', () => openHost(env(), s, { host: 'ours', view: 'ours', config: { frameMode } }))
    try {
      await s.step('handshake', () => h.waitHost('initialized'))
      await s.step('moved with moveBefore: the document, the view and the bridge stay', async () => {
        await h.call('moveFrame', true)
        await h.call('toolInput', { city: 'Rome' })
        expect((await h.waitView('toolinput')).data).toEqual({ arguments: { city: 'Rome' } })
        expect(await h.hostEvents('close')).toEqual([])
      })
      await s.step('moved with appendChild (a keyed list reorder): the document reloads, the bridge closes saying so', async () => {
        await h.call('moveFrame', false)
        expect((await h.waitHost('close')).data).toBe(FRAME_MOVED)
        expect(await h.call('frame')).toBeNull()
        expect(await h.call('listenedFrames')).toBe(0)
      })
    } finally {
      await h.close()
    }
  })

  it('shows a fullscreen view over the whole window even inside a transformed row, and brings it back inline without a reload', async () => {
    const s = new Scenario(`lifecycle ${frameMode} › fullscreen in a transformed row`)
    const h = await s.step('mount', () => openHost(env(), s, { host: 'ours', view: 'ours', config: { frameMode } }))
    try {
      await s.step('handshake', () => h.waitHost('initialized'))
      // The inline box to come back to is the one the view's first size report gave the frame.
      await s.step("the view's first size applied", () => h.waitHost('resized'))
      const box = () =>
        h.hostFrame.evaluate(() => {
          const rect = document.querySelector('#views iframe')!.getBoundingClientRect()
          return { x: Math.round(rect.x), y: Math.round(rect.y), width: Math.round(rect.width), height: Math.round(rect.height), viewport: [innerWidth, innerHeight] }
        })
      // A virtualised list places its rows with a transform; `position: fixed` inside resolves against the row.
      await h.hostFrame.evaluate(() => void (document.getElementById('views')!.style.transform = 'translateY(40px)'))
      const inline = await box()
      await s.step("fullscreen, granted: the frame covers the window below the host's bar, not the row", async () => {
        expect(await h.run({ action: 'requestDisplayMode', mode: 'fullscreen' })).toEqual({ ok: true, value: 'fullscreen' })
        await expect.poll(box).toEqual({ x: 0, y: 48, width: inline.viewport[0], height: inline.viewport[1]! - 48, viewport: inline.viewport })
      })
      await s.step('back inline: where it was, the same document and bridge', async () => {
        expect(await h.run({ action: 'requestDisplayMode', mode: 'inline' })).toEqual({ ok: true, value: 'inline' })
        await expect.poll(box).toEqual(inline)
        await h.call('toolInput', { city: 'Oslo' })
        expect((await h.waitView('toolinput')).data).toEqual({ arguments: { city: 'Oslo' } })
        expect(await h.hostEvents('close')).toEqual([])
      })
      await s.step("fullscreen again: the host's own button is above the view, and the user's click brings it back inline", async () => {
        expect(await h.run({ action: 'requestDisplayMode', mode: 'fullscreen' })).toEqual({ ok: true, value: 'fullscreen' })
        await expect.poll(box).toMatchObject({ x: 0, y: 48 })
        const exit = h.hostFrame.locator('[data-mcp-app-exit]')
        // What the user sees at the button's centre is the button, not the view drawn over it.
        const onTop = await exit.evaluate((button) => {
          const rect = button.getBoundingClientRect()
          return document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2) === button && rect.right <= innerWidth && rect.top >= 0
        })
        expect(onTop).toBe(true)
        // Only what the view is told after the click counts (it was told of fullscreen before).
        await expect.poll(async () => (await h.viewEvents('hostcontextchanged')).at(-1)?.data).toMatchObject({ context: { displayMode: 'fullscreen' } })
        const before = (await h.viewEvents('hostcontextchanged')).length
        await exit.click()
        await expect.poll(box).toEqual(inline)
        // The view is told, as of any change of mode.
        const told = async () => (await h.viewEvents('hostcontextchanged')).slice(before).map((event) => event.data as { changed: string[]; context: { displayMode?: string } })
        await expect.poll(async () => (await told()).some(({ changed, context }) => changed.includes('displayMode') && context.displayMode === 'inline')).toBe(true)
        expect(await exit.count()).toBe(0)
      })
    } finally {
      await h.close()
    }
  })

  it('shows a view that starts in fullscreen over the whole window, with the way back, even inside a transformed row', async () => {
    const s = new Scenario(`lifecycle ${frameMode} › starts in fullscreen`)
    const h = await s.step('open the host page', () => openHost(env(), s, { host: 'ours', view: 'ours', config: { frameMode }, mount: false }))
    try {
      await h.hostFrame.evaluate(() => void (document.getElementById('views')!.style.transform = 'translateY(40px)'))
      await s.step('mount in fullscreen', () => h.call('mount', { ...h.config, hostContext: { ...h.config.hostContext, displayMode: 'fullscreen' } }))
      await s.step('handshake', () => h.waitHost('initialized'))
      const placed = () =>
        h.hostFrame.evaluate(() => {
          const frame = document.querySelector('#views iframe')!.getBoundingClientRect()
          const bar = document.querySelector('[data-mcp-app-bar]')?.getBoundingClientRect()
          const exit = document.querySelector('[data-mcp-app-exit]')?.getBoundingClientRect()
          const hit = exit && document.elementFromPoint(exit.x + exit.width / 2, exit.y + exit.height / 2)
          return {
            frame: [frame.x, frame.y, frame.width, frame.height],
            bar: bar && [bar.x, bar.y, bar.width, bar.height],
            exitOnTop: hit?.hasAttribute('data-mcp-app-exit') ?? false,
            // The way back lies over no part of the view.
            exitAboveView: !!exit && exit.bottom <= frame.top,
          }
        })
      const [width, height] = await h.hostFrame.evaluate(() => [innerWidth, innerHeight])
      await expect.poll(placed).toEqual({ frame: [0, 48, width, height - 48], bar: [0, 0, width, 48], exitOnTop: true, exitAboveView: true })
    } finally {
      await h.close()
    }
  })

  it("shows no white page in a dark conversation: the frame is transparent until the view is initialized, then shows the view's theme", async () => {
    const s = new Scenario(`lifecycle ${frameMode} › no white flash`)
    const url = env().serveView('late-themed', LATE_THEMED_VIEW())
    const h = await s.step('open a dark host page', () =>
      // Waiting up to a minute, not 2 s: a loaded machine can take longer than that to load a view behind the proxy.
      openHost(env(), s, { host: 'ours', view: { url }, mount: false, config: { frameMode, hideUntilInitializedMs: 60_000, hostContext: { ...DEFAULT_MOUNT.hostContext, theme: 'dark' } } }),
    )
    try {
      await s.step('the host page is drawn black', async () => {
        await h.page.evaluate(() => (document.documentElement.style.background = document.body.style.background = '#000'))
        const { width, height } = h.page.viewportSize()!
        const corner = { x: width - 40, y: height - 40, width: 40, height: 40 }
        await expect.poll(async () => countPixels(decodePng(await h.page.screenshot({ clip: corner })), (r, g, b) => r + g + b === 0)).toBe(1_600)
      })
      await s.step('mount: the view has loaded its white page and not yet connected', async () => {
        await h.call('mount', h.config)
        await (await h.viewFrame()).waitForSelector('html[data-loaded]', { state: 'attached' })
      })
      await s.step('the frame shows the dark page under it, none of the view\'s white', async () => {
        // Two of the host page's frames drawn after the view's document loaded: its white would be on screen.
        await h.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
        const pixels = await framePixels(h)
        expect(pixels.total).toBeGreaterThan(1_000)
        expect(pixels.white).toBe(0)
      })
      await s.step('the view connects and paints the dark theme; the frame shows it', async () => {
        await (await h.viewFrame()).evaluate(() => (window as unknown as { go(): Promise<void> }).go())
        await h.waitHost('initialized')
        await expect.poll(async () => {
          const { darkBlue, total } = await framePixels(h)
          return darkBlue / total
        }, { timeout: 5_000 }).toBeGreaterThan(0.9)
      })
    } finally {
      await h.close()
    }
  })

  it("serves a view re-created in its frame with request ids from the start again: the old instance's call in flight is aborted, never answered to the new one", async () => {
    const s = new Scenario(`lifecycle ${frameMode} › view re-created`)
    const server = await s.step('connect the in-test MCP server', () => connectTestServer())
    const session = env().registerMcp(server.client, server.close)
    const url = env().serveView('re-created', RECREATED_VIEW())
    let h: HostHandle | undefined
    try {
      h = await s.step('mount', () => openHost(env(), s, { host: 'ours', view: { url }, config: { frameMode, mcpSession: session.id } }))
      const handle = h
      const view = await s.step('the view page loaded', async () => {
        const frame = await handle.viewFrame()
        await frame.waitForFunction(() => 'start' in window)
        return frame
      })
      await s.step('the first instance connects and calls a tool the server holds', async () => {
        await view.evaluate(() => (window as unknown as RecreatedView).start())
        await handle.waitHost('initialized')
        await view.evaluate(() => void (window as unknown as RecreatedView).callTool('held', {}))
        await expect.poll(() => server.log.invocations).toContainEqual({ tool: 'held', arguments: {} })
      })
      await s.step('the view is re-created and connects again', async () => {
        expect(await view.evaluate(() => (window as unknown as RecreatedView).start())).toBe(2)
        await handle.waitHost('initialized', 2)
      })
      await s.step("the new instance calls another tool under the held call's id", async () => {
        // Its first request after the handshake, as the held one was the old instance's.
        await view.evaluate(() => void (window as unknown as RecreatedView).callTool('add', { a: 2, b: 3 }, 'fresh'))
        await expect.poll(async () => (await handle.received())['tools/call']).toBe(2)
        const ids = await handle.hostFrame.evaluate(() =>
          (window as unknown as { testHost: TestHostApi }).testHost.raw.filter((message) => message.method === 'tools/call').map((message) => message.id),
        )
        expect(ids).toEqual([2, 2])
      })
      await s.step('the server answers the held call; the new instance gets its own answer', async () => {
        // Released before the new call's answer is awaited: a host that still served the held call would answer it now, with this id.
        server.release()
        await session.waitForCall((call) => (call.params as { name?: string }).name === 'held')
        expect(await view.evaluate(() => (window as unknown as RecreatedView).calls.fresh)).toMatchObject({ ok: true, value: { structuredContent: { sum: 5 } } })
      })
      await s.step("the held call was aborted at the host, which warned of no duplicate id", async () => {
        // Cancelled by the old instance as it closed (a closing bridge cancels its pending requests),
        // before the new handshake would have dropped it ('view re-created').
        expect((await handle.hostEvents('callToolAborted')).map((event) => event.data)).toEqual([{ name: 'held', code: 'CANCELLED', message: 're-created' }])
        const warnings = (await handle.hostEvents('warning')).map((event) => (event.data as { message: string }).message)
        expect(warnings.filter((message) => message.includes('in flight'))).toEqual([])
      })
      await s.step('nothing meant for the old instance reached the new one', async () => {
        // One more round trip: an answer to the held call, had the host sent one, came before this one.
        expect(await view.evaluate(() => (window as unknown as RecreatedView).callTool('add', { a: 1, b: 1 }))).toMatchObject({ ok: true, value: { structuredContent: { sum: 2 } } })
        const answers = await view.evaluate(() => (window as unknown as RecreatedView).answers)
        expect(answers.filter((answer) => answer.id === 2).map((answer) => answer.result)).toEqual([expect.objectContaining({ structuredContent: { sum: 5 } })])
        expect(await view.evaluate(() => (window as unknown as RecreatedView).instances[1]!.warnings)).toEqual([])
      })
    } finally {
      await h?.close()
      await session.close()
    }
  })

  it('applies link and message policy, and tears down a view that asks for it', async () => {
    const s = new Scenario(`lifecycle ${frameMode} › policy and requested teardown`)
    const h = await s.step('mount with messages denied', () => openHost(env(), s, { host: 'ours', view: 'ours', config: { frameMode, policy: { message: 'deny' } } }))
    try {
      await s.step('handshake', () => h.waitHost('initialized'))
      await s.step('a javascript: link is denied before any handler runs', async () => {
        expect(await h.run({ action: 'openLink', url: 'javascript:alert(document.domain)' })).toMatchObject({ ok: false, code: 'DENIED' })
        expect(await h.run({ action: 'openLink', url: 'file:///etc/passwd' })).toMatchObject({ ok: false, code: 'DENIED' })
        expect(await h.hostEvents('openLink')).toEqual([])
      })
      await s.step('a message the host refuses comes back as DENIED', async () => {
        expect(await h.run({ action: 'sendMessage', text: 'let me in' })).toMatchObject({ ok: false, code: 'DENIED' })
        expect((await h.waitHost('message')).data).toMatchObject({ content: [{ type: 'text', text: 'let me in' }] })
      })
      await s.step('the view asks to be torn down; the host agrees and the view answers', async () => {
        await h.run({ action: 'requestTeardown' })
        await h.waitHost('requestteardown')
        await h.call('teardown', 'the view asked')
        expect((await h.waitHost('teardown')).data).toEqual({ reason: 'the view asked', answered: true })
        const logs = (await h.hostEvents('log')).map((event) => (event.data as { data: unknown }).data)
        expect(logs).toContain('teardown: the view asked')
        expect(await h.call('frame')).toBeNull()
      })
    } finally {
      await h.close()
    }
  })
})
