/**
 * What an implementation's NOT APPLICABLE declaration does to the kit's verdict. The check runs
 * either way, and its verdict stays in the report:
 *
 * - a requirement the catalogue marks `appliesTo` (it binds only some implementations, on a
 *   condition the kit cannot observe) is NOT APPLICABLE as declared, with what was observed;
 * - any other requirement binds every implementation: a declaration withdraws a PASS (NOT
 *   APPLICABLE) but never hides a FAIL, which stays a FAIL with the declaration noted.
 */
import type { Requirement } from '../requirements/index.js'
import type { ConformanceReport } from './report.js'
import type { Status, Verdict } from '../verdict.js'

export interface Declaration {
  /** The implementation's reason. */
  reason: string
  /** What the kit observed itself. */
  observed: Status
}

/** The verdict to report for `requirement` when the implementation declared it not applicable for `reason`. */
export function applyDeclaration(requirement: Requirement, observed: Verdict, reason: string): { status: Status; evidence: string[]; declared: Declaration } {
  const declared = { reason, observed: observed.status }
  const seen = observed.evidence.map((line, index) => (index === 0 ? `observed ${observed.status}: ${line}` : line))
  if (observed.status === 'FAIL' && !requirement.appliesTo) {
    return { status: 'FAIL', evidence: [`declared not applicable by the implementation, refused: this requirement binds every ${requirement.subject}, and a declaration cannot hide a failure (reason given: ${reason})`, ...seen], declared }
  }
  const condition = requirement.appliesTo ? ` (it binds ${requirement.appliesTo} only)` : ''
  return { status: 'NOT APPLICABLE', evidence: [`declared not applicable by the implementation${condition}: ${reason}`, ...seen], declared }
}

/**
 * What the implementation declared not applicable, naming each declared requirement the kit saw
 * fail (`undefined` when it declared nothing). For the table and the Markdown.
 */
export function declaredSummary(report: ConformanceReport): string | undefined {
  const declared = report.results.filter((result) => result.declared)
  if (!declared.length) return undefined
  const failing = declared.filter((result) => result.declared!.observed === 'FAIL')
  const failures = failing.length ? `; observed failing anyway: ${failing.map((result) => `${result.id} (reported ${result.status})`).join(', ')}` : '; none observed failing'
  return `Declared not applicable by the implementation: ${declared.length}${failures}.`
}
