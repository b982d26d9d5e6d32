/**
 * The shared runner: repeats a measurement for every implementation, interleaved
 * (A, B, C, A, B, C, …) so that a slow patch of the machine hits all of them alike, and collects
 * one value per implementation per repetition.
 */
import { IMPLEMENTATIONS, type Implementation } from '../impl/ports.js'
import { pairedRatios, summarize, type Summary } from './stats.js'

export type Series = Record<Implementation, number[]>

export function emptySeries(): Series {
  return { ours: [], official: [], raw: [] }
}

/** Runs `once(impl, rep)` for rep = 0…reps-1 and each implementation in turn. */
export async function interleave<T>(reps: number, once: (impl: Implementation, rep: number) => Promise<T>, log?: (line: string) => void): Promise<Record<Implementation, T[]>> {
  const results = { ours: [] as T[], official: [] as T[], raw: [] as T[] }
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
  values: Record<Implementation, Summary>
  /** ours ÷ raw and official ÷ raw, paired by repetition. */
  ratios?: { ours: Summary; official: Summary }
}

export function row(label: string, unit: string, better: Row['better'], series: Series, withRatios = true): Row {
  const values = { ours: summarize(series.ours), official: summarize(series.official), raw: summarize(series.raw) }
  if (!withRatios) return { label, unit, better, values }
  return {
    label,
    unit,
    better,
    values,
    ratios: { ours: summarize(pairedRatios(series.ours, series.raw)), official: summarize(pairedRatios(series.official, series.raw)) },
  }
}

/** A pass/fail verdict against one of the targets (they apply to mcp-app-bridge). */
export interface Verdict {
  target: string
  measured: string
  pass: boolean
}
