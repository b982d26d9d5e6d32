/**
 * Writes the run's figures: `results.json` (everything, per repetition) and `results.md` (the
 * tables, the verdicts, the notes). The README's table is a copy of the markdown's summary.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import type { MetricResult } from '../metrics/types.js'
import { IMPLEMENTATIONS } from '../impl/ports.js'
import type { Summary } from './stats.js'
import type { Row } from './runner.js'

export interface RunInfo {
  date: string
  commit: string
  chromium: string
  node: string
  cpus: number
  reps: number
  quick: boolean
  durationS: number
  command: string
}

export function writeResults(paths: { markdown: string; json: string; readme?: string }, info: RunInfo, metrics: MetricResult[]): string {
  writeFileSync(paths.json, `${JSON.stringify({ info, metrics }, null, 2)}\n`)
  const markdown = renderMarkdown(info, metrics)
  writeFileSync(paths.markdown, markdown)
  if (paths.readme && existsSync(paths.readme)) updateReadme(paths.readme, info, metrics)
  return markdown
}

const START = '<!-- results:start -->'
const END = '<!-- results:end -->'

/** Replaces the README's results section (between the markers) with this run's summary tables. */
function updateReadme(path: string, info: RunInfo, metrics: MetricResult[]): void {
  const readme = readFileSync(path, 'utf8')
  const start = readme.indexOf(START)
  const end = readme.indexOf(END)
  if (start < 0 || end < start) return
  const summary = renderSummary(info, metrics).join('\n')
  writeFileSync(path, `${readme.slice(0, start + START.length)}\n${summary}\n${readme.slice(end)}`)
}

function format(value: number, unit: string): string {
  if (unit === 'bytes' || unit === 'listeners' || unit === 'calls/s') return Math.round(value).toLocaleString('en-US')
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2)
}

function cell(summary: Summary, unit: string): string {
  const median = format(summary.median, unit)
  if (summary.n === 1 || summary.min === summary.max) return median
  return `${median} (${format(summary.min, unit)}–${format(summary.max, unit)})`
}

function ratio(summary: Summary): string {
  if (summary.n === 1 || summary.min === summary.max) return `${summary.median.toFixed(2)}×`
  return `${summary.median.toFixed(2)}× (${summary.min.toFixed(2)}–${summary.max.toFixed(2)})`
}

function table(rows: Row[]): string[] {
  const lines = ['| Measure | Unit | mcp-app-bridge | ext-apps 2.0.4 | raw postMessage | ours ÷ raw | official ÷ raw |', '|---|---|--:|--:|--:|--:|--:|']
  for (const r of rows) {
    const values = IMPLEMENTATIONS.map((impl) => cell(r.values[impl], r.unit))
    const ratios = r.ratios ? [ratio(r.ratios.ours), ratio(r.ratios.official)] : ['', '']
    lines.push(`| ${r.label} | ${r.unit}${r.better === 'higher' ? ' ↑' : ''} | ${values.join(' | ')} | ${ratios.join(' | ')} |`)
  }
  return lines
}

/** The run line, the verdicts and the table of every figure (results.md's head, and the README's section). */
function renderSummary(info: RunInfo, metrics: MetricResult[]): string[] {
  const verdicts = metrics.flatMap((metric) => metric.verdicts)
  const failed = verdicts.filter((verdict) => !verdict.pass).length
  return [
    `Reproduce with \`${info.command}\`.${info.quick ? ' **Quick smoke run: reduced counts, not a result.**' : ''}`,
    `Run of ${info.date} on commit \`${info.commit}\`: Chromium ${info.chromium}, Node ${info.node}, ${info.cpus} cores, ${info.reps} repetitions, ${info.durationS.toFixed(0)} s in all.`,
    '',
    'Figures are medians with the min–max over repetitions in brackets; ratios are paired by repetition (each repetition runs the three implementations back to back). ↑ marks a figure where more is better.',
    '',
    `### Targets: ${verdicts.length - failed} PASS, ${failed} FAIL`,
    '',
    '| Target (mcp-app-bridge) | Measured | Verdict |',
    '|---|---|---|',
    ...verdicts.map((verdict) => `| ${verdict.target} | ${verdict.measured} | ${verdict.pass ? 'PASS' : '**FAIL**'} |`),
    '',
    '### All figures',
    '',
    ...table(metrics.flatMap((metric) => metric.rows)),
  ]
}

export function renderMarkdown(info: RunInfo, metrics: MetricResult[]): string {
  const lines = ['# Benchmark results', '', ...renderSummary(info, metrics), '']
  for (const metric of metrics) {
    lines.push(`## ${metric.title}`, '', metric.method, '', ...table(metric.rows), '')
    if (metric.notes.length) lines.push(...metric.notes.map((note) => `- ${note}`), '')
  }
  return `${lines.join('\n')}\n`
}
