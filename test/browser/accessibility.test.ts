/**
 * What keyboard, screen-reader, phone and high-contrast users get from `mountApp`'s default
 * display modes, in Chromium, on a chat layout (a header with controls, the conversation, a
 * composer fixed at the bottom; `CHAT_PAGE`) with a view that has controls of its own
 * (`pages/a11y-view.ts`). Chromium runs with real scrollbars (`scrollbars: true`).
 *
 * In both frame modes: fullscreen is modal (Tab never reaches a host control hidden under it,
 * focus the host left in its composer moves into the view, leaving keeps focus in the view); a
 * view's fullscreen never covers the host's open modal `<dialog>` (read from screenshot pixels:
 * `elementFromPoint` skips the inert page) and is modal once the dialog closes; a view that closes itself with focus inside leaves
 * focus on its container, not `<body>`. Layout, in one mode (the host's frame is styled the same
 * in both): fullscreen fills the visible viewport, not the strip under the page's scrollbar, and
 * keeps the view and the host's exit button out of a notch's safe areas (CDP
 * `Emulation.setSafeAreaInsetsOverride`); pip has a visible edge in forced-colours mode. Proxy
 * mode: the proxy's inner frame is named with the host's title and its page has the host's
 * language.
 */
import { readFileSync } from 'node:fs'
import type { Frame } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_MOUNT, FRAME_MODES, openHost, useEnv, type HostHandle } from './harness/env.js'
import { bundlePage, IIFE_PATH, inlineScript } from './harness/bundle.js'
import { decodePng } from './harness/png.js'
import { html } from './harness/servers.js'
import { Scenario } from './harness/steps.js'
import type { McpUiDisplayMode } from '../../src/protocol/index.js'
import type { FrameMode, MountConfig } from './pages/contract.js'

const env = useEnv({ beforeAll, afterAll }, { browser: { scrollbars: true } })

/** A chat: header controls, the conversation with the view's row (`#views`), a composer fixed at the bottom. */
const CHAT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Chat</title><style>body{margin:0;font:16px sans-serif;background:#fff} header{padding:8px} main{padding:8px 8px 80px}
#composer{position:fixed;left:0;right:0;bottom:0;display:flex;gap:8px;padding:8px;background:#eee} #prompt{flex:1;height:40px} #send{width:64px}</style></head>
<body><header><button id="menu">Menu</button> <a id="settings" href="#settings">Settings</a></header>
<main id="chat"><p>User: what is the weather?</p><div id="views"></div></main>
<form id="composer" onsubmit="return false"><textarea id="prompt" aria-label="Message"></textarea><button id="send">Send</button></form>
<script src="/host/ours.js"></script></body></html>`
const HOST_PAGE = '/a11y/chat.html'

let viewUrl: string | undefined
async function routes(): Promise<string> {
  if (!viewUrl) {
    env().servers.host.route(HOST_PAGE, html(CHAT_PAGE))
    const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Forecast</title></head><body>
${inlineScript(readFileSync(IIFE_PATH, 'utf8'))}${inlineScript(await bundlePage('a11y-view.ts'))}</body></html>`
    viewUrl = env().serveView('a11y', body)
  }
  return viewUrl
}

const MODES = ['inline', 'fullscreen', 'pip'] as const

/** Opens the chat page and mounts the view (all three modes offered); resolves once the view is connected. */
async function open(s: Scenario, frameMode: FrameMode, config: Partial<MountConfig> = {}, before?: (h: HostHandle) => Promise<void>): Promise<HostHandle> {
  const url = await routes()
  const h = await s.step('open the chat page', () =>
    openHost(env(), s, {
      host: 'ours',
      view: { url },
      hostPage: HOST_PAGE,
      mount: false,
      config: { frameMode, ...config, hostContext: { ...DEFAULT_MOUNT.hostContext, availableDisplayModes: [...MODES], ...config.hostContext } },
    }),
  )
  try {
    await before?.(h)
    await s.step('mount; the view connects', async () => {
      await h.call('mount', h.config)
      await h.waitHost('initialized')
      await (await h.viewFrame()).waitForSelector('html[data-connected]', { state: 'attached' })
    })
    return h
  } catch (error) {
    await h.close()
    throw error
  }
}

/** The host page's focused element, and whether something else is drawn over its centre. */
function hostFocus(h: HostHandle): Promise<{ focused: string; obscured: boolean }> {
  return h.hostFrame.evaluate(() => {
    const name = (e: Element | null) => (e ? `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.hasAttribute('data-mcp-app-exit') ? '[exit]' : ''}` : 'null')
    const focused = document.activeElement!
    const box = focused.getBoundingClientRect()
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
    return { focused: name(focused), obscured: !!top && top !== focused && !focused.contains(top) }
  })
}

