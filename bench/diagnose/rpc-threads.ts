/**
 * Diagnostic, not part of `npm run bench`: where a `tools/call` spends its CPU, per thread of the
 * host page's and the view's renderer processes, for every implementation.
 *
 *   npx tsx bench/diagnose/rpc-threads.ts [calls=8000] [inFlight=64] [reps=3]
 *
 * Wall time on a shared 2-core machine moves with everyone else's load; CPU time per thread (from
 * /proc, Linux only) barely does, so it can compare a change against its parent commit within a
 * few µs per call. Run it before and after a change to the session, the transports or the bridges.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { IMPLEMENTATIONS, type Implementation } from '../impl/ports.js'
import { ensureChromium, launch, rendererOf } from '../lib/chromium.js'
import { buildPageFiles } from '../lib/page-files.js'
import { openPerImplementation } from '../lib/pages.js'
import { serve } from '../lib/server.js'

const [calls = 8000, inFlight = 64, reps = 3] = process.argv.slice(2).map(Number)
/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS = 100

/** CPU seconds by thread name (digits stripped, so a pool's threads add up) of one process. */
function threadTimes(pid: number): Map<string, number> {
  const times = new Map<string, number>()
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let stat: string
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
    } catch {
      continue // the thread ended meanwhile
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/\d+$/, '#')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    times.set(name, (times.get(name) ?? 0) + (Number(fields[11]) + Number(fields[12])) / TICKS)
  }
  return times
}

async function main() {
  ensureChromium(console.log)
  const server = await serve(await buildPageFiles())
  const browser = await launch()
  const pids = {} as Record<Implementation, { host: number; view: number }>
  const spent = {} as Record<Implementation, { host: Map<string, number>; view: Map<string, number> }>
  const pages = await openPerImplementation(browser, server.url, async ({ page }, impl) => {
    await page.evaluate((i) => window.bench.open(i), impl)
    await page.evaluate(([n, c]) => window.bench.rpc(n, c), [1000, inFlight] as const)
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame())!
    pids[impl] = { host: await rendererOf(browser, page), view: await rendererOf(browser, frame) }
    spent[impl] = { host: new Map(), view: new Map() }
  })
  for (let rep = 0; rep < reps; rep++) {
    for (const impl of IMPLEMENTATIONS) {
      const before = { host: threadTimes(pids[impl].host), view: threadTimes(pids[impl].view) }
      await pages[impl].page.evaluate(([n, c]) => window.bench.rpc(n, c), [calls, inFlight] as const)
      for (const side of ['host', 'view'] as const) {
        for (const [name, time] of threadTimes(pids[impl][side])) {
          spent[impl][side].set(name, (spent[impl][side].get(name) ?? 0) + time - (before[side].get(name) ?? 0))
        }
      }
    }
  }
  await pages.closeAll()
  await browser.close()
  await server.close()

  console.log(`CPU µs per tools/call by thread, ${reps} × ${calls} calls, ${inFlight} in flight ("chromium" is the renderer's main thread)`)
  for (const side of ['host', 'view'] as const) {
    console.log(`\n${side} process${' '.repeat(22)}${IMPLEMENTATIONS.map((impl) => impl.padStart(10)).join('')}`)
    const names = new Set(IMPLEMENTATIONS.flatMap((impl) => [...spent[impl][side].keys()]))
    for (const name of [...names].sort()) {
      const micros = IMPLEMENTATIONS.map((impl) => ((spent[impl][side].get(name) ?? 0) * 1e6) / (reps * calls))
      if (micros.some((value) => value >= 2)) console.log(`  ${name.padEnd(33)}${micros.map((value) => value.toFixed(0).padStart(10)).join('')}`)
    }
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
