/**
 * Attacks on the sandbox proxy itself, in a real browser (proxy mode only: the single opaque
 * frame has no proxy). Each is asserted to fail safely:
 *
 * - the proxy page loaded top-level, or framed by a foreign origin (served by the library's Node
 *   helper, and as a static file without its headers): no `sandbox-proxy-ready`, and a forged
 *   `sandbox-resource-ready` frames nothing;
 * - a stranger (a sibling frame on another origin) sending the proxy `sandbox-resource-ready`:
 *   nothing is framed, while the host's own message is (the proxy was listening);
 * - `mountApp` given a proxy URL on the host's own origin: refused before anything loads, both
 *   for a fixed URL (throws) and one chosen per resource (`ready` rejects, the bridge closes).
 *
 * The other proxy attacks run in the shared files, in proxy mode: a stranger posting to the proxy
 * and the host window posting to the inner view (attacks-forged), the view spoofing the proxy
 * (attacks-forged), the view scripting or navigating its parent, the proxy (attacks-escape), the
 * view navigating its frame away (attacks-escape).
 */
import type { Frame } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSandboxUrl } from '../../src/host/sandbox-url.js'
import { addFrame, INBOX_SCRIPT, openHost, useEnv } from './harness/env.js'
import { proxyInbox, proxyReceived, proxyRoute, recordProxyMessages } from './harness/proxy.js'
import { html } from './harness/servers.js'
import { Scenario } from './harness/steps.js'
import type { TestHostApi } from './pages/contract.js'

const env = useEnv({ beforeAll, afterAll })

const READY = 'ui/notifications/sandbox-proxy-ready'
const resourceReady = (body: string) => ({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: { html: `<!doctype html>${body}` } })

/** The proxy URL a host on `hostOrigin` would use (strict default CSP). */
const proxyUrlFor = (page: string, hostOrigin: string) => String(buildSandboxUrl(page, { hostOrigin }))

/** The methods `frame`'s page kept in its inbox (`INBOX_SCRIPT`). */
const inboxOf = (frame: Frame) => frame.evaluate(() => (window as unknown as { inbox: Array<{ data: { method?: string } }> }).inbox.map((m) => m.data?.method ?? 'response'))

