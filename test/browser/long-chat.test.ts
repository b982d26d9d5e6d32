/**
 * A long chat in a real browser: dozens of live apps in one host page (`pages/chat-host.ts`),
 * each mounted by `mountApp`, most in an opaque srcdoc frame and some behind the sandbox proxy.
 * The host side must keep one `message` listener for all of them, route every message by its
 * source window (each app's request answered by its own bridge, even all at once), reach every
 * app with a context change, hold little memory per app, and let go of everything when the
 * apps end, torn down or just removed.
 */
import type { CDPSession, Frame } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { useEnv } from './harness/env.js'
import { bundlePage, hostPageHtml } from './harness/bundle.js'
import { html, javascript } from './harness/servers.js'
import { Scenario } from './harness/steps.js'
import type { ChatHostApi } from './pages/chat-host.js'
import type { ActionOutcome, TestAppApi, ViewEvent } from './pages/contract.js'

const env = useEnv({ beforeAll, afterAll })

/** Apps in the chat: four srcdoc frames for each proxied one. */
const APPS = 30
/**
 * Host-page JavaScript heap per live app, at most. Measured: 7.4 KB (the bridge, its session
 * and host context, the frame's sizer and watcher, the page's own row): about three times that leaves
 * room for engine changes and still fails if an app started to keep its document (the test
 * view's is 22 KB) or a per-app copy of anything large.
 */
const HEAP_PER_APP = 24_000
/**
 * What may stay on the host page's heap once every app ended: 1 KB per app. Measured: 9.5–9.8 KB
 * in all (code and caches settling); a bridge kept alive after its end keeps most of its
 * ~11 KB.
 */
const HEAP_LEFT = APPS * 1_000

