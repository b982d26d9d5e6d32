/**
 * A view trying to get out, in a real browser, each attempt asserted to fail safely: reaching
 * for its parent and the top window (documents, storage, popups, top navigation), navigating its
 * own frame to a page without our CSP, and fetching or loading from undeclared origins while the
 * one declared domain stays reachable (a second local server stands in for it, and records every
 * request: "blocked" means it never arrived).
 */
import type { Frame } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FRAME_MODES, openHost, useEnv } from './harness/env.js'
import { html } from './harness/servers.js'
import { Scenario } from './harness/steps.js'

const env = useEnv({ beforeAll, afterAll })

describe.each(FRAME_MODES)('a view trying to get out (%s frame)', (frameMode) => {
  it(`keeps the view away from its parent (${frameMode === 'proxy' ? 'the sandbox proxy' : 'the host'}) and the top window`, async () => {
    const s = new Scenario(`attack ${frameMode} › view reaches for parent and top`)
    const h = await s.step('mount', () => openHost(env(), s, { host: 'ours', view: 'ours', config: { frameMode } }))
    try {
      await s.step('handshake', () => h.waitHost('initialized'))
      const hostUrl = h.page.url()
      const attempts = await s.step('the view tries', async () =>
        (await h.viewApp()).evaluate(() => {
          const results: Record<string, string> = {}
          const attempt = (name: string, fn: () => unknown) => {
            try {
              const value = fn()
              results[name] = `returned ${value === null ? 'null' : typeof value === 'object' ? 'an object' : String(value)}`
            } catch (error) {
              results[name] = `threw ${(error as Error).name}`
            }
          }
          attempt('read parent.document', () => parent.document.title)
          attempt('read top.document', () => top!.document.title)
          attempt('read parent.location.href', () => parent.location.href)
          attempt('read parent.testHost', () => (parent as unknown as { testHost: unknown }).testHost)
          attempt('call parent.eval', () => (parent as unknown as { eval(code: string): unknown }).eval('1'))
          attempt('read window.frameElement', () => window.frameElement)
          attempt('read document.cookie', () => document.cookie)
          attempt('use localStorage', () => localStorage.length)
          attempt('open a popup', () => window.open('https://example.com/'))
          attempt('navigate the top window', () => {
            top!.location.href = 'https://example.com/'
            return 'assigned'
          })
          attempt('navigate the parent', () => {
            parent.location.href = 'https://example.com/'
            return 'assigned'
          })
          attempt('own origin', () => self.origin)
          return results
        }),
      )
      await s.step('every attempt failed safely', async () => {
        expect(attempts).toEqual({
          'read parent.document': 'threw SecurityError',
          'read top.document': 'threw SecurityError',
          'read parent.location.href': 'threw SecurityError',
          'read parent.testHost': 'threw SecurityError',
          'call parent.eval': 'threw SecurityError',
          'read window.frameElement': 'returned null',
          'read document.cookie': 'threw SecurityError',
          'use localStorage': 'threw SecurityError',
          'open a popup': 'returned null',
          'navigate the top window': 'threw SecurityError',
          'navigate the parent': 'threw SecurityError',
          'own origin': 'returned null',
        })
        expect(h.page.url()).toBe(hostUrl)
        // The frame the host created still shows what it showed (in proxy mode: the proxy page).
        expect((await h.outerFrame()).url()).toEqual(h.config.frameMode === 'proxy' ? expect.stringContaining(env().proxyUrl) : 'about:srcdoc')
        expect(await h.call('frame')).not.toBeNull()
        expect(await h.page.evaluate(() => 'testHost' in window)).toBe(true)
        expect(h.page.context().pages().filter((page) => page.url().includes('example.com'))).toEqual([])
      })
    } finally {
      await h.close()
    }
  })

  // Declaring the page's server in frameDomains lets `frame-src` allow the navigation (in proxy
  // mode the proxy's header would otherwise refuse it); the frame's csp attribute must still.
  for (const declares of [false, true]) {
    const variant = declares ? ', its server declared in frameDomains' : ''
    it(`keeps a view that navigates its own frame away inside the CSP, and closes its bridge${variant}`, async () => {
      const s = new Scenario(`attack ${frameMode} › view navigates its frame away${variant}`)
      const { declared, undeclaredOrigin } = env().servers
      const name = `${frameMode}${declares ? '-declared' : ''}`
      // A page with no CSP of its own: if it ran in the frame it could reach any server, and, as
      // opaque as the view (origin "null"), it would pass the host's source and origin checks.
      declared.route(
        `/escape-${name}.html`,
        html(
          `<!doctype html><title>escaped</title><script>
            fetch('${undeclaredOrigin}/escape/${name}/fetch').catch(() => {})
            parent.postMessage({ jsonrpc: '2.0', id: 77, method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'from the escaped page' }] } }, '*')
          </script>`,
        ),
      )
      const csp = declares ? { frameDomains: [declared.origin] } : undefined
      const h = await s.step('mount', () => openHost(env(), s, { host: 'ours', view: 'ours', config: { frameMode, csp } }))
      try {
        await s.step('handshake', () => h.waitHost('initialized'))
        const view = await h.viewApp()
        const target = declared.url(`/escape-${name}.html`)
        const shown: string[] = []
        h.page.on('framenavigated', (frame) => frame === view && shown.push(frame.url()))
        await s.step('the view navigates its own frame to a page on another server', async () => {
          // The view's document goes away under this call; its result does not matter.
          await view.evaluate((url) => void (location.href = url), target).catch(() => {})
        })
        await s.step('the host closes the bridge: the frame navigated away from the view', async () => {
          // srcdoc: the host's frame loads a second document. proxy: the proxy sees its inner frame
          // do so, drops it and navigates itself away, so the host's frame loads a second document.
          expect((await h.waitHost('close')).data).toMatch(/navigated away/)
          expect(await h.call('frame')).toBeNull()
          expect(await h.call('listenedFrames')).toBe(0)
        })
        await s.step('the browser refused to show the page: it never ran, nothing reached the host', async () => {
          // The frame got the browser's error page instead (srcdoc: the frame's csp attribute; proxy:
          // its frame-src and the inner frame's csp attribute).
          expect(shown.length).toBeGreaterThan(0)
          expect(shown).not.toContain(target)
          expect(declared.hits.filter((hit) => hit.path === `/escape/${name}/fetch`)).toEqual([])
          expect(await h.hostEvents('message')).toEqual([])
          expect((await h.received())['ui/message']).toBeUndefined()
        })
        await s.step('nothing more goes to the frame: the bridge refuses to send', async () => {
          await expect(h.call('setHostContext', { theme: 'dark' })).rejects.toThrow(/Error: CLOSED: /)
          await expect(h.call('toolInput', { city: 'Nowhere' })).rejects.toThrow(/Error: CLOSED: /)
        })
      } finally {
        await h.close()
      }
    })
  }

  it('lets the CSP allow the declared domain and block everything else', async () => {
    const s = new Scenario(`attack ${frameMode} › CSP`)
    const { declared, undeclaredOrigin, host } = env().servers
    // The servers live as long as the file: count only this scenario's requests.
    const hitsBefore = declared.hits.length
    const declaredHits = () => declared.hits.slice(hitsBefore).filter((hit) => hit.path.startsWith('/csp/')).map((hit) => `${hit.host}${hit.path}`)
    declared.route('/csp/*', { body: JSON.stringify({ ok: true }), type: 'application/json' })
    const fetchFrom = (view: Frame, url: string) =>
      view.evaluate(async (target) => {
        try {
          const response = await fetch(target)
          return `ok ${response.status} ${JSON.stringify(await response.json())}`
        } catch (error) {
          return `blocked (${(error as Error).name})`
        }
      }, url)
    const watchViolations = (view: Frame) =>
      view.evaluate(() => {
        const violations: Array<{ blockedURI: string; directive: string }> = []
        ;(window as unknown as { violations: typeof violations }).violations = violations
        document.addEventListener('securitypolicyviolation', (event) => violations.push({ blockedURI: event.blockedURI, directive: event.effectiveDirective }))
      })
    /** Distinct violations: each one is reported once per policy (the `<meta>` and the frame's `csp` attribute). */
    const violations = async (view: Frame, count: number) => {
      await view.waitForFunction((n) => new Set((window as unknown as { violations: unknown[] }).violations.map((v) => JSON.stringify(v))).size >= n, count)
      const seen = await view.evaluate(() => (window as unknown as { violations: Array<{ blockedURI: string; directive: string }> }).violations)
      return [...new Map(seen.map((violation) => [JSON.stringify(violation), violation])).values()]
    }

    const declaring = await s.step('mount a view that declares one connect domain (plus entries that must be dropped)', () =>
      openHost(env(), s, {
        host: 'ours',
        view: 'ours',
        config: {
          frameMode,
          csp: { connectDomains: [declared.origin, '*', 'https:', `${undeclaredOrigin}; connect-src *`, "'unsafe-eval'"] },
        },
      }),
    )
    try {
      const view = await declaring.viewApp()
      await watchViolations(view)
      await s.step('fetch to the declared domain is allowed', async () => {
        expect(await fetchFrom(view, `${declared.origin}/csp/allowed`)).toBe('ok 200 {"ok":true}')
      })
      await s.step('fetch to an undeclared domain, an image from it, and the host\'s own endpoint are blocked', async () => {
        expect(await fetchFrom(view, `${undeclaredOrigin}/csp/blocked`)).toBe('blocked (TypeError)')
        expect(await fetchFrom(view, `${host.origin}/mcp/steal`)).toBe('blocked (TypeError)')
        await view.evaluate((src) => {
          const image = new Image()
          image.src = src
          document.body.append(image)
        }, `${undeclaredOrigin}/csp/image`)
        const seen = await violations(view, 3)
        expect(seen).toEqual(
          expect.arrayContaining([
            { blockedURI: `${undeclaredOrigin}/csp/blocked`, directive: 'connect-src' },
            { blockedURI: `${host.origin}/mcp/steal`, directive: 'connect-src' },
            { blockedURI: `${undeclaredOrigin}/csp/image`, directive: 'img-src' },
          ]),
        )
      })
    } finally {
      await declaring.close()
    }

    const silent = await s.step('mount a view that declares nothing', () => openHost(env(), s, { host: 'ours', view: 'ours', config: { frameMode } }))
    try {
      const view = await silent.viewApp()
      await watchViolations(view)
      await s.step('with no declaration even the "declared" domain is blocked', async () => {
        expect(await fetchFrom(view, `${declared.origin}/csp/default`)).toBe('blocked (TypeError)')
        expect(await violations(view, 1)).toEqual([{ blockedURI: `${declared.origin}/csp/default`, directive: 'connect-src' }])
      })
      await s.step('the host is warned once, though the view saw the violation once per copy of its policy', async () => {
        const reported = async () =>
          (await silent.hostEvents('warning')).map((event) => (event.data as { message: string }).message).filter((message) => message.startsWith('CSP blocked'))
        await expect.poll(reported).toEqual([`CSP blocked ${declared.origin}/csp/default (connect-src)`])
        // The copies' events all arrive within a few ms: a second warning would be here by now.
        await new Promise((resolve) => setTimeout(resolve, 300))
        expect(await reported()).toEqual([`CSP blocked ${declared.origin}/csp/default (connect-src)`])
        const seen = await view.evaluate(() => (window as unknown as { violations: unknown[] }).violations.length)
        expect(seen).toBeGreaterThan(1)
        // The reporter keeps its state to itself: an app's own top-level `let l` must not collide with it.
        expect(await view.evaluate('typeof l')).toBe('undefined')
      })
    } finally {
      await silent.close()
    }

    await s.step('only the allowed request ever reached a server', async () => {
      expect(declaredHits()).toEqual([`localhost:${declared.port}/csp/allowed`])
      expect(host.hits.filter((hit) => hit.path === '/mcp/steal')).toEqual([])
    })
  })
})
