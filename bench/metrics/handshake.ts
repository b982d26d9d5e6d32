/**
 * Handshake: from inserting the sandboxed srcdoc iframe to (a) the host seeing
 * `ui/notifications/initialized` and (b) the view signalling that it rendered the first tool
 * result. 50 frames per implementation and condition (5 repetitions × 10), interleaved frame by
 * frame in a rotating order. Cold: every frame starts a new sandboxed renderer process (Chromium
 * isolates sandboxed frames in their own process and ends it with the last one). Warm: a
 * bridge-less sandboxed frame keeps that process alive, after one unrecorded round.
 */
import { IMPLEMENTATIONS, type Implementation } from '../impl/ports.js'
import { openPage } from '../lib/chromium.js'
import { emptySeries, oursRatio, row, type Row, type Series, type Verdict } from '../lib/runner.js'
import { median } from '../lib/stats.js'
import { CONFIG, TARGETS } from '../config.js'
import type { MetricContext, MetricResult } from './types.js'

type Frames = Record<Implementation, { initialized: number[]; rendered: number[] }>

export async function measureHandshake({ browser, url, log }: MetricContext): Promise<MetricResult> {
  const { frames, coldGapMs, warmGapMs } = CONFIG.handshake
  const conditions = [
    { name: 'cold', cold: true, gapMs: coldGapMs },
    { name: 'warm', cold: false, gapMs: warmGapMs },
  ] as const
  const perRep = Object.fromEntries(conditions.map(({ name }) => [name, { initialized: emptySeries(), rendered: emptySeries() }])) as Record<
    'cold' | 'warm',
    { initialized: Series; rendered: Series }
  >
  const all: Record<string, Frames[]> = { cold: [], warm: [] }
  const order: Implementation[] = [...IMPLEMENTATIONS]
  for (let rep = 0; rep < CONFIG.reps; rep++) {
    for (const { name, cold, gapMs } of conditions) {
      const started = Date.now()
      const page = await openPage(browser, url)
      const result = (await page.page.evaluate(
        ([order, count, isCold, gap]) => window.bench.handshakes(order, count, isCold, gap),
        [order, frames, cold, gapMs] as const,
      )) as Frames
      await page.close()
      all[name]!.push(result)
      for (const impl of IMPLEMENTATIONS) {
        perRep[name].initialized[impl].push(median(result[impl].initialized))
        perRep[name].rendered[impl].push(median(result[impl].rendered))
      }
      log(`  rep ${rep + 1}/${CONFIG.reps} ${name}: ${frames} frames × ${order.length} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
    }
  }
  const rows: Row[] = []
  const verdicts: Verdict[] = []
  for (const { name } of conditions) {
    for (const [phase, label] of [
      ['initialized', 'insertion → host sees initialized'],
      ['rendered', 'insertion → first tool result rendered'],
    ] as const) {
      const r = row(`${name === 'cold' ? 'Cold' : 'Warm'} renderer: ${label}`, 'ms', 'lower', perRep[name][phase])
      rows.push(r)
      const ours = oursRatio(r)
      verdicts.push({
        target: `Handshake (${name}, ${phase}) ≤ ${TARGETS.handshakeRatio}× raw`,
        measured: `${ours.median.toFixed(2)}× (${ours.min.toFixed(2)}–${ours.max.toFixed(2)})`,
        pass: ours.median <= TARGETS.handshakeRatio,
      })
    }
  }
  const pooled = (name: 'cold' | 'warm', impl: Implementation) => all[name]!.flatMap((rep) => rep[impl].rendered)
  const notes = (['cold', 'warm'] as const).map(
    (name) =>
      `${name}: median over all ${pooled(name, 'ours').length} frames, insertion → rendered: ` +
      IMPLEMENTATIONS.map((impl) => `${impl} ${median(pooled(name, impl)).toFixed(1)} ms`).join(', ') +
      '.',
  )
  return {
    id: 'handshake',
    title: 'Handshake',
    method: `Figures are the median over repetitions of each repetition's median frame (${frames} frames per implementation per repetition, interleaved frame by frame in an order that rotates every round; ${CONFIG.reps * frames} frames in all). Cold: no other sandboxed frame alive and ${coldGapMs} ms after each removal, so each frame starts a fresh renderer process. Warm: a bridge-less sandboxed frame keeps that process alive. The host sends the tool input and result when initialized; "rendered" is when the view's signal that it rendered the result reaches the host page.`,
    rows,
    verdicts,
    notes,
    raw: all,
  }
}