/** The id of the view's focused element (`null` when its document does not have the focus). */
async function viewFocus(h: HostHandle): Promise<string | null> {
  return (await h.viewFrame()).evaluate(() => (document.hasFocus() ? document.activeElement?.id || document.activeElement!.tagName.toLowerCase() : null))
}

const displayMode = (h: HostHandle) => h.hostFrame.evaluate(() => document.querySelector('#views iframe')?.getAttribute('data-display-mode') ?? null)

/** The host puts the view in a mode (applied at once: `setHostContext` is synchronous), and the frame shows it. */
async function hostSetsMode(h: HostHandle, mode: McpUiDisplayMode): Promise<void> {
  await h.call('setHostContext', { displayMode: mode })
  expect(await displayMode(h)).toBe(mode)
}

/**
 * What assistive technology reads in one frame (Chromium's accessibility tree, CDP
 * `Accessibility.getFullAXTree`): each node's role and name, in order, ignored nodes left out.
 */
async function accessibleNodes(h: HostHandle, frame: Frame): Promise<Array<[string, string]>> {
  // The top page's session, or the frame's own (the proxy is on another site: its own process).
  const cdp = await h.page.context().newCDPSession(frame === h.page.mainFrame() ? h.page : frame)
  try {
    const { nodes } = await cdp.send('Accessibility.getFullAXTree')
    return nodes.filter((node) => !node.ignored).map((node) => [String(node.role?.value ?? ''), String(node.name?.value ?? '')])
  } finally {
    await cdp.detach()
  }
}

/** The view presses one of its own buttons from the keyboard (focus, then Enter). */
async function press(h: HostHandle, id: string): Promise<void> {
  await (await h.viewFrame()).focus(`#${id}`)
  await h.page.keyboard.press('Enter')
}

/** A phone's screen: its viewport, and the safe-area insets of its notch and home indicator (CDP). */
async function emulatePhone(h: HostHandle, size: { width: number; height: number }, insets: { top: number; right: number; bottom: number; left: number }): Promise<void> {
  await h.page.setViewportSize(size)
  const cdp = await h.page.context().newCDPSession(h.page)
  await cdp.send('Emulation.setSafeAreaInsetsOverride' as never, { insets } as never)
}

/** The colour drawn at each point of the page's viewport, from one real screenshot: `[r, g, b]`. */
async function pixels(h: HostHandle, points: Array<[number, number]>): Promise<Array<[number, number, number]>> {
  const image = decodePng(await h.page.screenshot())
  const scale = image.width / (await h.page.evaluate(() => innerWidth))
  return points.map(([x, y]) => {
    const i = (Math.round(y * scale) * image.width + Math.round(x * scale)) * 4
    return [image.rgba[i]!, image.rgba[i + 1]!, image.rgba[i + 2]!]
  })
}

