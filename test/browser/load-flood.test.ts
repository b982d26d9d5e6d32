/**
 * Load, in a real browser: a view floods its host (default limits) with 10,000 each of
 * `ui/message`, `tools/call`, `notifications/message` and `ui/notifications/size-changed`.
 *
 * What must hold: every request is answered once, the excess with a clear JSON-RPC error
 * (-32000 and the limit's name); what reaches the host's handlers stays within the token buckets
 * of `DEFAULT_RATE_LIMITS` and the `maxConcurrentCalls` cap; nothing the host holds grows with the
 * flood (calls in flight never pass the cap, no ping times out, pending requests and calls in flight
 * return to zero); the host page's
 * heap returns to its baseline; and, through a srcdoc frame, the host answers pings within 100 ms
 * (90th percentile) while the flood is on (why not through the proxy: see the end of the test).
 *
 * The flood is paced: PER_TASK of each kind every GAP_MS, 2,000 messages a second, which is 500
 * times the actions limit, 25 times the calls limit and 4 times the notifications limit. Paced,
 * because a view posting as fast as it can outruns Chromium itself, not the bridge: on the 2-core
 * machine a page with no bridge at all, one empty `message` listener, answers a ping in about a
 * second while a frame posts 40,000 messages unpaced (the browser delivers each message as its
 * own task, and a timer or a ping answer waits behind all of them). What a library can promise is
 * that its own work keeps up with traffic the browser can carry.
 *
 * Latency is measured on a quiet machine: `npm run test:browser` runs this file on its own, after
 * the other browser files. Next to another file's browser on the 2-core machine the same flood's
 * ping p90 was 76–112 ms (alone: 12–14 ms), which measures the neighbour, not the bridge.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FRAME_MODES, useEnv } from './harness/env.js'
import { Scenario } from './harness/steps.js'
import { openHardening } from './hardening-env.js'

const env = useEnv({ beforeAll, afterAll })
const EACH = 10_000
const PER_TASK = 10
const GAP_MS = 20
/** DEFAULT_RATE_LIMITS and the default maxConcurrentCalls (src/host/rate-limit.ts, view-requests.ts). */
const ACTIONS = { burst: 10, perSecond: 1 }
const CALLS = { burst: 100, perSecond: 20 }
const NOTIFICATIONS = { burst: 240, perSecond: 120 }
const MAX_CONCURRENT_CALLS = 16
/** The ping criterion (srcdoc frame): the 90th percentile of round trips sent during the flood. */
const PING_P90_MS = 100
/** Heap after the flood and a full GC may exceed the baseline by this much (40,000 messages: under 7 bytes each). */
const HEAP_TOLERANCE = 256 * 1024

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN
}

