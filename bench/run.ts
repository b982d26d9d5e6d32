/**
 * `npm run bench`: builds the bundles, serves the host page, runs every metric in headless
 * Chromium, and writes bench/results.md and bench/results.json.
 *
 * Not a test: it reports figures and PASS/FAIL against the targets, and exits 0 either
 * way (a broken run, an exception, exits 1).
 */
import { execFileSync } from 'node:child_process'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { BENCH_DIR, ROOT_DIR } from './lib/build.js'
import { ensureChromium, launch } from './lib/chromium.js'
import { buildPageFiles } from './lib/page-files.js'
import { writeResults } from './lib/report.js'
import { serve } from './lib/server.js'
import { CONFIG } from './config.js'
import { measureFanout } from './metrics/fanout.js'
import { measureHandshake } from './metrics/handshake.js'
import { measureRpc } from './metrics/rpc.js'
import { measureSize } from './metrics/size.js'
import { measureTeardown } from './metrics/teardown.js'
import type { MetricContext, MetricResult } from './metrics/types.js'

const log = (line: string) => console.log(line)
const only = process.argv.slice(2)
const wanted = (id: string) => only.length === 0 || only.includes(id)

async function main() {
  const started = Date.now()
  ensureChromium(log)
  const metrics: MetricResult[] = []
  if (wanted('size')) {
    log('size')
    metrics.push(await measureSize())
  }

  log('building the runtime bundles')
  const server = await serve(await buildPageFiles())
  const browser = await launch()
  const context: MetricContext = { browser, url: server.url, log }
  try {
    for (const [id, measure] of [
      ['handshake', measureHandshake],
      ['rpc', measureRpc],
      ['fanout', measureFanout],
      ['teardown', measureTeardown],
    ] as const) {
      if (!wanted(id)) continue
      const metricStarted = Date.now()
      log(id)
      metrics.push(await measure(context))
      log(` ${id} done in ${((Date.now() - metricStarted) / 1000).toFixed(0)} s`)
    }
  } finally {
    await browser.close()
    await server.close()
  }

  const suffix = CONFIG.quick || only.length ? '.partial' : ''
  const markdown = writeResults(
    {
      markdown: join(BENCH_DIR, `results${suffix}.md`),
      json: join(BENCH_DIR, `results${suffix}.json`),
      // Only a full run replaces the README's table.
      ...(suffix ? {} : { readme: join(BENCH_DIR, 'README.md') }),
    },
    {
      date: new Date().toISOString(),
      commit: git(['rev-parse', '--short', 'HEAD']) + (git(['status', '--porcelain', '--', 'src', 'bench']) ? ' (with uncommitted changes)' : ''),
      chromium: browser.version,
      node: process.version,
      cpus: cpus().length,
      reps: CONFIG.reps,
      quick: CONFIG.quick,
      durationS: (Date.now() - started) / 1000,
      command: 'npm run bench',
    },
    metrics,
  )
  console.log(`\n${markdown}`)
  log(`wrote bench/results${suffix}.md and bench/results${suffix}.json`)
}

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: ROOT_DIR }).toString().trim()
  } catch {
    return 'unknown'
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
