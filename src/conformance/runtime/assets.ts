/**
 * The scripts the kit puts in the browser: its own pages, prebuilt into
 * `dist/conformance/pages/*.js` by `npm run build` (one IIFE each), and the host adapter under
 * test, bundled on the fly by esbuild (an optional peer dependency, needed for `host` runs only).
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ADAPTER_GLOBAL } from '../pages/contract.js'

export type KitPage = 'scripted-view' | 'scripted-host' | 'host-runtime'

/** The directory of the mcp-app-bridge package this module belongs to (source tree or installed). */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'mcp-app-bridge') return dir
    const parent = dirname(dir)
    if (parent === dir) throw new Error('The conformance kit cannot find the mcp-app-bridge package it belongs to')
    dir = parent
  }
}

/** The version of the mcp-app-bridge package (and so of the kit). */
export function kitVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version
}

const pages = new Map<KitPage, string>()

/** The prebuilt script of one kit page. */
export function kitPageScript(page: KitPage): string {
  let script = pages.get(page)
  if (script === undefined) {
    const path = join(packageRoot(), 'dist', 'conformance', 'pages', `${page}.js`)
    if (!existsSync(path)) throw new Error(`${path} is missing: build the package first (npm run build)`)
    script = readFileSync(path, 'utf8')
    pages.set(page, script)
  }
  return script
}

/** Text that can sit inside an inline `<script>` without closing it early. */
export function inlineScript(code: string): string {
  return `<script>${code.replace(/<\/script/gi, '<\\/script')}</script>`
}

export interface BundleOptions {
  /** Import specifiers to redirect (esbuild `alias`), e.g. to test a built copy of a library. */
  alias?: Record<string, string>
}

/**
 * Bundles a host adapter module for the browser: one IIFE that leaves the module's exports on
 * `window.__mcpConformanceAdapter`. Bare imports resolve from the adapter's own directory.
 */
export async function bundleAdapter(modulePath: string, options: BundleOptions = {}): Promise<string> {
  let esbuild: typeof import('esbuild')
  try {
    esbuild = await import('esbuild')
  } catch {
    throw new Error('The conformance kit bundles host adapters with esbuild: install it (npm install --save-dev esbuild)')
  }
  const entry = resolve(modulePath)
  if (!existsSync(entry)) throw new Error(`No adapter module at ${entry}`)
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: ADAPTER_GLOBAL,
    platform: 'browser',
    target: 'es2022',
    legalComments: 'none',
    logLevel: 'silent',
    absWorkingDir: dirname(entry),
    ...(options.alias && { alias: options.alias }),
  })
  return result.outputFiles[0]!.text
}
