/**
 * Writes the run's figures: `results.json` (everything, per repetition) and `results.md` (the
 * tables, the verdicts, the notes). The README's table is a copy of the markdown's summary.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import type { MetricResult } from '../metrics/types.js'
import { COMPARED, IMPLEMENTATIONS, SAME_CODE_AS, type Implementation } from '../impl/ports.js'
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

/** Column headings, in `IMPLEMENTATIONS` order. */
const LABELS: Record<Implementation, string> = {
  ours: 'mcp-app-bridge',
  'ours-window': 'mcp-app-bridge, window path',
  official: 'ext-apps 2.0.4',
  raw: 'raw postMessage',
}

/** A figure, or what stands for a missing one (ours-window's size is ours'). */
function valueCell(r: Row, impl: Implementation): string {
  const summary = r.values[impl]
  if (summary) return cell(summary, r.unit)
  const same = (SAME_CODE_AS as Partial<Record<Implementation, Implementation>>)[impl]
  return same ? `same as ${same}` : ''
}

function table(rows: Row[]): string[] {
  const heads = [...IMPLEMENTATIONS.map((impl) => LABELS[impl]), ...COMPARED.map((impl) => `${impl} ÷ raw`)]
  const lines = [`| Measure | Unit | ${heads.join(' | ')} |`, `|---|---|${heads.map(() => '--:').join('|')}|`]
  for (const r of rows) {
    const values = IMPLEMENTATIONS.map((impl) => valueCell(r, impl))
    const ratios = COMPARED.map((impl) => {
      const summary = r.ratios?.[impl]
      return summary ? ratio(summary) : ''
    })
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
    'Figures are medians with the min–max over repetitions in brackets; ratios are paired by repetition (each repetition runs the implementations back to back). ↑ marks a figure where more is better.',
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
