/**
 * Property-based fuzzing of the host bridge: at least 100,000 messages from a hostile view per
 * run of the suite (valid, near-valid and junk, interleaved with the host's own calls and time
 * passing), every run checked by `host-run.ts`. A failure shrinks to the shortest sequence that
 * still fails; keep it in `regressions.test.ts`.
 *
 * `FUZZ_SEED=<n>` replays a reported seed (with `FUZZ_RUNS=100` for one chunk); `FUZZ_RUNS=<n>`
 * runs exactly that many scenarios instead of chunks until the floor.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { watchCrashes } from './crashes.js'
import { hostScenario } from './host-scenario.js'
import { runHost } from './host-run.js'

const FAKED = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] as const
/** With `FUZZ_RUNS`, exactly that many scenarios; otherwise chunks of 100 until the floor is reached. */
const RUNS = process.env.FUZZ_RUNS === undefined ? undefined : Number(process.env.FUZZ_RUNS)
const SEED = process.env.FUZZ_SEED === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED)
const MIN_MESSAGES = 100_000
const CHUNK = 100

let crashes: ReturnType<typeof watchCrashes>
beforeAll(() => {
  vi.useFakeTimers({ toFake: [...FAKED] })
  crashes = watchCrashes()
})
afterAll(() => {
  crashes.stop()
  vi.useRealTimers()
})

it(`the host bridge survives ${MIN_MESSAGES.toLocaleString('en')}+ messages from a hostile view`, async () => {
  let messages = 0
  let requests = 0
  let runs = 0
  const started = performance.now()
  const property = fc.asyncProperty(hostScenario(320), async (scenario) => {
    const result = await runHost(scenario, crashes)
    messages += result.messages
    requests += result.requests
    runs++
  })
  // Each chunk has its own seed (printed by fast-check on failure): replay it with FUZZ_SEED and FUZZ_RUNS=100.
  for (let chunk = 0; RUNS === undefined ? messages < MIN_MESSAGES : chunk === 0; chunk++) {
    await fc.assert(property, { numRuns: RUNS ?? CHUNK, seed: SEED + chunk })
  }
  const seconds = (performance.now() - started) / 1000
  console.log(`host fuzz: seed ${SEED}, ${runs} runs, ${messages} messages (${requests} requests with an answerable id) in ${seconds.toFixed(1)} s`)
  if (RUNS === undefined) expect(messages).toBeGreaterThanOrEqual(MIN_MESSAGES)
}, 300_000)