describe.each(FRAME_MODES)('accessibility (%s frame)', (frameMode) => {
  it("makes fullscreen modal: Tab stays in the view and on the way back, the page's focus goes to the way back (never into the view) and returns, a view cannot take the keyboard", async () => {
    const s = new Scenario(`accessibility ${frameMode} › fullscreen is modal`)
    const h = await open(s, frameMode)
    try {
      await s.step('the view asks for fullscreen from its own button', async () => {
        await press(h, 'full')
        await expect.poll(() => displayMode(h)).toBe('fullscreen')
      })
      await s.step("Tab from the view's last control never lands on a host control under the overlay", async () => {
        await (await h.viewFrame()).focus('#bye')
        const stops: Array<{ focused: string; obscured: boolean; view: string | null }> = []
        for (let k = 0; k < 6; k++) {
          await h.page.keyboard.press('Tab')
          stops.push({ ...(await hostFocus(h)), view: await viewFocus(h) })
        }
        // Only the view's frame and the host's own way back (above the view) get focus; `body` is
        // focus gone out of the page (to the browser's own controls) before it comes round.
        expect(stops.filter((stop) => stop.obscured || !/^(iframe|body)$|\[exit\]$/.test(stop.focused))).toEqual([])
        // Tab goes round: past the way back, into the view again.
        expect(stops.map((stop) => stop.focused)).toContain('button[exit]')
        expect(stops.map((stop) => stop.view)).toContain('done')
      })
      await s.step('a screen reader finds nothing of the page under it but the way back', async () => {
        const controls = (await accessibleNodes(h, h.page.mainFrame())).filter(([role]) => /^(button|link|textbox|Iframe)$/.test(role))
        expect(controls).toEqual([['Iframe', expect.any(String)], ['button', 'Back to the conversation']])
      })
      await s.step('back inline from the view: focus stays on its button, the page is usable again', async () => {
        await press(h, 'inline')
        await expect.poll(() => displayMode(h)).toBe('inline')
        expect(await hostFocus(h)).toEqual({ focused: 'iframe', obscured: false })
        expect(await viewFocus(h)).toBe('inline')
        expect(await h.hostFrame.evaluate(() => document.querySelectorAll('[inert]').length)).toBe(0)
      })
      await s.step("the host sets fullscreen while its composer has focus: the focus goes to the host's way back, not into the view; keys reach neither", async () => {
        await h.hostFrame.focus('#prompt')
        await hostSetsMode(h, 'fullscreen')
        expect(await hostFocus(h)).toEqual({ focused: 'button[exit]', obscured: false })
        await h.page.keyboard.type('hi')
        expect(await h.hostFrame.evaluate(() => (document.getElementById('prompt') as HTMLTextAreaElement).value)).toBe('')
        expect(await (await h.viewFrame()).evaluate(() => (document.getElementById('city') as HTMLInputElement).value)).toBe('')
      })
      await s.step('Escape from there: back inline, the focus back in the composer', async () => {
        await h.page.keyboard.press('Escape')
        await expect.poll(() => displayMode(h)).toBe('inline')
        expect(await hostFocus(h)).toEqual({ focused: 'textarea#prompt', obscured: false })
      })
      await s.step('a view that asks for fullscreen and at once for inline does not take the keyboard from the composer', async () => {
        // The steps before ended on the same two modes: only the events after the click count.
        const before = (await h.hostEvents('displaymode')).length
        await (await h.viewFrame()).evaluate(() => {
          document.getElementById('full')!.click()
          setTimeout(() => document.getElementById('inline')!.click(), 30)
        })
        await expect.poll(() => h.hostEvents('displaymode').then((events) => events.slice(before).map((event) => event.data))).toEqual(['fullscreen', 'inline'])
        await expect.poll(() => hostFocus(h)).toEqual({ focused: 'textarea#prompt', obscured: false })
        await h.page.keyboard.type('my pass')
        expect(await h.hostFrame.evaluate(() => (document.getElementById('prompt') as HTMLTextAreaElement).value)).toBe('my pass')
        expect(await (await h.viewFrame()).evaluate(() => (document.getElementById('city') as HTMLInputElement).value)).toBe('')
      })
      await s.step('inline, the keyboard passes through the view both ways: Shift+Tab from its first control to the page before it, Tab from its last to the page after it', async () => {
        const settled = () => h.hostFrame.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)))
        await (await h.viewFrame()).focus('#done')
        await h.page.keyboard.press('Shift+Tab')
        await settled()
        expect(await hostFocus(h)).toEqual({ focused: 'a#settings', obscured: false })
        await (await h.viewFrame()).focus('#book')
        await h.page.keyboard.press('Tab')
        await settled()
        expect(await hostFocus(h)).toEqual({ focused: 'textarea#prompt', obscured: false })
      })
    } finally {
      await h.close()
    }
  })

  it("never covers the host's open modal dialog with a view's fullscreen, and is modal once the dialog closes", async () => {
    const s = new Scenario(`accessibility ${frameMode} › host's modal dialog`)
    const h = await open(s, frameMode)
    try {
      // The host asks the user something (a tool call's consent) in a modal dialog, focus on a red "Allow".
      const allow = await s.step('the host opens a modal dialog; its button is drawn red', async () => {
        const box = await h.hostFrame.evaluate(() => {
          const dialog = document.createElement('dialog')
          dialog.innerHTML = '<p>Let the app call "delete_files"?</p><form method="dialog"><button id="allow" style="background:#f00;border:0;padding:10px 30px">Allow</button> <button id="deny">Deny</button></form>'
          document.body.append(dialog)
          dialog.showModal()
          const button = document.getElementById('allow')!
          button.focus()
          const rect = button.getBoundingClientRect()
          // A corner of the button, clear of its label.
          return [rect.x + 4, rect.y + 4] as [number, number]
        })
        expect(await pixels(h, [box])).toEqual([[255, 0, 0]])
        return box
      })
      await s.step('the view (inert under the dialog) asks for fullscreen from a script; granted', async () => {
        await (await h.viewFrame()).evaluate(() => document.getElementById('full')!.click())
        await expect.poll(() => displayMode(h)).toBe('fullscreen')
      })
      await s.step('the dialog is still what the user sees, and its button keeps the focus', async () => {
        expect((await hostFocus(h)).focused).toBe('button#allow')
        // The way back waits below the dialog with the frame, not in the top layer over it.
        expect(await h.hostFrame.evaluate(() => document.querySelector('[data-mcp-app-exit]')!.matches(':popover-open'))).toBe(false)
        // Painted after the mode changed: poll the screenshot rather than sleep.
        await expect.poll(() => pixels(h, [allow]), { timeout: 2_000 }).toEqual([[255, 0, 0]])
        // Still so a moment later (two frames drawn).
        await h.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
        expect(await pixels(h, [allow])).toEqual([[255, 0, 0]])
      })
      await s.step("the user answers; with the dialog closed the fullscreen view is modal: the focus on the host's way back, Tab never under it", async () => {
        await h.page.keyboard.press('Enter')
        expect(await h.hostFrame.evaluate(() => document.querySelector('dialog')!.open)).toBe(false)
        await expect.poll(() => hostFocus(h)).toEqual({ focused: 'button[exit]', obscured: false })
        const stops = []
        for (let k = 0; k < 4; k++) {
          await h.page.keyboard.press('Tab')
          stops.push(await hostFocus(h))
        }
        expect(stops.filter((stop) => stop.obscured || !/^(iframe|body)$|\[exit\]$/.test(stop.focused))).toEqual([])
      })
    } finally {
      await h.close()
    }
  })

  it('leaves focus on the view\'s container, not <body>, when the view closes itself with focus inside', async () => {
    const s = new Scenario(`accessibility ${frameMode} › focus after the view closes`)
    const h = await open(s, frameMode)
    try {
      await s.step('"Close app" from the keyboard; the host tears the view down', async () => {
        await press(h, 'bye')
        await h.waitHost('requestteardown')
        expect((await hostFocus(h)).focused).toBe('iframe')
        await h.call('teardown', 'the view asked')
        await h.waitHost('close')
        expect(await h.call('frame')).toBeNull()
      })
      await s.step('focus is on the row where the view was, and Tab goes on from there', async () => {
        expect((await hostFocus(h)).focused).toBe('div#views')
        await h.page.keyboard.press('Tab')
        expect((await hostFocus(h)).focused).toBe('textarea#prompt')
      })
    } finally {
      await h.close()
    }
  })
})

