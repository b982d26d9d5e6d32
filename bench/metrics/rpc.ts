/**
 * RPC throughput: the view calls `tools/call` 5,000 times per repetition and the host answers
 * each with the same small result; 1 and 64 calls in flight. Timed in the view, the caller.
 *
 * One page per implementation stays open (view mounted, 500 unmeasured calls first). Each
 * repetition's 5,000 calls run as 5 chunks of 1,000, alternating implementations chunk by chunk,
 * so that a burst of load from elsewhere on the 2 cores lands on all of them alike.
 *
 * Wall-clock throughput on a shared machine moves with everyone else's load, so the CPU time the
 * Chromium processes spent per call is recorded too (CDP SystemInfo.getProcessInfo, read around
 * each chunk while the other pages sit idle): it says which side a gap comes from.
 */
import { IMPLEMENTATIONS, type Implementation } from '../impl/ports.js'
import { rendererOf, type Browser } from '../lib/chromium.js'
import { openPerImplementation } from '../lib/pages.js'
import { emptySeries, interleave, oursRatio, row, type Row, type Series, type Verdict } from '../lib/runner.js'
import { CONFIG, TARGETS } from '../config.js'
import type { MetricContext, MetricResult } from './types.js'

const CHUNKS = 5

interface Chunk {
  ms: number
  errors: number
  firstError?: string
  /** CPU seconds in this chunk: the host page's renderer, the view's renderer, all Chromium processes. */
  cpu: { host: number; view: number; all: number }
}

export async function measureRpc({ browser, url, log }: MetricContext): Promise<MetricResult> {
  const { calls, warmup, concurrency } = CONFIG.rpc
  const chunk = Math.ceil(calls / CHUNKS)
  const rows: Row[] = []
  const verdicts: Verdict[] = []
  const notes: string[] = []
  const raw: Record<string, unknown> = {}
  for (const inFlight of concurrency) {
    log(` ${inFlight} in flight`)
    const pids = {} as Record<Implementation, { host: number; view: number }>
    const pages = await openPerImplementation(browser, url, async ({ page }, impl) => {
      await page.evaluate((i) => window.bench.open(i), impl)
      await page.evaluate(([n, c]) => window.bench.rpc(n, c), [warmup, inFlight] as const)
      const frame = page.frames().find((candidate) => candidate !== page.mainFrame())!
      pids[impl] = { host: await rendererOf(browser, page), view: await rendererOf(browser, frame) }
    })
    const chunks = await interleave(CONFIG.reps * CHUNKS, async (impl): Promise<Chunk> => {
      const before = await browser.cpuTimes()
      const result = await pages[impl].page.evaluate(([n, c]) => window.bench.rpc(n, c), [chunk, inFlight] as const)
      return { ...result, cpu: cpuSpent(before, await browser.cpuTimes(), pids[impl]) }
    })
    await pages.closeAll()

    const perRep = (impl: Implementation, value: (chunks: Chunk[]) => number) =>
      Array.from({ length: CONFIG.reps }, (_, rep) => value(chunks[impl].slice(rep * CHUNKS, (rep + 1) * CHUNKS)))
    const sum = (list: Chunk[], pick: (c: Chunk) => number) => list.reduce((total, c) => total + pick(c), 0)
    const series = (value: (chunks: Chunk[]) => number): Series => {
      const result = emptySeries()
      for (const impl of IMPLEMENTATIONS) result[impl] = perRep(impl, value)
      return result
    }
    const throughput = row(`tools/call, ${inFlight} in flight`, 'calls/s', 'higher', series((list) => (chunk * list.length * 1000) / sum(list, (c) => c.ms)))
    const microsPerCall = (pick: (c: Chunk) => number) => series((list) => (sum(list, pick) * 1e6) / (chunk * list.length))
    const cpuAll = row(`  CPU per call, ${inFlight} in flight: all Chromium processes`, 'µs', 'lower', microsPerCall((c) => c.cpu.all))
    rows.push(
      throughput,
      row(`  CPU per call, ${inFlight} in flight: host page process`, 'µs', 'lower', microsPerCall((c) => c.cpu.host)),
      row(`  CPU per call, ${inFlight} in flight: view process`, 'µs', 'lower', microsPerCall((c) => c.cpu.view)),
      cpuAll,
    )
    raw[`inFlight${inFlight}`] = { pids, chunks }
    for (const impl of IMPLEMENTATIONS) {
      const failed = chunks[impl].filter((c) => c.errors > 0)
      if (failed.length) notes.push(`${impl}, ${inFlight} in flight: ${sum(failed, (c) => c.errors)} calls failed (first: ${failed[0]!.firstError}).`)
    }
    const failed = chunks.ours.some((c) => c.errors > 0)
    const ours = oursRatio(throughput)
    verdicts.push({
      target: `RPC throughput (${inFlight} in flight) ≥ ${TARGETS.rpcRatio}× raw`,
      measured: `${ours.median.toFixed(2)}× (${ours.min.toFixed(2)}–${ours.max.toFixed(2)})${failed ? ', with failed calls' : ''}`,
      pass: !failed && ours.median >= TARGETS.rpcRatio,
    })
    const cpu = oursRatio(cpuAll)
    verdicts.push({
      target: `RPC CPU per call (${inFlight} in flight) ≤ ${TARGETS.rpcCpuRatio}× raw, what ${TARGETS.rpcRatio}× throughput needs when CPU-bound`,
      measured: `${cpu.median.toFixed(2)}× (${cpu.min.toFixed(2)}–${cpu.max.toFixed(2)})`,
      pass: cpu.median <= TARGETS.rpcCpuRatio,
    })
  }
  return {
    id: 'rpc',
    title: 'RPC throughput',
    method: `${chunk * CHUNKS} \`tools/call\` per repetition from the view, answered by the host, timed in the view; calls per second. One page per implementation (view mounted once, ${warmup} unmeasured calls first); each repetition runs ${CHUNKS} chunks of ${chunk} calls, alternating implementations chunk by chunk. CPU per call: CPU time of the host page's renderer, the view's renderer (each found by running a busy loop in it), and all Chromium processes (browser process included: it relays every cross-process message), read with CDP SystemInfo.getProcessInfo around each chunk (10 ms resolution). Our host's rate limits and concurrent-call cap are raised to this load (the defaults, 20 calls/s and 16 in flight, are a policy against hostile views).`,
    rows,
    verdicts,
    notes,
    raw,
  }
}

function cpuSpent(before: Awaited<ReturnType<Browser['cpuTimes']>>, after: typeof before, pids: { host: number; view: number }): Chunk['cpu'] {
  const delta = (pid: number) => (after.get(pid)?.cpuTime ?? 0) - (before.get(pid)?.cpuTime ?? 0)
  let all = 0
  for (const pid of after.keys()) all += delta(pid)
  return { host: delta(pids.host), view: delta(pids.view), all }
}
