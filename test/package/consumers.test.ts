/**
 * The published package, as its consumers meet it: the tarball `npm pack` makes, unpacked into a
 * project, imported and required by Node and type-checked by TypeScript under every module
 * resolution a chat host or an app might use (bundler, node16 from ESM and from CommonJS, node10).
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, posix } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packConsumer, root, type PackedConsumer } from './packed.js'

let consumer: PackedConsumer

beforeAll(() => {
  consumer = packConsumer()
})
afterAll(() => rmSync(consumer.dir, { recursive: true, force: true }))

/** Entries with both an ES and a CommonJS build; the conformance kit is ES only (it runs in Node, under playwright-core). */
const dualEntries = ['protocol', 'view', 'host', 'sandbox-server', 'mcp-ui', 'openai', 'openai/host']

const node = (args: string[]) => execFileSync(process.execPath, args, { cwd: consumer.dir, encoding: 'utf8' })

describe('the tarball', () => {
  it('holds every file its exports name', () => {
    const targets = (value: unknown): string[] => (typeof value === 'string' ? [posix.normalize(value)] : Object.values(value as object).flatMap(targets))
    const missing = targets(consumer.manifest.exports).filter((target) => target !== 'package.json' && !consumer.files.includes(target))
    expect(missing).toEqual([])
  })

  it('holds no chunk that no entry loads (a stale build would ship them)', () => {
    const reached = new Set<string>()
    const visit = (file: string) => {
      if (reached.has(file) || !consumer.files.includes(file)) return
      reached.add(file)
      const text = readFileSync(join(consumer.packageDir, file), 'utf8')
      for (const [, specifier] of text.matchAll(/(?:from|import\(|require\()\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
        visit(posix.normalize(posix.join(posix.dirname(file), specifier!)))
      }
    }
    for (const file of consumer.files.filter((file) => /\/index\.c?js$|^dist\/openai\/host\.c?js$|^dist\/conformance\/cli\.js$/.test(file))) visit(file)
    expect(consumer.files.filter((file) => file.startsWith('dist/chunks/') && !reached.has(file))).toEqual([])
  })

  it('leaves out sources, tests and the workspace, and keeps the documents a user of the package reads', () => {
    const documents = ['package.json', 'README.md', 'LICENSE', 'READINGS.md', 'SECURITY.md', 'conformance/README.md']
    expect(consumer.files.filter((file) => !/^(dist|bin)\//.test(file) && !documents.includes(file))).toEqual([])
    expect(documents.filter((file) => !consumer.files.includes(file))).toEqual([])
  })
})

describe('Node loads every entry', () => {
  it('the ES build and the CommonJS build of an entry export the same names', () => {
    for (const entry of dualEntries) {
      const specifier = `mcp-app-bridge/${entry}`
      const imported = node(['--input-type=module', '-e', `console.log(Object.keys(await import('${specifier}')).sort().join())`])
      const required = node(['-e', `console.log(Object.keys(require('${specifier}')).sort().join())`])
      expect(required, entry).toBe(imported)
      expect(imported.split(',').length, entry).toBeGreaterThan(2)
    }
  })

  it('each entry exports what the README shows', () => {
    const names = (specifier: string) => node(['--input-type=module', '-e', `console.log(Object.keys(await import('${specifier}')).join())`]).trim().split(',')
    expect(names('mcp-app-bridge/view')).toEqual(expect.arrayContaining(['ViewBridge', 'applyHostStyles']))
    expect(names('mcp-app-bridge/host')).toEqual(expect.arrayContaining(['mountApp', 'HostBridge', 'filterModelTools']))
    expect(names('mcp-app-bridge/sandbox-server')).toEqual(expect.arrayContaining(['startSandboxServer', 'SANDBOX_PROXY_HTML']))
    expect(names('mcp-app-bridge/conformance')).toEqual(expect.arrayContaining(['runHostConformance', 'runViewConformance']))
  })

  it('the conformance CLI runs from the installed package', () => {
    const bin = consumer.manifest.bin['mcp-app-bridge-conformance']!
    expect(node([join(consumer.packageDir, bin), '--help'])).toMatch(/^Usage:\n  mcp-app-bridge-conformance host/)
  })

  it('the script-tag bundle defines the McpAppBridge global', () => {
    const script = readFileSync(join(consumer.packageDir, 'dist/mcp-app-bridge.iife.js'), 'utf8')
    const keys = node(['-e', `${script};console.log(Object.keys(McpAppBridge).join())`])
    expect(keys).toContain('ViewBridge')
  })
})

/** One use of every entry; the `@ts-expect-error` lines fail to compile if an entry's types resolve to `any`. */
const usage = (withKit: boolean) => `
import { ViewBridge, applyHostStyles } from 'mcp-app-bridge/view'
import { HostBridge, mountApp } from 'mcp-app-bridge/host'
import { INITIALIZE, BridgeError, buildCsp } from 'mcp-app-bridge/protocol'
import { buildSandboxUrl, createSandboxHandler } from 'mcp-app-bridge/sandbox-server'
import { mountMcpUiApp } from 'mcp-app-bridge/mcp-ui'
import { installOpenAiShim } from 'mcp-app-bridge/openai'
import { injectOpenAiShim } from 'mcp-app-bridge/openai/host'
${withKit ? "import { runHostConformance } from 'mcp-app-bridge/conformance'" : ''}

const view = new ViewBridge({ appInfo: { name: 'app', version: '1.0.0' } })
const off: () => void = view.on('toolresult', (result) => void result.content)
const method: 'ui/initialize' = INITIALIZE
const csp: string = buildCsp({}).policy
// @ts-expect-error appInfo is required
new ViewBridge({})
// @ts-expect-error no such event
view.on('no-such-event', () => {})
// @ts-expect-error the shim's script is required
injectOpenAiShim('<html></html>')
export const used = [off, method, csp, applyHostStyles, HostBridge, mountApp, BridgeError, buildSandboxUrl, createSandboxHandler, mountMcpUiApp, installOpenAiShim${withKit ? ', runHostConformance' : ''}]
`

/** Module settings as consumers write them, each with the file extension that gives its module format. */
const modes = {
  bundler: { file: 'use.ts', options: { module: 'esnext', moduleResolution: 'bundler' }, withKit: true },
  'node16, ES module': { file: 'use.mts', options: { module: 'node16', moduleResolution: 'node16' }, withKit: true },
  'node16, CommonJS': { file: 'use.cts', options: { module: 'node16', moduleResolution: 'node16' }, withKit: false },
  node10: { file: 'use.ts', options: { module: 'commonjs', moduleResolution: 'node10' }, withKit: false },
}

describe('TypeScript finds real declarations', () => {
  for (const [mode, { file, options, withKit }] of Object.entries(modes)) {
    it(mode, () => {
      const project = join(consumer.dir, mode.replace(/\W+/g, '-'))
      mkdirSync(project, { recursive: true })
      writeFileSync(join(project, file), usage(withKit))
      const compilerOptions = { ...options, target: 'es2022', lib: ['es2022', 'dom'], types: ['node'], strict: true, noEmit: true, skipLibCheck: true }
      writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: [file] }))
      const tsc = join(root, 'node_modules/typescript/bin/tsc')
      let output = ''
      try {
        execFileSync(process.execPath, [tsc, '-p', project], { cwd: dirname(project), encoding: 'utf8' })
      } catch (error) {
        output = String((error as { stdout?: string }).stdout ?? error)
      }
      expect(output).toBe('')
    })
  }
})