describe('accessibility of the fullscreen and pip layout (srcdoc frame)', () => {
  it("fills the visible viewport in fullscreen, not the strip under the page's scrollbar", async () => {
    const s = new Scenario('accessibility › fullscreen beside the scrollbar')
    const h = await open(s, 'srcdoc', {}, (handle) =>
      s.step('a conversation long enough to scroll', () =>
        handle.hostFrame.evaluate(() => {
          for (let k = 0; k < 80; k++) document.getElementById('views')!.insertAdjacentHTML('beforebegin', `<p>message ${k}</p>`)
        }),
      ),
    )
    try {
      await s.step("fullscreen: the host's bar and the frame under it are the visible viewport, and the view's right edge (red) is drawn", async () => {
        await hostSetsMode(h, 'fullscreen')
        const layout = () =>
          h.hostFrame.evaluate(() => {
            const rect = document.querySelector('#views iframe')!.getBoundingClientRect()
            const bar = document.querySelector('[data-mcp-app-bar]')!.getBoundingClientRect()
            const root = document.documentElement
            return {
              frame: [rect.x, rect.y, rect.width, rect.height],
              bar: [bar.x, bar.y, bar.width, bar.height],
              visible: [0, 0, root.clientWidth, root.clientHeight],
              scrollbar: innerWidth - root.clientWidth,
            }
          })
        const [, , visibleWidth, visibleHeight] = (await layout()).visible
        await expect.poll(async () => {
          const { frame, bar } = await layout()
          return `bar ${bar} | frame ${frame}`
        }).toBe(`bar 0,0,${visibleWidth},48 | frame 0,48,${visibleWidth},${visibleHeight! - 48}`)
        const { visible, scrollbar } = await layout()
        expect(scrollbar).toBeGreaterThan(0)
        const [width, height] = [visible[2]!, visible[3]!]
        // Polled: the view draws its new width a frame or two after the frame took it.
        await expect.poll(() => pixels(h, [[width - 4, height / 2]]), { timeout: 5_000 }).toEqual([[255, 0, 0]])
      })
    } finally {
      await h.close()
    }
  })

  it("lets the host's dialogs above a fullscreen view: one kept in the page and shown over it, one in a shadow root, one removed without close()", async () => {
    const s = new Scenario("accessibility › the host's dialogs and a fullscreen view")
    const h = await open(s, 'srcdoc')
    const onTop = () => h.hostFrame.evaluate(() => document.querySelector('#views iframe')!.matches(':popover-open'))
    const composerInert = () => h.hostFrame.evaluate(() => !!document.getElementById('prompt')!.closest('[inert]'))
    /** The dialog answered: the view takes its place, on top and modal. */
    const viewModalAgain = async () => {
      await expect.poll(onTop).toBe(true)
      expect(await composerInert()).toBe(true)
    }
    try {
      await s.step('a consent dialog kept in the page, shown while the view is fullscreen, can be answered; the view is modal again after', async () => {
        await h.hostFrame.evaluate(() => {
          const dialog = document.createElement('dialog')
          dialog.id = 'consent'
          dialog.innerHTML = '<p>Open https://example.com?</p><button id="allow">Allow</button>'
          document.body.append(dialog)
          dialog.querySelector('button')!.onclick = () => dialog.close('allowed')
        })
        await hostSetsMode(h, 'fullscreen')
        await expect.poll(composerInert).toBe(true)
        await h.hostFrame.evaluate(() => (document.getElementById('consent') as HTMLDialogElement).showModal())
        await h.hostFrame.click('#allow')
        expect(await h.hostFrame.evaluate(() => (document.getElementById('consent') as HTMLDialogElement).returnValue)).toBe('allowed')
        await viewModalAgain()
        await hostSetsMode(h, 'inline')
      })
      await s.step('a modal dialog in a shadow root (a design system) is not covered', async () => {
        await h.hostFrame.evaluate(() => {
          const host = document.createElement('x-consent')
          document.body.append(host)
          host.attachShadow({ mode: 'open' }).innerHTML = '<dialog><p id="question">Allow?</p><button>OK</button></dialog>'
          host.shadowRoot!.querySelector('dialog')!.showModal()
        })
        await hostSetsMode(h, 'fullscreen')
        expect(await onTop()).toBe(false)
        // The user clicks the question's text (the focus leaves the button) while the conversation streams a reply.
        await h.hostFrame.locator('x-consent #question').click()
        await h.hostFrame.evaluate(() => document.getElementById('chat')!.append(Object.assign(document.createElement('p'), { textContent: 'Assistant: …' })))
        await h.hostFrame.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
        expect(await onTop()).toBe(false)
        await h.hostFrame.evaluate(() => document.querySelector('x-consent')!.shadowRoot!.querySelector('dialog')!.close())
        await viewModalAgain()
        await hostSetsMode(h, 'inline')
      })
      await s.step('a modal dialog a framework removes without close(): the waiting fullscreen still becomes modal', async () => {
        await h.hostFrame.evaluate(() => {
          const dialog = document.createElement('dialog')
          dialog.id = 'unmounted'
          document.body.append(dialog)
          dialog.showModal()
        })
        await hostSetsMode(h, 'fullscreen')
        expect(await onTop()).toBe(false)
        await h.hostFrame.evaluate(() => document.getElementById('unmounted')!.remove())
        await viewModalAgain()
      })
    } finally {
      await h.close()
    }
  })

  it('keeps the view and the way back clear of the safe areas in fullscreen (a notch, a home indicator)', async () => {
    const s = new Scenario('accessibility › fullscreen and safe areas')
    const insets = { top: 47, right: 0, bottom: 34, left: 0 }
    const size = { width: 390, height: 844 }
    const h = await open(s, 'srcdoc', {}, (handle) =>
      s.step('a phone: 390 × 844 with a 47px notch and a 34px home indicator', async () => {
        await emulatePhone(handle, size, insets)
      }),
    )
    try {
      await s.step("fullscreen: the host's bar and the frame cover the screen, the view and the host's button sit inside the safe area", async () => {
        await hostSetsMode(h, 'fullscreen')
        const view = await h.viewFrame()
        const inView = await view.evaluate(() => ({
          done: document.getElementById('done')!.getBoundingClientRect().top,
          book: document.getElementById('book')!.getBoundingClientRect().bottom,
        }))
        const host = await h.hostFrame.evaluate(() => {
          const frame = document.querySelector('#views iframe')!
          const rect = frame.getBoundingClientRect()
          const style = getComputedStyle(frame)
          const exit = document.querySelector('[data-mcp-app-exit]')!.getBoundingClientRect()
          const hit = document.elementFromPoint(exit.x + exit.width / 2, exit.y + exit.height / 2)
          return {
            frame: [rect.x, rect.y, rect.width, rect.height],
            content: { top: rect.top + parseFloat(style.borderTopWidth) + parseFloat(style.paddingTop), left: rect.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft) },
            exit: { top: exit.top, bottom: exit.bottom, right: exit.right, onTop: hit?.hasAttribute('data-mcp-app-exit') ?? false },
          }
        })
        // Below the host's bar, which covers the notch.
        expect(host.frame).toEqual([0, insets.top + 48, size.width, size.height - insets.top - 48])
        // "Done" at the top of the view, "Book" at its bottom, in the page's coordinates.
        expect(host.content.top + inView.done).toBeGreaterThanOrEqual(insets.top)
        expect(host.content.top + inView.book).toBeLessThanOrEqual(size.height - insets.bottom)
        expect(host.exit.top).toBeGreaterThanOrEqual(insets.top)
        expect(host.exit.bottom).toBeLessThanOrEqual(host.frame[1]!)
        expect(host.exit.right).toBeLessThanOrEqual(size.width - insets.right)
        expect(host.exit.onTop).toBe(true)
      })
    } finally {
      await h.close()
    }
  })

  it('leaves most of the page in use beside pip at 400% zoom (a 1,280 × 1,024 screen: 320 × 256 CSS px)', async () => {
    const s = new Scenario('accessibility › pip at 400% zoom')
    const size = { width: 320, height: 256 }
    const h = await open(s, 'srcdoc', {}, (handle) => s.step('zoomed to 400%', () => handle.page.setViewportSize(size)))
    try {
      await s.step('pip covers less than half of the page', async () => {
        await hostSetsMode(h, 'pip')
        const area = await h.hostFrame.evaluate(() => {
          const rect = document.querySelector('#views iframe')!.getBoundingClientRect()
          return (rect.width * rect.height) / (innerWidth * innerHeight)
        })
        expect(area).toBeLessThan(0.5)
      })
    } finally {
      await h.close()
    }
  })

  it('draws an edge around pip in forced-colours mode, where its shadow is dropped', async () => {
    const s = new Scenario('accessibility › pip in forced colours')
    const h = await open(s, 'srcdoc', {}, (handle) => s.step('forced colours', () => handle.page.emulateMedia({ forcedColors: 'active' })))
    try {
      await s.step('pip: the pixels just outside its left edge differ from the page around it and from the view inside', async () => {
        await hostSetsMode(h, 'pip')
        const box = await h.hostFrame.evaluate(() => {
          const rect = document.querySelector('#views iframe')!.getBoundingClientRect()
          return { x: rect.x, y: rect.y + rect.height / 2, shadow: getComputedStyle(document.querySelector('#views iframe')!).boxShadow }
        })
        expect(box.shadow).toBe('none')
        const [page, edge, inside] = await pixels(h, [[box.x - 12, box.y], [box.x - 1, box.y], [box.x + 4, box.y]])
        expect(edge).not.toEqual(page)
        expect(edge).not.toEqual(inside)
      })
    } finally {
      await h.close()
    }
  })
})

