/**
 * What the conformance tests share: one kit environment per test file (one browser, the kit's
 * servers), our libraries as shipped (`dist/`), and a readable failure when verdicts differ.
 */
import { join } from 'node:path'
import { startConformanceEnvironment, formatTable, type ConformanceEnvironment, type ConformanceReport } from '../../../src/conformance/index.js'

export const ROOT = join(import.meta.dirname, '..', '..', '..')

/** Adapters bundle our host as shipped (`dist/host`), not its source. */
export const SHIPPED = { 'mcp-app-bridge/host': join(ROOT, 'dist', 'host', 'index.js') }

export function useKitEnvironment(hooks: { beforeAll: (fn: () => Promise<void>, timeout?: number) => void; afterAll: (fn: () => Promise<void>, timeout?: number) => void }): () => ConformanceEnvironment {
  let env: ConformanceEnvironment | undefined
  hooks.beforeAll(async () => {
    env = await startConformanceEnvironment()
  }, 60_000)
  hooks.afterAll(async () => {
    await env?.close()
  }, 30_000)
  return () => {
    if (!env) throw new Error('The conformance environment did not start (see the beforeAll error)')
    return env
  }
}

/** The ids with a FAIL verdict, sorted. */
export function failed(report: ConformanceReport): string[] {
  return report.results.filter((result) => result.status === 'FAIL').map((result) => result.id).sort()
}

/** The report's table, for a failing assertion's message. */
export const explain = (report: ConformanceReport) => `\n${formatTable(report)}\n`