describe.each(FRAME_MODES)('load (%s frame)', (frameMode) => {
  it(`survives ${EACH} each of ui/message, tools/call, logging and size-changed under the default limits`, async () => {
    const s = new Scenario(`load ${frameMode}`)
    const h = await s.step('mount', () => openHardening(env(), s, { mount: { frameMode } }))
    try {
      const view = await h.view()
      await s.step('handshake', async () => expect(await h.host.ready()).toEqual({ ok: true }))
      // A small flood first, so that code compiled and structures made on first use are in the baseline.
      await s.step('warm-up', () => view.flood(20, 10, GAP_MS))
      await h.host.resetCounts()
      const baseline = await h.heap()

      await h.host.startPings(50)
      const flood = await s.step('flood', () => view.flood(EACH, PER_TASK, GAP_MS), 50_000)
      const pings = await h.host.stopPings()
      const state = await h.host.state()
      const seconds = (flood.settledAt - flood.startedAt) / 1000
      const during = pings.done.filter((ping) => ping.sentAt >= flood.startedAt && ping.sentAt <= flood.postedAt).map((ping) => ping.rtt)
      const delivered = (state.counts.log ?? 0) + (state.counts.sizechange ?? 0)
      const figures = {
        seconds,
        accepted: { message: flood.tallies.message.ok, callTool: flood.tallies.callTool.ok, notifications: delivered },
        pings: { during: during.length, p50: percentile(during, 0.5), p90: percentile(during, 0.9), max: Math.max(...during), failures: pings.failures.length },
        maxTickGap: pings.maxTickGap,
        maxPending: pings.maxPending,
        maxCallsInFlight: state.maxCallsInFlight,
      }
      console.log(`load ${frameMode}: ${JSON.stringify(figures)}`)

      await s.step('every request was answered once: accepted, or refused with -32000 naming the limit', () => {
        const { message, callTool } = flood.tallies
        expect(message.ok + Object.values(message.refused).reduce((a, b) => a + b, 0)).toBe(EACH)
        expect(callTool.ok + Object.values(callTool.refused).reduce((a, b) => a + b, 0)).toBe(EACH)
        // The view reads -32000 as DENIED (errors.ts); the message says which limit refused it.
        expect(Object.keys(message.refused)).toEqual(['DENIED -32000: ui/message: rate limited'])
        const callLimits = ['DENIED -32000: tools/call: rate limited', `DENIED -32000: tools/call: ${MAX_CONCURRENT_CALLS} calls in flight`]
        for (const key of Object.keys(callTool.refused)) expect(callLimits).toContain(key)
        expect(callTool.refused['DENIED -32000: tools/call: rate limited']).toBeGreaterThan(EACH / 2)
      })

      await s.step('what reached the host stayed within the token buckets and the concurrency cap', () => {
        const allowed = (limit: { burst: number; perSecond: number }) => limit.burst + Math.ceil(seconds * limit.perSecond)
        expect(flood.tallies.message.ok).toBeGreaterThanOrEqual(1)
        expect(flood.tallies.message.ok).toBeLessThanOrEqual(allowed(ACTIONS))
        expect(state.counts.message).toBe(flood.tallies.message.ok)
        expect(flood.tallies.callTool.ok).toBeGreaterThanOrEqual(1)
        expect(flood.tallies.callTool.ok).toBeLessThanOrEqual(allowed(CALLS))
        expect(state.counts.callTool).toBe(flood.tallies.callTool.ok)
        expect(flood.notificationsSent).toBe(2 * EACH)
        // Each notification method has its own bucket; the latest one dropped is delivered a second later.
        for (const kind of ['log', 'sizechange']) {
          expect(state.counts[kind]).toBeGreaterThanOrEqual(1)
          expect(state.counts[kind]).toBeLessThanOrEqual(allowed(NOTIFICATIONS) + 1)
        }
        // Dropped notifications are reported once per 1,000, not once each. A drop can still be
        // delivered (the latest one, a second later: at most one per method and second), so the
        // drops are at most what was not delivered plus those late deliveries.
        const lateAtMost = 2 * Math.ceil(seconds + 1)
        expect(state.counts.rateLimitWarning).toBeLessThanOrEqual(Math.ceil((2 * EACH - delivered + lateAtMost) / 1000))
      })

      await s.step('nothing queued grew: no call over the cap, every ping answered, nothing left pending after', () => {
        expect(state.maxCallsInFlight).toBeLessThanOrEqual(MAX_CONCURRENT_CALLS)
        // Each ping has 10 s: none timing out means the host never waited on more than 10 s of pings.
        expect(pings.failures).toEqual([])
        expect(state).toMatchObject({ pending: 0, callsInFlight: 0, closed: false, initialized: true, listenedFrames: 1, frameConnected: true })
      })

      if (frameMode === 'srcdoc') {
        await s.step(`the host stayed responsive: 90% of the pings sent during the flood answered within ${PING_P90_MS} ms`, () => {
          // At least 100 pings (one every 50 ms over 20 s of flood), so the percentile is the flood's, not a few lucky ones.
          expect(during.length, JSON.stringify(figures)).toBeGreaterThanOrEqual(100)
          expect(percentile(during, 0.9), JSON.stringify(figures)).toBeLessThanOrEqual(PING_P90_MS)
          // 50 ms between pings: more than 10 outstanding would mean they pile up behind the flood.
          expect(pings.maxPending).toBeLessThanOrEqual(10)
        })
      }
      // Not in proxy mode: every message then crosses one more process, the proxy page, which
      // deserializes and posts it again, and on 2 cores that relay falls behind 2,000 messages a
      // second (measured on a busy 2-core machine: ping p90 0.3 to 2.7 s, while the same flood through a
      // srcdoc frame gives p90 20 to 60 ms). The ping then waits in the proxy's queue, not the host's.

      await s.step('memory returned to the baseline', async () => {
        const after = await h.heap()
        expect(after - baseline, `heap ${baseline} → ${after} bytes`).toBeLessThanOrEqual(HEAP_TOLERANCE)
        console.log(`load ${frameMode}: heap ${baseline} → ${after} bytes`)
      })
    } finally {
      await h.close()
    }
  }, 60_000)
})