type Api<T> = { [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never }

it(`a chat with ${APPS} live apps: one message listener, each request answered by its own app's bridge, little memory per app, nothing left after`, async () => {
  const s = new Scenario('long chat', { timeoutMs: 30_000 })
  const { servers, proxyUrl } = env()
  servers.host.route('/chat/host.html', html(hostPageHtml('ours', '/chat/host.js')))
  servers.host.route('/chat/host.js', javascript(await bundlePage('chat-host.ts')))
  const tab = await env().browser.newPage()
  s.diagnose(() => `page console (last 25):\n${tab.console.slice(-25).map((line) => `  ${line}`).join('\n')}`)
  let cdp: CDPSession | undefined
  try {
    const { page } = tab
    await s.step('open the chat page', async () => {
      await page.goto(servers.host.url('/chat/host.html'))
      await page.waitForFunction(() => 'chatHost' in window)
    })
    const chat = new Proxy({} as Api<ChatHostApi>, {
      get: (_target, method: string) => (...args: unknown[]) =>
        page.evaluate(([name, params]) => (window as unknown as { chatHost: Record<string, (...a: unknown[]) => unknown> }).chatHost[name]!(...params), [method, args] as const),
    })
    cdp = await page.context().newCDPSession(page)
    const session = cdp
    const messageListeners = async () => {
      const { result } = await session.send('Runtime.evaluate', { expression: 'window' })
      const { listeners } = await session.send('DOMDebugger.getEventListeners', { objectId: result.objectId! })
      await session.send('Runtime.releaseObject', { objectId: result.objectId! })
      return listeners.filter((listener) => listener.type === 'message').length
    }
    const heap = async () => {
      await session.send('HeapProfiler.collectGarbage')
      await session.send('HeapProfiler.collectGarbage')
      return (await session.send('Runtime.getHeapUsage')).usedSize
    }
    const viewUrl = servers.host.url('/views/ours.html')
    const pageOwn = await messageListeners()

    /**
     * One chat's life: every check on the way, and the heap while the apps live and after they
     * ended, relative to `baseline` (when given). Run twice: the first run also compiles and
     * warms every path the library and the page take (about 270 KB of heap that stays), so the
     * second run's figures are the apps' own.
     */
    const chatLife = async (run: string, baseline?: number) => {
      await s.step(`${run}: mount ${APPS} apps; every one initializes`, async () => {
        expect(await chat.mount({ viewUrl, proxyUrl, frameModes: ['srcdoc', 'srcdoc', 'srcdoc', 'srcdoc', 'proxy'], count: APPS })).toBe(APPS)
      })
      await s.step(`${run}: one message listener on the window for all of them`, async () => {
        expect(await chat.listenedFrames()).toBe(APPS)
        expect(await messageListeners()).toBe(pageOwn + 1)
      })
      if (baseline !== undefined) {
        await s.step(`${run}: host-page heap per live app is at most ${HEAP_PER_APP} bytes`, async () => {
          const perApp = ((await heap()) - baseline) / APPS
          console.log(`long chat: ${Math.round(perApp)} bytes of host-page heap per live app (${APPS} apps)`)
          expect(perApp).toBeLessThanOrEqual(HEAP_PER_APP)
        })
      }
      // The view frames: srcdoc frames directly, proxied ones inside their proxy's frame.
      const views = await s.step(`${run}: find every app's frame and the row its tool input named`, async () => {
        const found: Array<{ frame: Frame; row: number }> = []
        for (const frame of page.frames()) {
          if (!(await frame.evaluate(() => 'testApp' in window).catch(() => false))) continue
          const input = await frame.evaluate(() => (window as unknown as { testApp: TestAppApi }).testApp.waitFor('toolinput'))
          found.push({ frame, row: (input.data as { arguments: { row: number } }).arguments.row })
        }
        expect(found.map((view) => view.row).sort((a, b) => a - b)).toEqual(Array.from({ length: APPS }, (_, i) => i))
        return found
      })
      await s.step(`${run}: every app calls a tool at the same time; each gets its own bridge's answer`, async () => {
        const outcomes = await Promise.all(
          views.map(({ frame }) =>
            frame.evaluate(() => (window as unknown as { testApp: TestAppApi }).testApp.run({ action: 'callServerTool', name: 'whoami' })),
          ),
        )
        outcomes.forEach((outcome: ActionOutcome, i) => {
          expect(outcome, `row ${views[i]!.row}`).toMatchObject({ ok: true, value: { structuredContent: { row: views[i]!.row } } })
        })
        expect(await chat.calls()).toEqual(Array.from({ length: APPS }, () => ['whoami']))
      })
      await s.step(`${run}: one theme change reaches every app`, async () => {
        await chat.setTheme('dark')
        // The theme's own change, whatever other change (a container's size) came before it.
        await Promise.all(
          views.map(({ frame }) =>
            frame.waitForFunction(() =>
              (window as unknown as { testApp: TestAppApi }).testApp.events.some((event: ViewEvent) => {
                const data = event.data as { changed?: string[]; context?: { theme?: string } } | undefined
                return event.kind === 'hostcontextchanged' && data?.changed?.includes('theme') && data.context?.theme === 'dark'
              }),
            ),
          ),
        )
      })
      await s.step(`${run}: half the apps are torn down, the other half just removed; every bridge closes`, async () => {
        const rows = Array.from({ length: APPS }, (_, i) => i)
        await chat.teardown(rows.filter((row) => row % 2 === 0))
        await chat.remove(rows.filter((row) => row % 2 === 1))
        await page.waitForFunction(() => (window as unknown as { chatHost: ChatHostApi }).chatHost.closed().every((reason) => reason !== null))
        await chat.forget()
      })
      await s.step(`${run}: nothing is left: no frame routed, no message listener`, async () => {
        expect(await chat.listenedFrames()).toBe(0)
        expect(await messageListeners()).toBe(pageOwn)
      })
      if (baseline !== undefined) {
        await s.step(`${run}: the heap is back near its baseline`, async () => {
          const left = (await heap()) - baseline
          console.log(`long chat: ${left} bytes of host-page heap left after all ${APPS} apps ended`)
          expect(left).toBeLessThanOrEqual(HEAP_LEFT)
        })
      }
    }

    await chatLife('first chat')
    await chatLife('second chat', await heap())
  } finally {
    await cdp?.detach().catch(() => {})
    await tab.close()
  }
})
