/**
 * The command line as users run it: the built bin, in a child process, against a view file and a
 * host adapter; its exit status, its table, and the JSON and Markdown reports it writes.
 */
import { execFile } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
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

/**
 * A view as a bundler leaves it: the HTML loads a stylesheet and the bridge by relative path, its
 * code as a module script, and an image by absolute path. It connects only when all of them
 * loaded, so a view whose assets fail never sends ui/initialize.
 */
function writeViewWithAssets(dir: string): string {
  mkdirSync(join(dir, 'lib'), { recursive: true })
  mkdirSync(join(dir, 'img'), { recursive: true })
  copyFileSync(join(ROOT, 'dist', 'mcp-app-bridge.iife.js'), join(dir, 'lib', 'view-bridge.js'))
  writeFileSync(join(dir, 'style.css'), 'body { --assets: loaded }')
  writeFileSync(join(dir, 'img', 'pixel.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>')
  writeFileSync(
    join(dir, 'app.js'),
    `const image = document.getElementById('pixel')
await image.decode()
const style = getComputedStyle(document.body).getPropertyValue('--assets').trim()
if (style !== 'loaded') throw new Error('style.css did not load')
const bridge = new McpAppBridge.ViewBridge({ appInfo: { name: 'view with assets', version: '1.0.0' }, capabilities: { availableDisplayModes: ['inline'] } })
await bridge.connect()`,
  )
  const page = join(dir, 'index.html')
  writeFileSync(page, '<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="style.css"><script src="lib/view-bridge.js"></script><script type="module" src="./app.js"></script></head><body><img id="pixel" src="/img/pixel.svg"></body></html>')
  return page
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
    expect(stdout).toMatch(/^FAIL +SHOULD +view-no-sandbox-messages +main: #\d+ in ui\/notifications\/sandbox-proxy-ready/m)
    expect(read('view-out', 'view-report').summary).toMatchObject({ fail: 1, failedMust: 0 })
  })

  it('loads a view file\'s relative scripts, module, stylesheet and image from its folder', async () => {
    const page = writeViewWithAssets(join(work, 'built-view'))
    const { code, stdout } = await run(['view', page, '--only', 'handshake', '--out', 'assets-file-out'])
    expect(code, stdout).toBe(0)
    expect(stdout).toMatch(/^PASS +SHOULD +view-initialize-params/m)
  })

  it('loads a view given by URL with its relative assets, after a redirect, from a server that sends no CORS headers', async () => {
    const dir = join(work, 'served-view')
    writeViewWithAssets(dir)
    // A plain static server: the opaque view frame's module script needs CORS, which the kit's proxy adds.
    // The view lives under /v1/ (its image at /img/), reached from /latest: relative URLs resolve against /v1/.
    const server = createServer((request, response) => {
      const url = decodeURIComponent((request.url ?? '/').split('?')[0]!)
      if (url === '/latest') return void response.writeHead(302, { Location: '/v1/index.html' }).end()
      if (!url.startsWith('/v1/') && !url.startsWith('/img/')) return void response.writeHead(404).end()
      const path = join(dir, url.replace(/^\/v1\//, '/'))
      try {
        const type = path.endsWith('.html') ? 'text/html' : path.endsWith('.css') ? 'text/css' : path.endsWith('.svg') ? 'image/svg+xml' : 'text/javascript'
        response.writeHead(200, { 'Content-Type': type }).end(readFileSync(path))
      } catch {
        response.writeHead(404).end()
      }
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/latest`
      const { code, stdout } = await run(['view', url, '--only', 'handshake', '--out', 'assets-url-out'])
      expect(code, stdout).toBe(0)
      expect(read('assets-url-out', 'view-report').implementation).toBe(url)
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
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

  it('says what to do about a view file, view URL or sandbox directory that cannot be read, and about a Chromium that cannot start', async () => {
    // A port that was just free: nothing listens there.
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const unreachable = await run(['view', `http://127.0.0.1:${port}/app.html`])
    expect(unreachable.code).toBe(2)
    expect(unreachable.stderr).toContain(`Could not fetch the view at http://127.0.0.1:${port}/app.html: connect ECONNREFUSED`)
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
