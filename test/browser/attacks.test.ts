/**
 * Attacks on our host and view in a real browser, each asserted to fail safely: forged view
 * messages from a sibling frame, from the host's own window and from a foreign top page; a view
 * spoofing the sandbox proxy; a view reaching for its parent and top; fetches the CSP must block
 * (and one it must allow); sizes that are not sizes; a message flood.
 *
 * "Nothing happened" is only asserted after the forged messages were provably delivered: the
 * test pages record every `message` event before the bridges see it, and the tests wait for
 * those records instead of sleeping.
 */
import type { Frame } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FRAME_MODES, openHost, useEnv, type HostHandle } from './harness/env.js'
import { connectTestServer } from './harness/mcp.js'
import { html } from './harness/servers.js'
import { Scenario } from './harness/steps.js'
import type { FrameMode, TestAppApi, TestHostApi } from './pages/contract.js'

const env = useEnv({ beforeAll, afterAll })

/** What an attacker posts to the host, pretending to be the view. */
const FORGED_VIEW_MESSAGES = [
  { jsonrpc: '2.0', id: 9001, method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'forged message' }] } },
  { jsonrpc: '2.0', id: 9002, method: 'ui/open-link', params: { url: 'https://evil.example/' } },
  { jsonrpc: '2.0', id: 9003, method: 'ui/update-model-context', params: { content: [{ type: 'text', text: 'forged context' }] } },
  { jsonrpc: '2.0', id: 9004, method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 1 } } },
  { jsonrpc: '2.0', id: 9005, method: 'ui/initialize', params: { appInfo: { name: 'evil', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' } },
  { jsonrpc: '2.0', id: 9006, method: 'ui/request-display-mode', params: { mode: 'fullscreen' } },
  { jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { width: 10, height: 3333 } },
  { jsonrpc: '2.0', method: 'ui/notifications/request-teardown', params: {} },
  { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'error', data: 'forged log' } },
  { jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} },
]

/** What an attacker posts to the view, pretending to be the host. */
const FORGED_HOST_MESSAGES = [
  { jsonrpc: '2.0', method: 'ui/notifications/tool-result', params: { content: [{ type: 'text', text: 'forged result' }] } },
  { jsonrpc: '2.0', method: 'ui/notifications/host-context-changed', params: { theme: 'dark' } },
  { jsonrpc: '2.0', id: 9100, method: 'ui/resource-teardown', params: { reason: 'forged' } },
]

type Attacker = 'sibling frame' | 'host window itself' | 'foreign top page'

/** Waits until the host window has received `count` messages that did not come from the view. */
async function untrustedDelivered(h: HostHandle, count: number): Promise<void> {
  await h.hostFrame.waitForFunction((n) => (window as unknown as { testHost: TestHostApi }).testHost.raw.filter((m) => !m.trusted).length >= n, count)
}

async function mountWithServer(s: Scenario, frameMode: FrameMode, extra: { embedded?: boolean } = {}) {
  const server = await s.step('connect the in-test MCP server', () => connectTestServer())
  const session = env().registerMcp(server.client, server.close)
  const h = await s.step('mount our view in our host', () =>
    openHost(env(), s, { host: 'ours', view: 'ours', config: { frameMode, mcpSession: session.id }, embedded: extra.embedded }),
  )
  return { server, session, h }
}

