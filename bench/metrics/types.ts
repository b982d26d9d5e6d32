/** What every metric module returns, and what it gets to run with. */
import type { Browser } from '../lib/chromium.js'
import type { Row, Verdict } from '../lib/runner.js'

export interface MetricContext {
  browser: Browser
  /** The host page's URL on the bench server. */
  url: string
  log: (line: string) => void
}

export interface MetricResult {
  id: string
  title: string
  /** What was measured and how, in a sentence or two (printed above the table). */
  method: string
  rows: Row[]
  verdicts: Verdict[]
  /** Facts worth reading next to the figures (composition of a bundle, errors seen, …). */
  notes: string[]
  /** Raw per-repetition data, kept in results.json. */
  raw?: unknown
}
