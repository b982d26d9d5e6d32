/**
 * The property both fuzz files run, one side each: at least 100,000 generated messages per run of
 * the suite, in chunks of 100 scenarios, each scenario checked by the side's runner (which throws
 * on any problem). A failure shrinks to the shortest sequence that still fails; keep it in
 * `regressions.test.ts`.
 *
 * `FUZZ_SEED=<n>` replays a reported seed (with `FUZZ_RUNS=100` for one chunk); `FUZZ_RUNS=<n>`
 * runs exactly that many scenarios instead of chunks until the floor.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { watchCrashes } from './crashes.js'

/** The session's single timer reads `performance.now()`, so it is faked with the timers. */
const FAKED = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] as const
/** With `FUZZ_RUNS`, exactly that many scenarios; otherwise chunks of 100 until the floor is reached. */
const RUNS = process.env.FUZZ_RUNS === undefined ? undefined : Number(process.env.FUZZ_RUNS)
const SEED = process.env.FUZZ_SEED === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED)
const MIN_MESSAGES = 100_000
const CHUNK = 100

export interface FuzzSide<S> {
  /** `host` or `view`, for the test name and the summary line. */
  side: string
  /** Who sends the hostile messages, for the test name ("a hostile view"). */
  peer: string
  scenarios: fc.Arbitrary<S>
  run(scenario: S, crashes: ReturnType<typeof watchCrashes>): Promise<{ messages: number; requests: number }>
}

/** Registers the fuzz test of one side in the calling test file. */
export function fuzzSide<S>({ side, peer, scenarios, run }: FuzzSide<S>): void {
  let crashes: ReturnType<typeof watchCrashes>
  beforeAll(() => {
    vi.useFakeTimers({ toFake: [...FAKED] })
    crashes = watchCrashes()
  })
  afterAll(() => {
    crashes.stop()
    vi.useRealTimers()
  })

  it(`the ${side} bridge survives ${MIN_MESSAGES.toLocaleString('en')}+ messages from ${peer}`, async () => {
    let messages = 0
    let requests = 0
    let runs = 0
    // Wall time: performance and Date are faked.
    const started = process.hrtime.bigint()
    const property = fc.asyncProperty(scenarios, async (scenario) => {
      const result = await run(scenario, crashes)
      messages += result.messages
      requests += result.requests
      runs++
    })
    // Each chunk has its own seed (printed by fast-check on failure): replay it with FUZZ_SEED and FUZZ_RUNS=100.
    for (let chunk = 0; RUNS === undefined ? messages < MIN_MESSAGES : chunk === 0; chunk++) {
      await fc.assert(property, { numRuns: RUNS ?? CHUNK, seed: SEED + chunk })
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9
    console.log(`${side} fuzz: seed ${SEED}, ${runs} runs, ${messages} messages (${requests} requests with an answerable id) in ${seconds.toFixed(1)} s`)
    if (RUNS === undefined) expect(messages).toBeGreaterThanOrEqual(MIN_MESSAGES)
  }, 300_000)
}
