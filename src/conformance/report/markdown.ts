/**
 * The Markdown report: a summary and a table with every requirement, its verdict and evidence.
 */
import type { ConformanceReport } from './report.js'

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

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
  lines.push('| Requirement | Level | Verdict | Rule | Evidence |', '|---|---|---|---|---|')
  for (const result of report.results) {
    const rule = `${result.text} *(${result.section}${result.reading ? `; ${result.reading}` : ''})*`
    lines.push(`| \`${result.id}\` | ${result.level} | **${result.status}** | ${cell(rule)} | ${cell(result.evidence.join('; '))} |`)
  }
  return lines.join('\n') + '\n'
}
