/**
 * RPC throughput: the view calls `tools/call` 5,000 times per repetition and the host answers
 * each with the same small result; 1 and 64 calls in flight. Timed in the view, the caller.
 *
 * One page per implementation stays open (view mounted, 500 unmeasured calls first). Each
 * repetition's 5,000 calls run as 5 chunks of 1,000, alternating implementations chunk by chunk,
 * so that a burst of load from elsewhere on the 2 cores lands on all three alike.
 */
import { IMPLEMENTATIONS } from '../impl/ports.js'
import { openPerImplementation } from '../lib/pages.js'
import { emptySeries, interleave, row, type Row, type Verdict } from '../lib/runner.js'
import { CONFIG, TARGETS } from '../config.js'
import type { MetricContext, MetricResult } from './types.js'

const CHUNKS = 5

export async function measureRpc({ browser, url, log }: MetricContext): Promise<MetricResult> {
  const { calls, warmup, concurrency } = CONFIG.rpc
  const chunk = Math.ceil(calls / CHUNKS)
  const rows: Row[] = []
  const verdicts: Verdict[] = []
  const notes: string[] = []
  const raw: Record<string, unknown> = {}
  for (const inFlight of concurrency) {
    log(` ${inFlight} in flight`)
    const pages = await openPerImplementation(browser, url, async ({ page }, impl) => {
      await page.evaluate((i) => window.bench.open(i), impl)
      await page.evaluate(([n, c]) => window.bench.rpc(n, c), [warmup, inFlight] as const)
    })
    const chunks = await interleave(CONFIG.reps * CHUNKS, (impl) => pages[impl].page.evaluate(([n, c]) => window.bench.rpc(n, c), [chunk, inFlight] as const))
    await pages.closeAll()
    const series = emptySeries()
    for (const impl of IMPLEMENTATIONS) {
      for (let rep = 0; rep < CONFIG.reps; rep++) {
        const mine = chunks[impl].slice(rep * CHUNKS, (rep + 1) * CHUNKS)
        series[impl].push((chunk * CHUNKS * 1000) / mine.reduce((sum, run) => sum + run.ms, 0))
      }
      const failed = chunks[impl].filter((run) => run.errors > 0)
      if (failed.length) notes.push(`${impl}, ${inFlight} in flight: ${failed.reduce((sum, run) => sum + run.errors, 0)} calls failed (first: ${failed[0]!.firstError}).`)
    }
    const r = row(`tools/call, ${inFlight} in flight`, 'calls/s', 'higher', series)
    rows.push(r)
    raw[`inFlight${inFlight}`] = chunks
    const failed = chunks.ours.some((run) => run.errors > 0)
    verdicts.push({
      target: `RPC throughput (${inFlight} in flight) ≥ ${TARGETS.rpcRatio}× raw`,
      measured: `${r.ratios!.ours.median.toFixed(2)}× (${r.ratios!.ours.min.toFixed(2)}–${r.ratios!.ours.max.toFixed(2)})${failed ? ', with failed calls' : ''}`,
      pass: !failed && r.ratios!.ours.median >= TARGETS.rpcRatio,
    })
  }
  return {
    id: 'rpc',
    title: 'RPC throughput',
    method: `${chunk * CHUNKS} \`tools/call\` per repetition from the view, answered by the host, timed in the view; calls per second. One page per implementation (view mounted once, ${warmup} unmeasured calls first); each repetition runs ${CHUNKS} chunks of ${chunk} calls, alternating implementations chunk by chunk. Our host's rate limits and concurrent-call cap are raised to this load (the defaults, 20 calls/s and 16 in flight, are a policy against hostile views).`,
    rows,
    verdicts,
    notes,
    raw,
  }
}
