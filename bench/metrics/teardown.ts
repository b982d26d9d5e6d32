/**
 * Teardown and memory: 200 create → handshake → teardown cycles per implementation and mode.
 * `close`: the host tears the bridge down, then removes the iframe. `forget`: the host only
 * removes the iframe; a host must not leak even then (the bridge has to notice the frame is gone).
 *
 * One page per implementation and mode, with a bridge-less sandboxed frame keeping the renderer
 * process warm (so 1,200 cycles fit the time budget). After 10 unmeasured cycles, the 200 cycles
 * run as 5 repetitions of 40, alternating implementations; after each, a settle time for the host
 * to notice removed frames, forced GC, then the heap (growth per cycle over that repetition) and
 * the `message` listeners on the host window (minus the harness's own).
 *
 * Then a long chat: the host page's heap per view while many views are open at once.
 */
import { IMPLEMENTATIONS, type Implementation } from '../impl/ports.js'
import { collectGarbage, heapUsed, messageListeners, type BenchPage } from '../lib/chromium.js'
import { openPerImplementation } from '../lib/pages.js'
import { emptySeries, interleave, oursIn, row, type Row, type Verdict } from '../lib/runner.js'
import { CONFIG, KB, TARGETS } from '../config.js'
import type { MetricContext, MetricResult } from './types.js'

export async function measureTeardown({ browser, url, log }: MetricContext): Promise<MetricResult> {
  const { cycles, warmupCycles, settleMs, liveViews } = CONFIG.teardown
  const perRep = Math.ceil(cycles / CONFIG.reps)
  const rows: Row[] = []
  const verdicts: Verdict[] = []
  const notes: string[] = []
  const raw: Record<string, unknown> = {}

  /** Settle, GC, then the heap and the listeners beyond the harness's own. */
  const reading = async ({ page, cdp }: BenchPage, baseline: number) => {
    await page.evaluate((ms) => window.bench.sleep(ms), settleMs)
    await collectGarbage(cdp)
    return { heap: await heapUsed(cdp), listeners: (await messageListeners(cdp)) - baseline }
  }

  for (const mode of ['close', 'forget'] as const) {
    log(` mode ${mode}`)
    const baseline = {} as Record<Implementation, number>
    const last = {} as Record<Implementation, { heap: number; listeners: number }>
    const pages = await openPerImplementation(browser, url, async (page, impl) => {
      await page.page.evaluate(() => window.bench.keepWarm())
      baseline[impl] = await messageListeners(page.cdp)
      await page.page.evaluate(([i, n, m]) => window.bench.cycles(i, n, m), [impl, warmupCycles, mode] as const)
      last[impl] = await reading(page, baseline[impl])
    })
    const readings = await interleave(
      CONFIG.reps,
      async (impl) => {
        const started = Date.now()
        await pages[impl].page.evaluate(([i, n, m]) => window.bench.cycles(i, n, m), [impl, perRep, mode] as const)
        const cyclesMs = Date.now() - started
        const now = await reading(pages[impl], baseline[impl])
        const perCycle = (now.heap - last[impl].heap) / perRep
        last[impl] = now
        return { ...now, perCycle, cyclesMs }
      },
      log,
    )
    await pages.closeAll()
    raw[mode] = readings

    const growth = emptySeries()
    const listeners = emptySeries()
    for (const impl of IMPLEMENTATIONS) {
      growth[impl] = readings[impl].map((reading) => reading.perCycle)
      listeners[impl] = [readings[impl].at(-1)!.listeners]
    }
    const listenerRow = row(`${mode}: message listeners left after ${perRep * CONFIG.reps} cycles`, 'listeners', 'lower', listeners, false)
    const growthRow = row(`${mode}: heap growth per cycle`, 'bytes', 'lower', growth, false)
    rows.push(listenerRow, growthRow)
    notes.push(
      `${mode}: listeners after each repetition of ${perRep} cycles: ` +
        IMPLEMENTATIONS.map((impl) => `${impl} ${readings[impl].map((reading) => reading.listeners).join(', ')}`).join('; ') +
        '.',
    )
    const ours = oursIn(growthRow)
    const left = oursIn(listenerRow).median
    verdicts.push(
      { target: `Zero listeners left (${mode})`, measured: String(left), pass: left === 0 },
      {
        target: `No heap growth per cycle beyond noise (${mode}, ≤ ${TARGETS.heapBytesPerCycle / KB} KB/cycle)`,
        measured: `${ours.median.toFixed(0)} B/cycle (${ours.min.toFixed(0)}–${ours.max.toFixed(0)})`,
        pass: ours.median <= TARGETS.heapBytesPerCycle,
      },
    )
  }
  // A long chat: the host page's heap per view while `liveViews` are open at once, after a warm-up
  // round (each repetition reads the heap before mounting them and while they are open).
  log(` live views (${liveViews} at once)`)
  const pages = await openPerImplementation(browser, url, async ({ page }, impl) => {
    await page.evaluate(() => window.bench.keepWarm())
    await page.evaluate(([i, n]) => window.bench.live(i, n), [impl, liveViews] as const)
    await page.evaluate(() => window.bench.endLive())
  })
  const perView = await interleave(
    CONFIG.reps,
    async (impl) => {
      const { page, cdp } = pages[impl]
      await collectGarbage(cdp)
      const before = await heapUsed(cdp)
      await page.evaluate(([i, n]) => window.bench.live(i, n), [impl, liveViews] as const)
      await collectGarbage(cdp)
      const open = await heapUsed(cdp)
      await page.evaluate(() => window.bench.endLive())
      return (open - before) / liveViews
    },
    log,
  )
  await pages.closeAll()
  raw.live = perView
  rows.push(row(`live: host-page heap per view, ${liveViews} open at once`, 'bytes', 'lower', perView))

  return {
    id: 'teardown',
    title: 'Teardown and memory',
    method: `${perRep * CONFIG.reps} create → handshake → teardown cycles per implementation and mode, as ${CONFIG.reps} repetitions of ${perRep} alternating implementations (after ${warmupCycles} unmeasured cycles). After each repetition: ${settleMs} ms for the host to notice removed frames, forced GC (CDP HeapProfiler.collectGarbage, twice), heap (Runtime.getHeapUsage) and the \`message\` listeners on the host window (DOMDebugger.getEventListeners, minus the harness's own). close: teardown, then remove the iframe; forget: remove the iframe only. A bridge-less sandboxed frame keeps the renderer process warm. live: ${liveViews} views mounted at once (each rendered its tool result), after one unmeasured round; per repetition, the heap after forced GC before mounting them and while they are open, divided by ${liveViews}; then each is torn down.`,
    rows,
    verdicts,
    notes,
    raw,
  }
}
