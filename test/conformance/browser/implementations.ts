/**
 * The implementations the kit is run against in the test suite, and where their reports go when
 * `CONFORMANCE_REPORTS` is set (the committed ones live in `conformance/reports/`).
 */
import { join } from 'node:path'
import { writeReports, type ConformanceReport } from '../../../src/conformance/index.js'
import { ROOT } from './kit-env.js'

/** What the proxy adapter serves on the sandbox origin: the built `sandbox-proxy.html`. */
export const PROXY_DIR = join(ROOT, 'dist')

export const ADAPTERS = {
  ours: join(ROOT, 'conformance', 'adapters', 'our-host.ts'),
  /** `mountApp` behind the sandbox proxy, served from `dist/` (built by `npm run build`). */
  oursProxy: join(ROOT, 'conformance', 'adapters', 'our-host-proxy.ts'),
  official: join(ROOT, 'conformance', 'adapters', 'official-host.ts'),
}

/** Writes `conformance/reports/<name>.{json,md}` when `CONFORMANCE_REPORTS` is set (to anything). */
export function keepReport(report: ConformanceReport, name: string): void {
  if (process.env.CONFORMANCE_REPORTS) writeReports(report, join(ROOT, 'conformance', 'reports'), name)
}
