/**
 * Limits, in a real browser: sizes that are not sizes (NaN, infinite, negative, non-numeric,
 * oversized) never reach the frame, and a message flood is answered request by request within
 * the rate limits while the host stays responsive.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FRAME_MODES, openHost, useEnv } from './harness/env.js'
import { Scenario } from './harness/steps.js'
import type { TestHostApi } from './pages/contract.js'

const env = useEnv({ beforeAll, afterAll })

describe.each(FRAME_MODES)('limits (%s frame)', (frameMode) => {
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
            const collect = (event: MessageEvent) => {
              const data = event.data as { id?: number }
              if (typeof data?.id === 'number' && data.id >= 1e6) replies.push(data)
            }
            addEventListener('message', (event) => event.source === parent && collect(event))
            // Our host answers on the view's channel (a MessagePort) once the view moved to it.
            for (const port of (window as unknown as { bridgePorts?: MessagePort[] }).bridgePorts ?? []) port.addEventListener('message', collect)
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
        expect(refused.every((reply) => reply.error!.code === -32000 && /: rate limited$/.test(reply.error!.message))).toBe(true)
        expect((await h.hostEvents('message')).length).toBe(accepted.length)
        const sizes = (await h.hostEvents('sizechange')).length
        expect(sizes).toBeLessThanOrEqual(1 + 240 + Math.ceil(elapsed * 120))
        const warnings = (await h.hostEvents('warning')).filter((event) => /: rate limited: dropped$/.test((event.data as { message: string }).message))
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
              const answer = (event: MessageEvent) => (event.data as { id?: unknown })?.id === 'huge' && resolve(event.data)
              addEventListener('message', answer)
              for (const port of (window as unknown as { bridgePorts?: MessagePort[] }).bridgePorts ?? []) port.addEventListener('message', answer)
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
