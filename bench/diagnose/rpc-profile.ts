/**
 * Diagnostic, not part of `npm run bench`: a JavaScript CPU profile (CDP `Profiler`) of the host
 * page and of the view's frame during `tools/call` at 64 in flight, for ours and raw, as self
 * time per function per call. Where `rpc-threads.ts` says how much CPU a call costs, this says in
 * which function: it is how the view's `postMessage` to a pinned target origin was found to cost
 * more than raw's `postMessage(…, "*")` (9–35 µs per message in two runs; samples are noisy, so
 * compare several).
 *
 *   npx tsx bench/diagnose/rpc-profile.ts [calls=8000] [inFlight=64]
 *
 * Function names are minified; the column points into the page's bundle (host.js) or the frame.
 */
import type { Page } from 'playwright-core'
import { ensureChromium, launch } from '../lib/chromium.js'
import { buildPageFiles } from '../lib/page-files.js'
import { openPerImplementation } from '../lib/pages.js'
import { serve } from '../lib/server.js'

const [calls = 8000, inFlight = 64] = process.argv.slice(2).map(Number)

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

const rpc = (page: Page, count: number) => page.evaluate(([n, c]) => window.bench.rpc(n, c), [count, inFlight] as const)

/** Self time per function, in µs per call, largest first. */
function selfTimes(profile: Profile): Array<[string, number]> {
  const byNode = new Map<number, number>()
  profile.samples.forEach((id, i) => byNode.set(id, (byNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)))
  const byFunction = new Map<string, number>()
  for (const { id, callFrame: f } of profile.nodes) {
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}`
    byFunction.set(key, (byFunction.get(key) ?? 0) + (byNode.get(id) ?? 0) / calls)
  }
  return [...byFunction].sort((a, b) => b[1] - a[1])
}

async function main() {
  ensureChromium(console.log)
  const server = await serve(await buildPageFiles())
  const browser = await launch()
  const pages = await openPerImplementation(browser, server.url, async ({ page }, impl) => {
    await page.evaluate((i) => window.bench.open(i), impl)
    await rpc(page, 1000)
  })
  for (const impl of ['ours', 'raw'] as const) {
    const { page } = pages[impl]
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame())!
    const sessions = { host: await page.context().newCDPSession(page), view: await page.context().newCDPSession(frame) }
    for (const session of Object.values(sessions)) {
      await session.send('Profiler.enable')
      await session.send('Profiler.setSamplingInterval', { interval: 50 })
      await session.send('Profiler.start')
    }
    await rpc(page, calls)
    for (const [side, session] of Object.entries(sessions)) {
      const { profile } = (await session.send('Profiler.stop')) as unknown as { profile: Profile }
      const times = selfTimes(profile)
      console.log(`\n${impl} ${side}: ${times.reduce((sum, [, time]) => sum + time, 0).toFixed(0)} µs sampled per call`)
      for (const [name, time] of times.slice(0, 15)) console.log(`${time.toFixed(1).padStart(8)} µs  ${name}`)
    }
  }
  await pages.closeAll()
  await browser.close()
  await server.close()
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
