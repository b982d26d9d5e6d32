/**
 * The load test's handle on one hardening host page (`pages/hardening-host.ts`) with one
 * hardening view (`pages/hardening-view.ts`), on the shared environment (`harness/env.ts`): the
 * same browser, servers and proxy page as the rest of the suite.
 */
import { readFileSync } from 'node:fs'
import type { CDPSession, Frame } from 'playwright-core'
import { bundlePage, hostPageHtml, IIFE_PATH, inlineScript } from './harness/bundle.js'
import type { Env } from './harness/env.js'
import { html, javascript } from './harness/servers.js'
import type { Scenario } from './harness/steps.js'
import type { TestPage } from './harness/browser.js'
import type { HardeningHostApi, HardeningMount } from './pages/hardening-host.js'
import type { HardeningViewApi } from './pages/hardening-view.js'

type Api<T> = { [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never }

const routed = new WeakSet<Env>()
let views = 0

/** Serves the hardening pages on the host origin (once per environment); returns the host page's URL. */
async function routes(env: Env): Promise<string> {
  if (!routed.has(env)) {
    env.servers.host.route('/hardening/host.html', html(hostPageHtml('ours', '/hardening/host.js')))
    env.servers.host.route('/hardening/host.js', javascript(await bundlePage('hardening-host.ts')))
    routed.add(env)
  }
  return env.servers.host.url('/hardening/host.html')
}

/** A view document: the shipped bundle, then the hardening view. */
async function viewUrl(env: Env): Promise<string> {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hardening view</title></head><body><p>hardening view</p>
${inlineScript(readFileSync(IIFE_PATH, 'utf8'))}${inlineScript(await bundlePage('hardening-view.ts'))}</body></html>`
  return env.serveView(`hardening-${++views}`, body)
}

export interface HardeningHandle {
  tab: TestPage
  /** Calls `window.hardeningHost` in the host page. */
  host: Api<HardeningHostApi>
  /** Calls `window.hardeningView` in the view's frame (the proxy's inner frame in proxy mode), once its script ran. */
  view(): Promise<Api<HardeningViewApi>>
  /** The view's frame. */
  viewFrame(): Promise<Frame>
  /** The host page's JS heap after a full garbage collection, in bytes. */
  heap(): Promise<number>
  close(): Promise<void>
}

export interface OpenHardening {
  mount: Omit<HardeningMount, 'viewUrl' | 'proxyUrl'>
}

export async function openHardening(env: Env, scenario: Scenario, options: OpenHardening): Promise<HardeningHandle> {
  const tab = await env.browser.newPage()
  await tab.page.goto(await routes(env))
  await tab.page.waitForFunction(() => 'hardeningHost' in window)
  scenario.diagnose(() => `page console (last 25):\n${tab.console.slice(-25).map((line) => `  ${line}`).join('\n')}`)
  let cdp: CDPSession | undefined
  const session = async () => (cdp ??= await tab.page.context().newCDPSession(tab.page))
  const proxy = (target: () => Promise<Frame>, global: string) =>
    new Proxy({} as never, {
      // Not a thenable: `await` on the proxy must not turn into a call to the page.
      get: (_target, method: string) =>
        method === 'then'
          ? undefined
          : async (...args: unknown[]) =>
              (await target()).evaluate(([g, name, params]) => (window as unknown as Record<string, Record<string, (...a: unknown[]) => unknown>>)[g]![name]!(...params), [global, method, args] as const),
    })
  const mainFrame = async () => tab.page.mainFrame()
  const viewFrame = async () => {
    const outer = await (await tab.page.waitForSelector('#views iframe', { state: 'attached' })).contentFrame()
    if (!outer) throw new Error('The host\'s iframe has no frame')
    if (options.mount.frameMode !== 'proxy') return outer
    const inner = await (await outer.waitForSelector('iframe', { state: 'attached' })).contentFrame()
    if (!inner) throw new Error('The proxy\'s inner iframe has no frame')
    return inner
  }
  const host = proxy(mainFrame, 'hardeningHost') as Api<HardeningHostApi>
  await host.mount({ ...options.mount, viewUrl: await viewUrl(env), proxyUrl: env.proxyUrl })
  return {
    tab,
    host,
    viewFrame,
    async view() {
      const frame = await viewFrame()
      await frame.waitForFunction(() => 'hardeningView' in window)
      return proxy(async () => frame, 'hardeningView') as Api<HardeningViewApi>
    },
    async heap() {
      const cdp = await session()
      await cdp.send('HeapProfiler.collectGarbage')
      await cdp.send('HeapProfiler.collectGarbage')
      return (await cdp.send('Runtime.getHeapUsage')).usedSize
    },
    async close() {
      await cdp?.detach().catch(() => {})
      await tab.close()
    },
  }
}
