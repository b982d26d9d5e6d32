/**
 * A conformance report: every checked requirement of one subject with its verdict and evidence,
 * and how the verdicts are put together from the drivers' output.
 */
import { LATEST_PROTOCOL_VERSION } from '../../protocol/index.js'
import { checkedRequirements, type Category, type Level, type Requirement } from '../requirements/index.js'
import type { Status, Verdict } from '../verdict.js'
import { applyDeclaration, type Declaration } from './declared.js'

export type { Declaration } from './declared.js'

export interface ReportEntry {
  id: string
  level: Level
  category: Category
  section: string
  text: string
  reading?: string
  status: Status
  evidence: string[]
  /**
   * Set when the implementation declared the requirement not applicable: its reason and what the
   * kit observed anyway (the observed evidence follows the declaration in `evidence`).
   */
  declared?: Declaration
}

export interface ConformanceReport {
  kit: { name: string; version: string; spec: string }
  subject: 'host' | 'view'
  /** The implementation under test (the adapter's name, or the view's file or URL). */
  implementation: string
  /** The categories that ran (all of them unless the run was limited). */
  categories: Category[]
  startedAt: string
  durationMs: number
  results: ReportEntry[]
  summary: {
    pass: number
    fail: number
    notApplicable: number
    failedMust: number
    /** Requirements the implementation declared not applicable (whatever their status). */
    declared: number
    /** Of those, the ones the kit observed failing: reported FAIL, or NOT APPLICABLE for a requirement that binds only some implementations. */
    declaredFailing: number
  }
}

export interface AssembleOptions {
  subject: 'host' | 'view'
  implementation: string
  version: string
  categories: Category[]
  verdicts: Verdict[]
  /** Requirement ids the implementation declared NOT APPLICABLE, with the reason (see `./declared.ts` for what that does). */
  declared?: Record<string, string>
  startedAt: number
}

/**
 * Joins the verdicts with the catalogue, in catalogue order. Every checked requirement of the
 * selected categories must have exactly one verdict: a missing or duplicate verdict is a bug of
 * the kit, never a silent gap in a report.
 */
export function assembleReport(options: AssembleOptions): ConformanceReport {
  const byId = new Map<string, Verdict>()
  for (const verdict of options.verdicts) {
    if (byId.has(verdict.id)) throw new Error(`Conformance kit bug: two verdicts for ${verdict.id}`)
    byId.set(verdict.id, verdict)
  }
  const selected = checkedRequirements(options.subject).filter((entry) => options.categories.includes(entry.category!))
  for (const id of Object.keys(options.declared ?? {})) {
    if (!checkedRequirements(options.subject).some((entry) => entry.id === id)) throw new Error(`notApplicable names ${id}, which is not a ${options.subject} requirement the kit checks`)
  }
  const results = selected.map((requirement): ReportEntry => {
    const verdict = byId.get(requirement.id)
    if (!verdict) throw new Error(`Conformance kit bug: no verdict for ${requirement.id}`)
    byId.delete(requirement.id)
    const reason = options.declared?.[requirement.id]
    return entry(requirement, reason === undefined ? verdict : applyDeclaration(requirement, verdict, reason))
  })
  const stray = [...byId.keys()].filter((id) => !checkedRequirements(options.subject).some((entry) => entry.id === id))
  if (stray.length) throw new Error(`Conformance kit bug: verdicts for unknown requirements ${stray.join(', ')}`)
  const count = (status: Status) => results.filter((result) => result.status === status).length
  return {
    kit: { name: 'mcp-app-bridge conformance kit', version: options.version, spec: LATEST_PROTOCOL_VERSION },
    subject: options.subject,
    implementation: options.implementation,
    categories: options.categories,
    startedAt: new Date(options.startedAt).toISOString(),
    durationMs: Date.now() - options.startedAt,
    results,
    summary: {
      pass: count('PASS'),
      fail: count('FAIL'),
      notApplicable: count('NOT APPLICABLE'),
      failedMust: results.filter((result) => result.status === 'FAIL' && result.level === 'MUST').length,
      declared: results.filter((result) => result.declared).length,
      declaredFailing: results.filter((result) => result.declared?.observed === 'FAIL').length,
    },
  }
}

function entry(requirement: Requirement, verdict: Pick<Verdict, 'status' | 'evidence'> & { declared?: Declaration }): ReportEntry {
  return {
    id: requirement.id,
    level: requirement.level,
    category: requirement.category!,
    section: requirement.section,
    text: requirement.text,
    ...(requirement.reading && { reading: requirement.reading }),
    status: verdict.status,
    evidence: verdict.evidence.length ? verdict.evidence : ['(no evidence recorded)'],
    ...(verdict.declared && { declared: verdict.declared }),
  }
}