describe('accessibility of the sandbox proxy (proxy frame)', () => {
  it("names the proxy's inner frame with the host's title and gives its page the host's language", async () => {
    const s = new Scenario('accessibility proxy › names and language')
    const h = await open(s, 'proxy', { title: 'Weather forecast', hostContext: { ...DEFAULT_MOUNT.hostContext, locale: 'fr-FR' } })
    try {
      await s.step('the host\'s frame, then the proxy\'s: both named "Weather forecast"; the proxy page in French', async () => {
        expect(await accessibleNodes(h, h.page.mainFrame())).toContainEqual(['Iframe', 'Weather forecast'])
        const proxy = await h.outerFrame()
        expect(await accessibleNodes(h, proxy)).toEqual([['RootWebArea', 'Weather forecast'], ['Iframe', 'Weather forecast']])
        expect(await proxy.evaluate(() => ({ lang: document.documentElement.lang, title: document.title }))).toEqual({ lang: 'fr-FR', title: 'Weather forecast' })
      })
    } finally {
      await h.close()
    }
  })
})

/** Where the host's way back is, and whether it is what a click at its centre reaches. */
function wayBack(h: HostHandle): Promise<{ exit: { left: number; top: number; right: number; bottom: number }; hit: boolean; frame: number[]; bar: number[]; viewport: number[] }> {
  return h.hostFrame.evaluate(() => {
    const box = (e: Element) => e.getBoundingClientRect()
    const exit = box(document.querySelector('[data-mcp-app-exit]')!)
    const frame = box(document.querySelector('#views iframe')!)
    const bar = box(document.querySelector('[data-mcp-app-bar]')!)
    const hit = document.elementFromPoint(exit.x + exit.width / 2, exit.y + exit.height / 2)
    return {
      exit: { left: exit.left, top: exit.top, right: exit.right, bottom: exit.bottom },
      hit: !!hit?.closest('[data-mcp-app-exit]'),
      frame: [frame.x, frame.y, frame.width, frame.height].map(Math.round),
      bar: [bar.x, bar.y, bar.width, bar.height].map(Math.round),
      viewport: [document.documentElement.clientWidth, document.documentElement.clientHeight],
    }
  })
}

