/**
 * The shared runner: repeats a measurement for every implementation, interleaved
 * (A, B, C, A, B, C, …) so that a slow patch of the machine hits all of them alike, and collects
 * one value per implementation per repetition.
 */
import { COMPARED, IMPLEMENTATIONS, type Compared, type Implementation } from '../impl/ports.js'
import { pairedRatios, summarize, type Summary } from './stats.js'

export type Series = Record<Implementation, number[]>

export function emptySeries(): Series {
  return Object.fromEntries(IMPLEMENTATIONS.map((impl) => [impl, []])) as unknown as Series
}

/** Runs `once(impl, rep)` for rep = 0…reps-1 and each implementation in turn. */
export async function interleave<T>(reps: number, once: (impl: Implementation, rep: number) => Promise<T>, log?: (line: string) => void): Promise<Record<Implementation, T[]>> {
  const results = Object.fromEntries(IMPLEMENTATIONS.map((impl) => [impl, [] as T[]])) as unknown as Record<Implementation, T[]>
  for (let rep = 0; rep < reps; rep++) {
    for (const impl of IMPLEMENTATIONS) {
      const started = Date.now()
      results[impl].push(await once(impl, rep))
      log?.(`  rep ${rep + 1}/${reps} ${impl} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
    }
  }
  return results
}

/** One line of a results table: a figure for each implementation and its ratios to raw. */
export interface Row {
  label: string
  unit: string
  /** Whether a larger figure is better (throughput) or worse (time, bytes). */
  better: 'lower' | 'higher'
  /** Missing for an implementation with no figure of its own (see `SAME_CODE_AS`). */
  values: Partial<Record<Implementation, Summary>>
  /** Each implementation ÷ raw, paired by repetition. */
  ratios?: Partial<Record<Compared, Summary>>
}

/** A row from the series given; an implementation left out of `series` gets no cell. */
export function row(label: string, unit: string, better: Row['better'], series: Partial<Series> & Pick<Series, 'ours' | 'raw'>, withRatios = true): Row {
  const present = IMPLEMENTATIONS.filter((impl) => series[impl] !== undefined)
  const values = Object.fromEntries(present.map((impl) => [impl, summarize(series[impl]!)]))
  if (!withRatios) return { label, unit, better, values }
  const ratios = Object.fromEntries(COMPARED.filter((impl) => series[impl]).map((impl) => [impl, summarize(pairedRatios(series[impl]!, series.raw))]))
  return { label, unit, better, values, ratios }
}

/** Our figure in a row (the targets apply to it). */
export const oursIn = (r: Row): Summary => r.values.ours!
/** Our ratio to raw in a row. */
export const oursRatio = (r: Row): Summary => r.ratios!.ours!

/** A pass/fail verdict against one of the targets (they apply to mcp-app-bridge). */
export interface Verdict {
  target: string
  measured: string
  pass: boolean
}