describe('the sandbox proxy page under attack', () => {
  it('refuses to run top-level: no ready, and a forged resource frames nothing', async () => {
    const s = new Scenario('proxy › loaded top-level')
    const tab = await env().browser.newPage()
    s.diagnose(() => `console:\n${tab.console.join('\n')}`)
    try {
      const url = proxyUrlFor(env().proxyUrl, env().servers.host.origin)
      await s.step('load the proxy page as the top document, recording its window\'s messages', async () => {
        await tab.page.addInitScript(() => {
          const seen: string[] = []
          ;(window as unknown as { seen: string[] }).seen = seen
          addEventListener('message', (event) => seen.push((event.data as { method?: string })?.method ?? 'other'))
        })
        await tab.page.goto(url)
      })
      await s.step('it says why it refuses', async () => {
        expect(await tab.page.textContent('body')).toMatch(/only runs inside a host page/)
      })
      await s.step('a forged sandbox-resource-ready is delivered and frames nothing', async () => {
        await tab.page.evaluate((message) => postMessage(message, '*'), resourceReady('<p>pwned</p>'))
        await tab.page.waitForFunction(() => (window as unknown as { seen: string[] }).seen.includes('ui/notifications/sandbox-resource-ready'))
        expect(await tab.page.evaluate(() => document.querySelectorAll('iframe').length)).toBe(0)
        // As its own parent, a running proxy would have posted its ready to itself.
        expect(await tab.page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual(['ui/notifications/sandbox-resource-ready'])
      })
    } finally {
      await tab.close()
    }
  })

  it('does not run framed by a foreign origin (helper: the browser refuses to frame it; static file: the page refuses)', async () => {
    const s = new Scenario('proxy › framed by a foreign origin')
    const { host, sandbox, foreign } = env().servers
    sandbox.route('/static/sandbox-proxy.html', proxyRoute({ static: true }))
    foreign.route('/framer.html', html(`<!doctype html><title>Foreign framer</title>${INBOX_SCRIPT}`))
    const tab = await env().browser.newPage()
    s.diagnose(() => `console:\n${tab.console.join('\n')}`)
    try {
      await s.step('a page on a foreign origin opens', () => tab.page.goto(foreign.url('/framer.html')))
      const framer = tab.page.mainFrame()

      await s.step('helper, naming our host: frame-ancestors keeps the proxy out of the frame', async () => {
        const url = proxyUrlFor(env().proxyUrl, host.origin)
        const frame = await addFrame(framer, url, 'helper')
        // Chromium shows its error page in place of a response it may not frame.
        expect(frame.url()).toMatch(/^chrome-error:/)
        expect(frame.childFrames()).toEqual([])
      })

      await s.step('helper, naming the foreign page as the host: refused with 403 (and not framable either)', async () => {
        const url = proxyUrlFor(env().proxyUrl, foreign.origin)
        expect((await fetch(url)).status).toBe(403)
        const frame = await addFrame(framer, url, 'self-named')
        expect(frame.url()).toMatch(/^chrome-error:/)
        expect(frame.childFrames()).toEqual([])
      })

      const url = proxyUrlFor(sandbox.url('/static/sandbox-proxy.html'), host.origin)
      const proxy = await s.step('static file (no headers), naming our host: the page loads', () => addFrame(framer, url, 'static'))
      await s.step('and refuses: its embedder is not the host its URL names', async () => {
        expect(proxy.url()).toBe(url)
        expect(await proxy.textContent('body')).toContain(`framed by ${foreign.origin}, not by the host`)
      })
      await s.step('a forged sandbox-resource-ready from its parent is delivered and frames nothing', async () => {
        await recordProxyMessages(proxy)
        await framer.evaluate((message) => (document.getElementById('static') as HTMLIFrameElement).contentWindow!.postMessage(message, '*'), resourceReady('<p>pwned</p>'))
        await proxyReceived(proxy, 'fromParent', 1)
        expect(await proxy.evaluate(() => document.querySelectorAll('iframe').length)).toBe(0)
      })
      await s.step('none of the three announced itself to the foreign page', async () => {
        // Posts from one frame to another arrive in order: a ping sent now lands after any ready.
        await proxy.evaluate(() => parent.postMessage({ method: 'ping from the static frame' }, '*'))
        await framer.waitForFunction(() => (window as unknown as { inbox: Array<{ data: { method?: string } }> }).inbox.some((m) => m.data?.method === 'ping from the static frame'))
        expect(await inboxOf(framer)).toEqual(['ping from the static frame'])
      })
    } finally {
      await tab.close()
    }
  })

  it('frames nothing for a sandbox-resource-ready from a stranger, and the host\'s own resource', async () => {
    const s = new Scenario('proxy › forged sandbox-resource-ready')
    const { host } = env().servers
    // A page on the host origin with the proxy and no bridge: no real resource is sent until the test sends it.
    host.route('/bare-host.html', html(`<!doctype html><title>Bare host</title>${INBOX_SCRIPT}`))
    const tab = await env().browser.newPage()
    s.diagnose(() => `console:\n${tab.console.join('\n')}`)
    try {
      await s.step('the bare host page opens', () => tab.page.goto(host.url('/bare-host.html')))
      const page = tab.page.mainFrame()
      const proxy = await s.step('it frames the proxy, which announces itself to the host only', async () => {
        const frame = await addFrame(page, proxyUrlFor(env().proxyUrl, host.origin), 'proxy')
        await page.waitForFunction((ready) => (window as unknown as { inbox: Array<{ data: { method?: string } }> }).inbox.some((m) => m.data?.method === ready), READY)
        return frame
      })
      await recordProxyMessages(proxy)
      const stranger = await s.step('a sibling frame on a foreign origin joins the page', () => addFrame(page, env().servers.foreign.url('/attacker.html'), 'stranger'))

      await s.step('the stranger sends the proxy sandbox-resource-ready (and a plain view message)', async () => {
        await stranger.evaluate((message) => {
          parent.frames[0]!.postMessage(message, '*')
          parent.frames[0]!.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: { arguments: {} } }, '*')
        }, resourceReady('<p id="pwned">pwned</p>'))
        await proxyReceived(proxy, 'fromOthers', 2)
      })
      await s.step('the proxy framed nothing and told nobody', async () => {
        expect(await proxy.evaluate(() => document.querySelectorAll('iframe').length)).toBe(0)
        expect(await inboxOf(stranger)).toEqual([])
      })

      await s.step('the host\'s own sandbox-resource-ready is framed: the proxy was listening', async () => {
        await page.evaluate((message) => (document.getElementById('proxy') as HTMLIFrameElement).contentWindow!.postMessage(message, new URL((document.getElementById('proxy') as HTMLIFrameElement).src).origin), resourceReady('<p id="real">the real view</p>'))
        const inner = await (await proxy.waitForSelector('iframe', { state: 'attached' })).contentFrame()
        expect(await inner!.textContent('#real')).toBe('the real view')
        expect(await proxy.evaluate(() => document.querySelector('iframe')!.getAttribute('sandbox'))).toBe('allow-scripts')
        expect(await inner!.evaluate(() => self.origin)).toBe('null')
        expect((await proxyInbox(proxy)).fromOthers).toEqual(['ui/notifications/sandbox-resource-ready', 'ui/notifications/tool-input'])
      })
    } finally {
      await tab.close()
    }
  })
})

describe('mountApp and the proxy origin', () => {
  for (const perResource of [false, true]) {
    const how = perResource ? 'chosen per resource: ready rejects and the bridge closes' : 'fixed: mountApp throws'
    it(`refuses a proxy URL on the host's own origin (${how})`, async () => {
      const s = new Scenario(`proxy › same-origin proxy URL, ${perResource ? 'per resource' : 'fixed'}`)
      const { host } = env().servers
      const h = await s.step('open the host page', () => openHost(env(), s, { host: 'ours', view: 'ours', mount: false }))
      try {
        const config = { ...h.config, frameMode: 'proxy' as const, proxyUrl: host.url('/sandbox-proxy.html'), proxyUrlPerResource: perResource }
        if (perResource) {
          await s.step('mountApp returns; ready rejects with DENIED and the bridge closes', async () => {
            await h.call('mount', config)
            expect((await h.waitHost('error')).data).toMatchObject({ code: 'DENIED' })
            expect((await h.waitHost('close')).data).toMatch(/another origin/)
          })
        } else {
          await s.step('mountApp throws DENIED', async () => {
            await expect(h.call('mount', config)).rejects.toThrow(/Error: DENIED: .*another origin/)
          })
        }
        await s.step('nothing was framed, loaded or left listening', async () => {
          expect(await h.hostFrame.evaluate(() => document.querySelectorAll('iframe').length)).toBe(0)
          expect(host.hits.filter((hit) => hit.path === '/sandbox-proxy.html')).toEqual([])
          expect(await h.call('listenedFrames')).toBe(0)
          expect((await h.hostEvents()).filter((event) => event.kind === 'initialized' || event.kind === 'ready')).toEqual([])
          expect(await h.hostFrame.evaluate(() => (window as unknown as { testHost: TestHostApi }).testHost.raw.length)).toBe(0)
        })
      } finally {
        await h.close()
      }
    })
  }
})