/** Two frames drawn: what a layout change (a scrollbar, a stylesheet) does is on screen. */
const nextFrames = (h: HostHandle) => h.hostFrame.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))

describe("the host's bar above a view out of the conversation (srcdoc frame)", () => {
  it("keeps the way back on screen and above the view when the host's stylesheet moves the frame (pip at the top, fullscreen edge to edge)", async () => {
    const s = new Scenario("bar › a host's stylesheet moves the frame")
    const h = await open(s, 'srcdoc')
    const restyle = (css: string) =>
      h.hostFrame.evaluate((text) => {
        document.getElementById('host-style')?.remove()
        document.head.insertAdjacentHTML('beforeend', `<style id="host-style">${text}</style>`)
      }, css)
    try {
      await s.step('pip in the top right corner (a host with its composer at the bottom): the button is inside the window and clickable', async () => {
        await restyle('iframe[data-display-mode="pip"]{top:16px!important;bottom:auto!important}')
        await hostSetsMode(h, 'pip')
        await nextFrames(h)
        const { exit, hit } = await wayBack(h)
        expect(exit.top).toBeGreaterThanOrEqual(0)
        expect(hit).toBe(true)
        await hostSetsMode(h, 'inline')
      })
      await s.step('fullscreen over the whole window (the layout before the bar): the button is not covered by the view', async () => {
        await restyle('iframe[data-display-mode="fullscreen"]{top:0!important;height:100%!important}')
        await hostSetsMode(h, 'fullscreen')
        await nextFrames(h)
        const { exit, hit } = await wayBack(h)
        expect(exit.top).toBeGreaterThanOrEqual(0)
        expect(hit).toBe(true)
      })
    } finally {
      await h.close()
    }
  })

  it("keeps the bar on the frame when the page's scrollbar comes or goes (replies arrive beside pip; the conversation shrinks under fullscreen)", async () => {
    const s = new Scenario("bar › the page's scrollbar comes and goes")
    const h = await open(s, 'srcdoc')
    /** The bar's left edge, width and bottom against the frame's left edge, width and top. */
    const joined = async () => {
      const { frame, bar } = await wayBack(h)
      return `bar x ${bar[0]} w ${bar[2]} bottom ${bar[1]! + bar[3]!} | frame x ${frame[0]} w ${frame[2]} top ${frame[1]}`
    }
    const expected = async () => {
      const { frame } = await wayBack(h)
      return `bar x ${frame[0]} w ${frame[2]} bottom ${frame[1]} | frame x ${frame[0]} w ${frame[2]} top ${frame[1]}`
    }
    try {
      await s.step('pip on a short conversation, then 80 replies: the page gets a scrollbar, pip moves left, its bar with it', async () => {
        await hostSetsMode(h, 'pip')
        expect(await joined()).toBe(await expected())
        await h.hostFrame.evaluate(() => {
          for (let k = 0; k < 80; k++) document.getElementById('chat')!.insertAdjacentHTML('beforeend', `<p>Assistant: reply ${k}</p>`)
        })
        await nextFrames(h)
        expect(await h.hostFrame.evaluate(() => innerWidth - document.documentElement.clientWidth)).toBeGreaterThan(0)
        await expect.poll(joined).toBe(await expected())
      })
      await s.step('fullscreen, then the replies go (a conversation switched under it): the page loses its scrollbar, the frame widens, its bar with it', async () => {
        await hostSetsMode(h, 'fullscreen')
        expect(await joined()).toBe(await expected())
        await h.hostFrame.evaluate(() => document.querySelectorAll('#chat > p').forEach((p) => p.remove()))
        await nextFrames(h)
        expect(await h.hostFrame.evaluate(() => innerWidth - document.documentElement.clientWidth)).toBe(0)
        await expect.poll(joined).toBe(await expected())
      })
    } finally {
      await h.close()
    }
  })

  it('keeps the way back clear of the notch in a right-to-left page on a phone held sideways (the button then at the left end)', async () => {
    const s = new Scenario('bar › right to left, landscape notch')
    // A phone held sideways: the notch on one side, its mirror inset on the other, the home indicator below.
    const insets = { top: 0, right: 47, bottom: 21, left: 47 }
    const size = { width: 844, height: 390 }
    const h = await open(s, 'srcdoc', {}, (handle) =>
      s.step('a landscape phone, and a page in Arabic (dir=rtl)', async () => {
        await emulatePhone(handle, size, insets)
        await handle.hostFrame.evaluate(() => {
          document.documentElement.lang = 'ar'
          document.documentElement.dir = 'rtl'
        })
      }),
    )
    try {
      await s.step('fullscreen: the button lies inside the safe area (on either side) and is clickable', async () => {
        await hostSetsMode(h, 'fullscreen')
        const { exit, hit } = await wayBack(h)
        expect(exit.left).toBeGreaterThanOrEqual(insets.left)
        expect(exit.right).toBeLessThanOrEqual(size.width - insets.right)
        expect(hit).toBe(true)
      })
    } finally {
      await h.close()
    }
  })

  it("draws an edge around pip's bar in forced-colours mode, where its shadow is dropped (as around the frame below it)", async () => {
    const s = new Scenario("bar › pip's bar in forced colours")
    const h = await open(s, 'srcdoc', {}, (handle) => s.step('forced colours', () => handle.page.emulateMedia({ forcedColors: 'active' })))
    try {
      await s.step("pip: the pixels just outside the bar's left edge differ from the page around it and from the bar inside", async () => {
        await hostSetsMode(h, 'pip')
        await nextFrames(h)
        const { bar } = await wayBack(h)
        const [x, y] = [bar[0]!, bar[1]! + bar[3]! / 2]
        const [page, edge, inside] = await pixels(h, [[x - 12, y], [x - 1, y], [x + 4, y]])
        expect(edge).not.toEqual(page)
        expect(edge).not.toEqual(inside)
      })
    } finally {
      await h.close()
    }
  })

  it('returns focus to the composer on leaving fullscreen after the host answered a dialog over it (not into the view)', async () => {
    const s = new Scenario('bar › focus after a dialog over fullscreen')
    const h = await open(s, 'srcdoc')
    const focused = () => h.hostFrame.evaluate(() => {
      const e = document.activeElement!
      return `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.hasAttribute('data-mcp-app-exit') ? '[exit]' : ''}`
    })
    try {
      await s.step('the user is typing in the composer; the view goes fullscreen, the focus on the way back', async () => {
        await h.hostFrame.evaluate(() => {
          const dialog = document.createElement('dialog')
          dialog.id = 'consent'
          dialog.innerHTML = '<p>Allow the app to open a link?</p><button id="allow">Allow</button>'
          document.body.append(dialog)
          dialog.querySelector('button')!.onclick = () => dialog.close('allowed')
        })
        await h.hostFrame.focus('#prompt')
        await hostSetsMode(h, 'fullscreen')
        expect(await focused()).toBe('button[exit]')
      })
      await s.step('the host asks the user something over it; the user answers; the view is modal again', async () => {
        await h.hostFrame.evaluate(() => (document.getElementById('consent') as HTMLDialogElement).showModal())
        await h.hostFrame.click('#allow')
        await expect.poll(() => h.hostFrame.evaluate(() => !!document.getElementById('prompt')!.closest('[inert]'))).toBe(true)
        expect(await focused()).toBe('button[exit]')
      })
      await s.step('Escape: back in the conversation, the focus back in the composer, where the user was typing', async () => {
        await h.page.keyboard.press('Escape')
        expect(await displayMode(h)).toBe('inline')
        expect(await focused()).toBe('textarea#prompt')
      })
    } finally {
      await h.close()
    }
  })

  it("keeps the way back on screen and on its frame in a page scaled with CSS zoom (a host's interface-size setting)", async () => {
    const s = new Scenario('bar › a page scaled with CSS zoom')
    const h = await open(s, 'srcdoc', {}, (handle) =>
      s.step('the host scales its interface to 150% (`zoom` on the root)', () => handle.hostFrame.evaluate(() => void (document.documentElement.style.zoom = '1.5'))),
    )
    /** The button inside the window and clickable; the bar as wide as the frame, on top of it. */
    const check = async () => {
      const { exit, hit, frame, bar, viewport } = await wayBack(h)
      expect(exit.left).toBeGreaterThanOrEqual(0)
      expect(exit.right).toBeLessThanOrEqual(viewport[0]!)
      expect(hit).toBe(true)
      expect([bar[0], bar[2], bar[1]! + bar[3]!]).toEqual([frame[0], frame[2], frame[1]])
    }
    try {
      await s.step('pip', async () => {
        await hostSetsMode(h, 'pip')
        await check()
      })
      await s.step('fullscreen', async () => {
        await hostSetsMode(h, 'fullscreen')
        await check()
      })
    } finally {
      await h.close()
    }
  })
})