describe.each(FRAME_MODES)('attacks (%s frame)', (frameMode) => {
  for (const attacker of ['sibling frame', 'host window itself', 'foreign top page'] as Attacker[]) {
    it(`ignores forged view messages from the ${attacker}`, async () => {
      const s = new Scenario(`attack ${frameMode} › forged messages from the ${attacker}`)
      const { server, session, h } = await mountWithServer(s, frameMode, { embedded: attacker === 'foreign top page' })
      try {
        await s.step('handshake and tool data', async () => {
          await h.waitHost('initialized')
          await h.call('toolInput', { city: 'Rome' })
          await h.call('toolResult', { content: [{ type: 'text', text: 'Weather in Rome: hot' }] })
          await h.waitView('toolresult')
        })
        const before = await h.received()
        const hostEventsBefore = (await h.hostEvents()).length

        const forgesToView = attacker !== 'host window itself'
        const attackerFrame: Frame = await s.step('the attacker posts forged messages', async () => {
          if (attacker === 'host window itself') {
            await h.hostFrame.evaluate((messages) => messages.forEach((m) => window.postMessage(m, '*')), FORGED_VIEW_MESSAGES)
            return h.hostFrame
          }
          let frame: Frame
          let toHost: string
          let toView: string
          if (attacker === 'sibling frame') {
            const url = env().servers.sandbox.url('/attacker.html')
            await h.hostFrame.evaluate(
              (src) =>
                new Promise<void>((resolve) => {
                  const iframe = document.createElement('iframe')
                  iframe.id = 'attacker'
                  iframe.onload = () => resolve()
                  iframe.src = src
                  document.body.append(iframe)
                }),
              url,
            )
            frame = (await (await h.hostFrame.waitForSelector('#attacker')).contentFrame())!
            toHost = 'parent'
            toView = 'parent.frames[0]'
          } else {
            frame = h.page.mainFrame()
            toHost = 'frames[0]'
            toView = 'frames[0].frames[0]'
          }
          await frame.evaluate(
            ([host, view, toHostMessages, toViewMessages]) => {
              // Evaluated as the attacker's own script: it can name the windows, not reach into them.
              const target = (path: string) => path.split('.').reduce((w: any, key) => (key.startsWith('frames[') ? w.frames[Number(key.slice(7, -1))] : w[key]), window)
              for (const m of toHostMessages) target(host).postMessage(m, '*')
              for (const m of toViewMessages) target(view).postMessage(m, '*')
            },
            [toHost, toView, FORGED_VIEW_MESSAGES, FORGED_HOST_MESSAGES] as const,
          )
          return frame
        })

        await s.step('the forged messages were delivered to the host window and to the view', async () => {
          await untrustedDelivered(h, FORGED_VIEW_MESSAGES.length)
          if (forgesToView) {
            const view = await h.viewApp()
            await view.waitForFunction(
              (n) => (window as unknown as { testApp: TestAppApi }).testApp.raw.filter((m) => !m.trusted).length >= n,
              FORGED_HOST_MESSAGES.length,
            )
          }
        })

        await s.step('the host acted on none of them', async () => {
          // The real view may report a size change meanwhile; nothing else may have come in.
          const withoutSizes = ({ 'ui/notifications/size-changed': _, ...rest }: Record<string, number>) => rest
          expect(withoutSizes(await h.received())).toEqual(withoutSizes(before))
          const after = (await h.hostEvents()).slice(hostEventsBefore)
          expect(after.filter((event) => !['warning', 'sizechange', 'resized'].includes(event.kind))).toEqual([])
          expect(after.filter((event) => event.kind === 'sizechange' && (event.data as { height: number }).height === 3333)).toEqual([])
          expect(server.log.invocations).toEqual([])
          expect(session.calls).toEqual([])
          expect(await h.call('frame')).toMatchObject({ displayMode: null })
        })

        await s.step('the view acted on none of them', async () => {
          expect((await h.viewEvents()).map((event) => event.kind)).toEqual(['connected', 'toolinput', 'toolresult'])
          expect(await h.appearance()).toMatchObject({ theme: 'light' })
          expect(await (await h.viewFrame()).textContent('#result')).toBe('result: Weather in Rome: hot')
        })

        await s.step('no answer went to the attacker', async () => {
          if (attacker === 'host window itself') return
          expect(await attackerFrame.evaluate(() => (window as unknown as { inbox: unknown[] }).inbox)).toEqual([])
        })

        await s.step('the real view still works', async () => {
          expect(await h.run({ action: 'sendMessage', text: 'the real one' })).toMatchObject({ ok: true })
          const messages = await h.hostEvents('message')
          expect(messages.map((event) => event.data)).toEqual([{ role: 'user', content: [{ type: 'text', text: 'the real one' }] }])
        })
      } finally {
        await h.close()
        await session.close()
      }
    })
  }

  it('refuses sandbox-proxy notifications from the view', async () => {
    const s = new Scenario(`attack ${frameMode} › view spoofs the sandbox proxy`)
    const h = await s.step('mount', () => openHost(env(), s, { host: 'ours', view: 'ours', config: { frameMode } }))
    try {
      await s.step('handshake', () => h.waitHost('initialized'))
      const view = await h.viewApp()
      const srcdocBefore = await h.hostFrame.evaluate(() => document.querySelector('#views iframe')!.getAttribute('srcdoc')?.length ?? -1)
      await s.step('the view posts sandbox-resource-ready and sandbox-proxy-ready', async () => {
        await view.evaluate(() => {
          parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: { html: '<h1>pwned</h1>', sandbox: 'allow-scripts allow-same-origin allow-top-navigation' } }, '*')
          parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, '*')
        })
      })
      await s.step('the host refuses both, with a policy warning each', async () => {
        await h.waitHost('warning', 2)
        const warnings = (await h.hostEvents('warning')).map((event) => event.data as { code: string; message: string })
        expect(warnings).toEqual([
          { code: 'POLICY', message: 'Refused ui/notifications/sandbox-resource-ready from the view' },
          { code: 'POLICY', message: 'Refused ui/notifications/sandbox-proxy-ready from the view' },
        ])
      })
      await s.step('the frame, its sandbox and its document are unchanged', async () => {
        const frame = await h.hostFrame.evaluate(() => {
          const iframes = document.querySelectorAll('iframe')
          const iframe = iframes[0]!
          return { count: iframes.length, sandbox: iframe.getAttribute('sandbox'), srcdoc: iframe.getAttribute('srcdoc')?.length ?? -1 }
        })
        expect(frame).toEqual({ count: 1, sandbox: 'allow-scripts', srcdoc: srcdocBefore })
        expect(await view.textContent('h1')).toBe('Test view (ours)')
        expect(await h.run({ action: 'sendLog', text: 'still here' })).toMatchObject({ ok: true, value: true })
        expect((await h.waitHost('log')).data).toMatchObject({ data: 'still here' })
      })
    } finally {
      await h.close()
    }
  })

  it('keeps the view away from its parent and the top window', async () => {
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
          'own origin': 'returned null',
        })
        expect(h.page.url()).toBe(hostUrl)
        expect(await h.page.evaluate(() => 'testHost' in window)).toBe(true)
        expect(h.page.context().pages().filter((page) => page.url().includes('example.com'))).toEqual([])
      })
    } finally {
      await h.close()
    }
  })

  it('keeps a view that navigates its own frame away inside the CSP and off the bridge', async () => {
    const s = new Scenario(`attack ${frameMode} › view navigates its frame away`)
    const { declared, undeclaredOrigin } = env().servers
    // A page with no CSP of its own: if it ran in the frame it could reach any server, and, as
    // opaque as the view (origin "null"), it would pass the host's source and origin checks.
    declared.route(
      '/escape.html',
      html(
        `<!doctype html><title>escaped</title><script>
          fetch('${undeclaredOrigin}/escape/fetch').catch(() => {})
          parent.postMessage({ jsonrpc: '2.0', id: 77, method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'from the escaped page' }] } }, '*')
        </script>`,
      ),
    )
    const h = await s.step('mount', () => openHost(env(), s, { host: 'ours', view: 'ours', config: { frameMode } }))
    try {
      await s.step('handshake', () => h.waitHost('initialized'))
      const view = await h.viewApp()
      const target = declared.url('/escape.html')
      await s.step('the view navigates its own frame to a page on another server', async () => {
        const navigated = h.page.waitForEvent('framenavigated', { predicate: (frame) => frame === view && frame.url() !== 'about:srcdoc' })
        // The view's document goes away under this call; its result does not matter.
        await view.evaluate((url) => void (location.href = url), target).catch(() => {})
        await navigated
        await view.waitForLoadState('load')
      })
      await s.step('the browser refused to show the page: it never ran', async () => {
        expect(view.url()).not.toBe(target)
        expect(declared.hits.filter((hit) => hit.path === '/escape/fetch')).toEqual([])
        expect(await h.hostEvents('message')).toEqual([])
        expect((await h.received())['ui/message']).toBeUndefined()
      })
    } finally {
      await h.close()
    }
  })

  it('lets the CSP allow the declared domain and block everything else', async () => {
    const s = new Scenario(`attack ${frameMode} › CSP`)
    const { declared, undeclaredOrigin, host } = env().servers
    const declaredHits = () => declared.hits.filter((hit) => hit.path.startsWith('/csp/')).map((hit) => `${hit.host}${hit.path}`)
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
    } finally {
      await silent.close()
    }

    await s.step('only the allowed request ever reached a server', async () => {
      expect(declaredHits()).toEqual([`localhost:${declared.port}/csp/allowed`])
      expect(host.hits.filter((hit) => hit.path === '/mcp/steal')).toEqual([])
    })
  })

  it('never gives the frame a size that is not a size', async () => {
    const s = new Scenario(`attack ${frameMode} › bad sizes`)
    const h = await s.step('mount', () => openHost(env(), s, { host: 'ours', view: 'ours', config: { frameMode } }))
    try {
      await s.step('handshake', () => h.waitHost('initialized'))
      const view = await h.viewApp()
      const post = (params: unknown[]) =>
        view.evaluate((list) => {
          for (const p of list) parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: p }, '*')
        }, params)
      await s.step('NaN, infinite, negative and non-numeric sizes are dropped with a warning each', async () => {
        const before = (await h.hostEvents('sizechange')).length
        // page.evaluate cannot carry NaN/Infinity in JSON: build them in the view.
        await view.evaluate(() => {
          for (const p of [{ height: NaN }, { height: Infinity }, { height: -50 }, { width: -1, height: 10 }, { height: '400' }, { height: null }]) {
            parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: p }, '*')
          }
        })
        await h.waitHost('warning', 6)
        const warnings = (await h.hostEvents('warning')).map((event) => event.data as { code: string; message: string })
        expect(warnings.map((warning) => warning.code)).toEqual(Array(6).fill('MALFORMED'))
        expect(warnings.every((warning) => /size-changed/.test(warning.message))).toBe(true)
        expect((await h.hostEvents('sizechange')).length).toBe(before)
        const frame = (await h.call('frame'))!
        expect(Number.isFinite(frame.height) && frame.height >= 0).toBe(true)
      })
      await s.step('an oversized height is clamped to the container maximum', async () => {
        await post([{ height: 1e9, width: 1e9 }])
        await h.hostFrame.waitForFunction(() =>
          (window as unknown as { testHost: TestHostApi }).testHost.events.some((e) => e.kind === 'sizechange' && (e.data as { height: number }).height === 1e9),
        )
        expect((await h.call('frame'))!.height).toBe(1_500)
        expect((await h.call('frame'))!.width).toBe(600)
      })
      await s.step('a sane size after all that is applied', async () => {
        await post([{ height: 321 }])
        await h.hostFrame.waitForFunction(() =>
          (window as unknown as { testHost: TestHostApi }).testHost.events.some((e) => e.kind === 'resized' && (e.data as { height: number }).height === 321),
        )
        expect((await h.call('frame'))!.height).toBe(321)
      })
    } finally {
      await h.close()
    }
  })

  it('survives a message flood: every request answered once, limits applied, host responsive', async () => {
    const s = new Scenario(`attack ${frameMode} › message flood`)
    const h = await s.step('mount', () => openHost(env(), s, { host: 'ours', view: 'ours', config: { frameMode } }))
    const NOTIFICATIONS = 10_000
    const REQUESTS = 300
    try {
      await s.step('handshake', () => h.waitHost('initialized'))
      const view = await h.viewApp()
      await h.call('startLagMonitor')
      const started = Date.now()
      await s.step(`the view posts ${NOTIFICATIONS} size notifications and ${REQUESTS} ui/message requests`, () =>
        view.evaluate(
          ([notifications, requests]) => {
            const replies: unknown[] = []
            ;(window as unknown as { replies: unknown[] }).replies = replies
            addEventListener('message', (event) => {
              const data = event.data as { id?: number }
              if (event.source === parent && typeof data?.id === 'number' && data.id >= 1e6) replies.push(data)
            })
            for (let i = 0; i < notifications; i++) {
              parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { width: 600, height: 200 + (i % 100) } }, '*')
            }
            for (let i = 0; i < requests; i++) {
              parent.postMessage({ jsonrpc: '2.0', id: 1e6 + i, method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: `spam ${i}` }] } }, '*')
            }
          },
          [NOTIFICATIONS, REQUESTS] as const,
        ),
      )
      const replies = await s.step('every request gets exactly one answer', async () => {
        await view.waitForFunction((n) => (window as unknown as { replies: unknown[] }).replies.length >= n, REQUESTS)
        const all = await view.evaluate(() => (window as unknown as { replies: Array<{ id: number; result?: unknown; error?: { code: number; message: string } }> }).replies)
        expect(new Set(all.map((reply) => reply.id)).size).toBe(REQUESTS)
        expect(all.length).toBe(REQUESTS)
        return all
      }, 30_000)
      const elapsed = (Date.now() - started) / 1000
      const lag = await h.call('stopLagMonitor')
      await s.step('the rate limits held: a handful of actions reached the host, the rest were refused', async () => {
        const accepted = replies.filter((reply) => reply.result)
        const refused = replies.filter((reply) => reply.error)
        // actions: burst 10, then 1/s; size notifications: burst 240, then 120/s (DEFAULT_RATE_LIMITS).
        expect(accepted.length).toBeGreaterThanOrEqual(10)
        expect(accepted.length).toBeLessThanOrEqual(10 + Math.ceil(elapsed))
        expect(refused.every((reply) => reply.error!.code === -32000 && /Rate limit/.test(reply.error!.message))).toBe(true)
        expect((await h.hostEvents('message')).length).toBe(accepted.length)
        const sizes = (await h.hostEvents('sizechange')).length
        expect(sizes).toBeLessThanOrEqual(1 + 240 + Math.ceil(elapsed * 120))
        const warnings = (await h.hostEvents('warning')).filter((event) => /Rate limit/.test((event.data as { message: string }).message))
        // One warning per burst of 1,000 dropped notifications, not one per message.
        expect(warnings.length).toBeLessThanOrEqual(Math.ceil(NOTIFICATIONS / 1000))
      })
      await s.step('the host stayed responsive', async () => {
        // The view runs in its own process, so this is the host page handling 10,300 messages. The
        // bridge needs well under 10 µs a message (Node); the rest is the browser delivering them,
        // which a loaded 2-core machine stretches to seconds. The bounds are loose on purpose: they
        // catch a host that hangs or slows down per message (quadratic work, a warning per
        // message), not a slow machine.
        expect(lag, `longest host event-loop stall during the flood: ${Math.round(lag)} ms`).toBeLessThan(5_000)
        expect(elapsed, `flood handled in ${elapsed} s`).toBeLessThan(25)
        const start = Date.now()
        expect(await h.run({ action: 'updateModelContext', text: 'after the flood' })).toMatchObject({ ok: true })
        expect(Date.now() - start, 'a request right after the flood').toBeLessThan(2_000)
      })
      await s.step('an oversized message is refused without reaching a handler', async () => {
        const outcome = await view.evaluate(
          () =>
            new Promise<unknown>((resolve) => {
              addEventListener('message', (event) => {
                if ((event.data as { id?: unknown })?.id === 'huge') resolve(event.data)
              })
              parent.postMessage({ jsonrpc: '2.0', id: 'huge', method: 'ui/update-model-context', params: { content: [{ type: 'text', text: 'x'.repeat(5 * 1024 * 1024) }] } }, '*')
            }),
        )
        expect(outcome).toMatchObject({ id: 'huge', error: { code: -32600 } })
        const tooLarge = (await h.hostEvents('warning')).filter((event) => (event.data as { code: string }).code === 'TOO_LARGE')
        expect(tooLarge.length).toBe(1)
        expect(((await h.call('modelContext')) as { content: Array<{ text: string }> }).content[0]!.text).toBe('after the flood')
      })
    } finally {
      await h.close()
    }
  })
})
