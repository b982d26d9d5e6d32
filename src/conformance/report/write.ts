/**
 * Writes a report as JSON and Markdown files.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { toMarkdown } from './markdown.js'
import type { ConformanceReport } from './report.js'

export interface WrittenReports {
  json: string
  markdown: string
}

/** Writes `<name>.json` and `<name>.md` into `directory` (created if needed); returns their paths. */
export function writeReports(report: ConformanceReport, directory: string, name = `${report.subject}-report`): WrittenReports {
  const dir = resolve(directory)
  mkdirSync(dir, { recursive: true })
  const json = join(dir, `${name}.json`)
  const markdown = join(dir, `${name}.md`)
  writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`)
  writeFileSync(markdown, toMarkdown(report))
  return { json, markdown }
}
