/**
 * The console table: one line per requirement (status, level, id), its first line of evidence
 * indented below, then the summary and what the implementation declared not applicable.
 */
import { declaredSummary } from './declared.js'
import type { ConformanceReport } from './report.js'

const WIDTH = 110

const cut = (text: string, width: number) => (text.length > width ? `${text.slice(0, width - 1)}…` : text)

/** `text` in lines of at most `width`, broken at spaces where there are any. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = []
  let rest = text
  while (rest.length > width) {
    const space = rest.lastIndexOf(' ', width)
    const at = space > width / 2 ? space : width
    lines.push(rest.slice(0, at))
    rest = rest.slice(at).trimStart()
  }
  return [...lines, rest]
}

/** A plain-text table of the report, for a terminal. */
export function formatTable(report: ConformanceReport): string {
  const statusWidth = 'NOT APPLICABLE'.length
  const idWidth = Math.max(...report.results.map((result) => result.id.length), 2)
  const lines = [
    `${report.kit.name} ${report.kit.version} — MCP Apps ${report.kit.spec} — ${report.subject} under test: ${report.implementation}`,
    '',
    `${'STATUS'.padEnd(statusWidth)}  ${'LEVEL'.padEnd(6)}  ${'REQUIREMENT'.padEnd(idWidth)}  EVIDENCE`,
  ]
  for (const result of report.results) {
    const [first = '', ...rest] = result.evidence
    const prefix = `${result.status.padEnd(statusWidth)}  ${result.level.padEnd(6)}  ${result.id.padEnd(idWidth)}  `
    const width = Math.max(WIDTH - prefix.length, 40)
    // A failure shows all its evidence, whole, and so does a declaration the kit saw fail: the reader needs it to act.
    if (result.status === 'FAIL' || result.declared?.observed === 'FAIL') {
      const wrapped = result.evidence.flatMap((line) => wrap(line, width))
      wrapped.forEach((line, index) => lines.push((index ? ' '.repeat(prefix.length) : prefix) + line))
    } else lines.push(prefix + cut(first, width))
  }
  const { pass, fail, notApplicable, failedMust } = report.summary
  lines.push('', `${pass} PASS, ${fail} FAIL (${failedMust} of them MUST), ${notApplicable} NOT APPLICABLE — ${(report.durationMs / 1000).toFixed(1)} s`)
  const declared = declaredSummary(report)
  if (declared) lines.push(declared)
  return lines.join('\n')
}
