/**
 * Scenarios made of named steps, each with its own timeout.
 *
 * A browser test that hangs is useless if all it says is "test timed out in 60000ms". Every await
 * that talks to the browser goes through `scenario.step(name, fn)`: when it takes too long the
 * test fails with `[scenario › step] stalled after N ms`, plus whatever the scenario's
 * diagnostics print (the host's event log, the page's console), and an assertion that fails
 * inside a step carries the same prefix. Step timings are kept for the suite's summary.
 */

export interface StepTiming {
  scenario: string
  step: string
  ms: number
  ok: boolean
}

/** Every step run in this worker, in order (printed by `printTimings`). */
export const timings: StepTiming[] = []

/** Default time a step may take before it counts as stalled, in ms. */
export const STEP_TIMEOUT_MS = 10_000

export class StepStalled extends Error {
  override name = 'StepStalled'
}

type Diagnose = () => Promise<string> | string

export class Scenario {
  readonly name: string
  readonly #diagnostics: Diagnose[] = []
  readonly #defaultTimeoutMs: number

  constructor(name: string, options: { timeoutMs?: number } = {}) {
    this.name = name
    this.#defaultTimeoutMs = options.timeoutMs ?? STEP_TIMEOUT_MS
  }

  /** Adds something to print when a step fails (the host's log, the page's console, ...). */
  diagnose(describe: Diagnose): void {
    this.#diagnostics.push(describe)
  }

  /**
   * Runs one step. Rejects with a `StepStalled` naming the scenario and step when `fn` does not
   * settle within `timeoutMs`; prefixes any other error with the same label.
   */
  async step<T>(name: string, fn: () => Promise<T> | T, timeoutMs = this.#defaultTimeoutMs): Promise<T> {
    const label = `[${this.name} › ${name}]`
    const started = performance.now()
    let timer: ReturnType<typeof setTimeout> | undefined
    const work = Promise.resolve().then(fn)
    const stalled = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new StepStalled(`${label} stalled: no result after ${timeoutMs} ms`)), timeoutMs)
    })
    try {
      const value = await Promise.race([work, stalled])
      timings.push({ scenario: this.name, step: name, ms: performance.now() - started, ok: true })
      return value
    } catch (error) {
      timings.push({ scenario: this.name, step: name, ms: performance.now() - started, ok: false })
      // The abandoned work may still reject later (the browser closes under it): not a new failure.
      work.catch(() => {})
      throw await this.#explain(label, error)
    } finally {
      clearTimeout(timer)
    }
  }

  async #explain(label: string, error: unknown): Promise<unknown> {
    const details: string[] = []
    for (const describe of this.#diagnostics) {
      try {
        const text = await withTimeout(Promise.resolve(describe()), 3_000)
        if (text) details.push(text)
      } catch (cause) {
        details.push(`(diagnostics failed: ${cause instanceof Error ? cause.message : String(cause)})`)
      }
    }
    const suffix = details.length ? `\n--- diagnostics ---\n${details.join('\n')}` : ''
    if (error instanceof Error) {
      if (!error.message.startsWith('[')) error.message = `${label} ${error.message}`
      error.message += suffix
      return error
    }
    return new Error(`${label} ${String(error)}${suffix}`)
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error) => (clearTimeout(timer), reject(error)),
    )
  })
}

/** One line per scenario (total time, slowest step), for the end of a test file. */
export function summarizeTimings(entries: readonly StepTiming[] = timings): string {
  const byScenario = new Map<string, StepTiming[]>()
  for (const entry of entries) byScenario.set(entry.scenario, [...(byScenario.get(entry.scenario) ?? []), entry])
  const lines: string[] = []
  for (const [scenario, steps] of byScenario) {
    const total = steps.reduce((sum, step) => sum + step.ms, 0)
    const slowest = steps.reduce((a, b) => (b.ms > a.ms ? b : a))
    const failed = steps.filter((step) => !step.ok).map((step) => step.step)
    lines.push(
      `${scenario}: ${steps.length} steps, ${Math.round(total)} ms (slowest: ${slowest.step} ${Math.round(slowest.ms)} ms)` +
        (failed.length ? ` FAILED at ${failed.join(', ')}` : ''),
    )
  }
  return lines.join('\n')
}
