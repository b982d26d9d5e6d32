/**
 * The implementations the kit is run against in the test suite, and where their reports go when
 * `CONFORMANCE_REPORTS` is set (the committed ones live in `conformance/reports/`).
 */
import { join } from 'node:path'
import { writeReports, type ConformanceReport } from '../../../src/conformance/index.js'
import { ROOT } from './kit-env.js'

export const ADAPTERS = {
  ours: join(ROOT, 'conformance', 'adapters', 'our-host.ts'),
  official: join(ROOT, 'conformance', 'adapters', 'official-host.ts'),
}

/** Writes `conformance/reports/<name>.{json,md}` when `CONFORMANCE_REPORTS` is set (to anything). */
export function keepReport(report: ConformanceReport, name: string): void {
  if (process.env.CONFORMANCE_REPORTS) writeReports(report, join(ROOT, 'conformance', 'reports'), name)
}
