/**
 * `mcp-app-bridge-conformance`: the kit on the command line.
 *
 *   mcp-app-bridge-conformance host <adapter module> [options]
 *   mcp-app-bridge-conformance view <html file or URL> [options]
 *
 * Prints the verdict table, writes `<subject>-report.json` and `<subject>-report.md`, and exits
 * with 0 when nothing failed, 1 when a requirement failed, 2 when the run itself could not happen.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { CATEGORIES, type Category } from './requirements/index.js'
import { formatTable } from './report/table.js'
import { writeReports } from './report/write.js'
import { runHostConformance, runViewConformance } from './run.js'
import type { ConformanceReport } from './report/report.js'

const USAGE = `Usage:
  mcp-app-bridge-conformance host <adapter module> [options]
  mcp-app-bridge-conformance view <html file or URL> [options]

Tests an MCP Apps host (through an adapter module whose default export is a HostAdapter, see
mcp-app-bridge/conformance) or a view (an HTML document; its relative scripts, styles and images
load from its folder or URL) against the MCP Apps spec 2026-01-26 in headless Chromium, and
prints a verdict per requirement.

Options:
  --out <dir>               where to write <subject>-report.json and .md (default: conformance-report)
  --only <a,b,...>          run only these categories: ${CATEGORIES.join(', ')}
  --adapter-options <json>  passed to the adapter's mount() as adapterOptions (host)
  --sandbox-dir <dir>       serve this directory on the sandbox origin, for a sandbox proxy (host)
  --csp <json>              the view resource's _meta.ui.csp (view; default: the spec's strict policy)
  --chromium <path>         the Chromium to run (default: CHROMIUM_PATH, /usr/bin/chromium, or playwright's)
  --json                    print the JSON report instead of the table
  -h, --help                this text

Exit status: 0 nothing failed, 1 a requirement failed, 2 the run could not happen.`

function parseJson(flag: string, text: string | undefined): unknown {
  if (text === undefined) return undefined
  try {
    return JSON.parse(text)
  } catch {
    throw new Error(`${flag} must be JSON: ${text}`)
  }
}

function parseCategories(text: string | undefined): Category[] | undefined {
  if (!text) return undefined
  const names = text.split(',').map((name) => name.trim()).filter(Boolean)
  const unknown = names.filter((name) => !CATEGORIES.includes(name as Category))
  if (unknown.length) throw new Error(`Unknown categories: ${unknown.join(', ')} (known: ${CATEGORIES.join(', ')})`)
  return names as Category[]
}

/** The view's HTML, and where its relative URLs point: the file, or the URL it came from after redirects. */
async function readView(source: string): Promise<{ html: string; base: string }> {
  if (/^https?:\/\//i.test(source)) {
    const response = await fetch(source).catch((error: unknown) => {
      // Node's fetch says only "fetch failed"; the cause says why (ECONNREFUSED: is the server running?).
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error)
      throw new Error(`Could not fetch the view at ${source}: ${cause}`)
    })
    if (!response.ok) throw new Error(`${source}: HTTP ${response.status}`)
    return { html: await response.text(), base: response.url || source }
  }
  const path = resolve(source)
  if (!existsSync(path)) throw new Error(`No view file at ${path}: give the path of an HTML file or an http(s) URL`)
  return { html: readFileSync(path, 'utf8'), base: path }
}

export async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      out: { type: 'string', default: 'conformance-report' },
      only: { type: 'string' },
      'adapter-options': { type: 'string' },
      'sandbox-dir': { type: 'string' },
      csp: { type: 'string' },
      chromium: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  const [subject, target] = positionals
  if (values.help || !subject || !target || (subject !== 'host' && subject !== 'view') || positionals.length > 2) {
    console.log(USAGE)
    return values.help ? 0 : 2
  }
  const categories = parseCategories(values.only)
  const common = { categories, ...(values.chromium && { chromiumPath: values.chromium }) }
  const report: ConformanceReport =
    subject === 'host'
      ? await runHostConformance({ ...common, adapter: target, adapterOptions: parseJson('--adapter-options', values['adapter-options']), sandboxDir: values['sandbox-dir'] })
      : await runViewConformance({ ...common, ...(await readView(target)), name: target, csp: parseJson('--csp', values.csp) as never })
  const written = writeReports(report, values.out!)
  console.log(values.json ? JSON.stringify(report, null, 2) : formatTable(report))
  if (!values.json) console.log(`\nReports: ${written.json}\n         ${written.markdown}`)
  return report.summary.fail ? 1 : 0
}

/** Runs the CLI on `argv` and sets the exit status; what the bin calls. */
export function run(argv: string[]): Promise<void> {
  return main(argv).then(
    (code) => {
      process.exitCode = code
    },
    (error: unknown) => {
      console.error(`mcp-app-bridge-conformance: ${error instanceof Error ? error.message : String(error)}`)
      process.exitCode = 2
    },
  )
}

// `node dist/conformance/cli.js ...` runs it too (the bin imports this module and calls run()).
const entry = process.argv[1]
if (entry && existsSync(entry) && realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url))) void run(process.argv.slice(2))
