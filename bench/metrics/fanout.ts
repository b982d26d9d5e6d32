/**
 * Host-context fan-out: bursts of 2,000 single-field updates (`containerDimensions`) of a ~4 KB
 * context, timed from the first update to the view seeing the last; the bytes each update puts on
 * the wire; and whether a no-op update sends anything. One page per implementation, view mounted
 * once, one unmeasured burst first, then one burst per implementation per repetition.
 */
import { HOST_CONTEXT } from '../impl/fixtures.js'
import { IMPLEMENTATIONS, type Implementation } from '../impl/ports.js'
import { openPerImplementation } from '../lib/pages.js'
import { emptySeries, interleave, row, type Verdict } from '../lib/runner.js'
import { median } from '../lib/stats.js'
import { CONFIG } from '../config.js'
import type { MetricContext, MetricResult } from './types.js'

type Probe = Array<{ bytes: number; keys: string[] }>

export async function measureFanout({ browser, url, log }: MetricContext): Promise<MetricResult> {
  const { updates, warmup } = CONFIG.fanout
  const probes = {} as Record<Implementation, Probe>
  const pages = await openPerImplementation(browser, url, async ({ page }, impl) => {
    await page.evaluate((i) => window.bench.open(i), impl)
    probes[impl] = await page.evaluate(() => window.bench.probe())
    await page.evaluate((n) => window.bench.burst(n), warmup)
  })
  const runs = await interleave(CONFIG.reps, (impl) => pages[impl].page.evaluate((n) => window.bench.burst(n), updates), log)
  await pages.closeAll()

  const contextBytes = Buffer.byteLength(JSON.stringify(HOST_CONTEXT))
  const time = emptySeries()
  const bytes = emptySeries()
  const notes: string[] = [`The full context is ${contextBytes} bytes of JSON.`]
  for (const impl of IMPLEMENTATIONS) {
    time[impl] = runs[impl].map((run) => run.ms)
    const probe = probes[impl]
    bytes[impl] = [probe.reduce((sum, message) => sum + message.bytes, 0) / Math.max(probe.length, 1)]
    const lost = runs[impl].filter((run) => run.changes !== updates).map((run) => run.changes)
    notes.push(
      `${impl}: 3 updates each followed by a no-op put ${probe.length} messages on the wire, with keys ${JSON.stringify(probe.map((message) => message.keys))}; ` +
        `${((median(time[impl]) * 1000) / updates).toFixed(0)} µs per update in the burst` +
        (lost.length ? `; the view saw ${lost.join(', ')} changes instead of ${updates}` : '') +
        '.',
    )
  }
  const ours = probes.ours
  const verdicts: Verdict[] = [
    {
      target: 'One update sends only the changed key',
      measured: JSON.stringify(ours.map((message) => message.keys)),
      pass: ours.length > 0 && ours.every((message) => message.keys.length === 1 && message.keys[0] === 'containerDimensions'),
    },
    { target: 'A no-op update sends nothing', measured: `${ours.length} messages for 3 updates + 3 no-ops`, pass: ours.length === 3 },
  ]
  return {
    id: 'fanout',
    title: 'Host-context fan-out',
    method: `${updates} single-field updates of a ${contextBytes}-byte context in one synchronous burst, timed from the first update to the view's signal that it saw the last (one page per implementation, one unmeasured burst of ${warmup} first). Bytes: the JSON of each \`host-context-changed\` message the view received, from a probe of 3 updates each followed by the same update again.`,
    rows: [row(`${updates} updates: first update → view sees the last`, 'ms', 'lower', time), row('Bytes per update (JSON on the wire)', 'bytes', 'lower', bytes)],
    verdicts,
    notes,
    raw: { runs, probes },
  }
}
