/**
 * The Markdown report: a summary and a table with every requirement, its verdict and evidence.
 */
import type { ConformanceReport, ReportEntry } from './report.js'
import { declaredSummary } from './declared.js'

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

/** The status, with what the kit observed when the implementation declared the requirement not applicable. */
const verdict = (result: ReportEntry) => `**${result.status}**${result.declared ? ` (declared not applicable; observed ${result.declared.observed})` : ''}`

/** The report as a Markdown document (or, with `heading: false`, just its table and summary). */
export function toMarkdown(report: ConformanceReport, options: { heading?: boolean } = {}): string {
  const { pass, fail, notApplicable, failedMust } = report.summary
  const lines: string[] = []
  if (options.heading !== false) {
    lines.push(
      `# MCP Apps conformance: ${report.subject} — ${report.implementation}`,
      '',
      `${report.kit.name} ${report.kit.version}, spec ${report.kit.spec}; categories: ${report.categories.join(', ')}.`,
      '',
    )
  }
  lines.push(`**${pass} PASS, ${fail} FAIL (${failedMust} MUST), ${notApplicable} NOT APPLICABLE.**`, '')
  const declared = declaredSummary(report)
  if (declared) lines.push(declared, '')
  lines.push('| Requirement | Level | Verdict | Rule | Evidence |', '|---|---|---|---|---|')
  for (const result of report.results) {
    const rule = `${result.text} *(${result.section}${result.reading ? `; ${result.reading}` : ''})*`
    lines.push(`| \`${result.id}\` | ${result.level} | ${verdict(result)} | ${cell(rule)} | ${cell(result.evidence.join('; '))} |`)
  }
  return lines.join('\n') + '\n'
}
