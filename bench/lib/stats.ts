/** Summaries of repeated measurements: the median with the range, never a mean (the machine is noisy). */

export interface Summary {
  median: number
  min: number
  max: number
  /** Number of repetitions summarized. */
  n: number
}

export function summarize(values: readonly number[]): Summary {
  if (values.length === 0) throw new Error('summarize: no values')
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]!, n: sorted.length }
}

export function median(values: readonly number[]): number {
  return summarize(values).median
}

/**
 * Ratios of two series measured in the same repetitions (`a[i] / b[i]`). Pairing by repetition
 * is what makes the ratio hold when the whole machine slows down for a while.
 */
export function pairedRatios(a: readonly number[], b: readonly number[]): number[] {
  if (a.length !== b.length) throw new Error('pairedRatios: series of different lengths')
  return a.map((value, i) => value / b[i]!)
}
