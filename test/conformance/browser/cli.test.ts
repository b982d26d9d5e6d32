/**
 * The command line as users run it: the built bin, in a child process, against a view file and a
 * host adapter; its exit status, its table, and the JSON and Markdown reports it writes.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { viewHtml } from '../../../conformance/views/build.js'
import type { ConformanceReport } from '../../../src/conformance/index.js'
import { ADAPTERS } from './implementations.js'
import { ROOT } from './kit-env.js'

const BIN = join(ROOT, 'bin', 'mcp-app-bridge-conformance.js')
const work = mkdtempSync(join(tmpdir(), 'conformance-cli-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

function run(args: string[], script = BIN): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [script, ...args], { cwd: work, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 2) : 0, stdout, stderr })
    })
  })
}

const read = (dir: string, name: string) => JSON.parse(readFileSync(join(work, dir, `${name}.json`), 'utf8')) as ConformanceReport

describe('mcp-app-bridge-conformance', () => {
  it('tests a host adapter: prints the table, writes the reports, exits 0 when nothing failed', async () => {
    const { code, stdout } = await run(['host', ADAPTERS.ours, '--only', 'handshake,visibility', '--out', 'host-out'])
    expect(code, stdout).toBe(0)
    expect(stdout).toMatch(/^PASS +MUST +host-visibility-enforced/m)
    const report = read('host-out', 'host-report')
    expect(report.categories).toEqual(['handshake', 'visibility'])
    expect(report.results.map((result) => result.status)).not.toContain('FAIL')
    expect(readFileSync(join(work, 'host-out', 'host-report.md'), 'utf8')).toContain('| `host-visibility-enforced` | MUST | **PASS** |')
  })

  it('tests a view file and exits 1 when a requirement failed', async () => {
    const file = join(work, 'noisy-view.html')
    const broken = join(ROOT, 'test', 'conformance', 'broken', 'broken-view.ts')
    writeFileSync(file, await viewHtml(broken, { title: 'noisy view', viewBridge: true, prelude: 'window.__brokenViewFault = "sandbox"' }))
    const { code, stdout } = await run(['view', file, '--only', 'handshake,sandbox', '--out', 'view-out'])
    expect(code, stdout).toBe(1)
    expect(stdout).toMatch(/^FAIL +MUST +view-no-sandbox-messages +main: #\d+ in ui\/notifications\/sandbox-proxy-ready/m)
    expect(read('view-out', 'view-report').summary).toMatchObject({ fail: 1, failedMust: 1 })
  })

  it('exits 2 with the usage for a wrong command, and names an unknown category', async () => {
    const usage = await run(['probe', 'x'])
    expect(usage.code).toBe(2)
    expect(usage.stdout).toContain('Usage:')
    const unknown = await run(['view', 'x.html', '--only', 'handshake,teleport'])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('Unknown categories: teleport')
  })

  it('runs as `node dist/conformance/cli.js` too, instead of exiting 0 having done nothing', async () => {
    const usage = await run(['probe', 'x'], join(ROOT, 'dist', 'conformance', 'cli.js'))
    expect(usage.code).toBe(2)
    expect(usage.stdout).toContain('Usage:')
  })

  it('says what to do about a view file or sandbox directory that does not exist, and about a Chromium that cannot start', async () => {
    const missing = await run(['view', 'no-such-view.html'])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain(`No view file at ${join(work, 'no-such-view.html')}: give the path of an HTML file or an http(s) URL`)
    const noBrowser = await run(['host', ADAPTERS.ours, '--only', 'handshake', '--chromium', join(work, 'no-chromium')])
    expect(noBrowser.code).toBe(2)
    expect(noBrowser.stderr).toContain(`No Chromium at ${join(work, 'no-chromium')}`)
    expect(noBrowser.stderr).toContain('--chromium <path>')
    const noSandboxDir = await run(['host', ADAPTERS.ours, '--only', 'handshake', '--sandbox-dir', 'no-such-dir'])
    expect(noSandboxDir.code).toBe(2)
    expect(noSandboxDir.stderr).toContain(`The sandbox directory ${join(work, 'no-such-dir')} (--sandbox-dir / sandboxDir) is not a directory`)
  })
})
