/**
 * Builds test views as self-contained HTML documents, the way MCP Apps ship: a view on our
 * `ViewBridge` inlines the published script-tag bundle (`dist/mcp-app-bridge.iife.js`, so run
 * `npm run build` first) before its own bundle; the official one is bundled from
 * `@modelcontextprotocol/ext-apps`.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'

const ROOT = join(import.meta.dirname, '..', '..')

const script = (code: string) => `<script>${code.replace(/<\/script/gi, '<\\/script')}</script>`

export interface ViewBuild {
  /** The page title. */
  title: string
  /** Inline the shipped ViewBridge bundle (global `McpAppBridge`) first. */
  viewBridge?: boolean
  /** Script text to run before everything else (e.g. a setting the view reads). */
  prelude?: string
}

/** Bundles `entry` (a TypeScript module) into one HTML document. */
export async function viewHtml(entry: string, options: ViewBuild): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    absWorkingDir: ROOT,
  })
  const scripts = [
    ...(options.prelude ? [options.prelude] : []),
    ...(options.viewBridge ? [readFileSync(join(ROOT, 'dist', 'mcp-app-bridge.iife.js'), 'utf8')] : []),
    result.outputFiles[0]!.text,
  ]
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${options.title}</title></head><body>${scripts.map(script).join('')}</body></html>`
}

/** mcp-app-bridge's ViewBridge with the conformance probe. */
export const ourViewHtml = () => viewHtml(join(import.meta.dirname, 'our-view.ts'), { title: 'ViewBridge conformance view', viewBridge: true })

/** The official App with the conformance probe. */
export const officialViewHtml = () => viewHtml(join(import.meta.dirname, 'official-view.ts'), { title: 'App conformance view' })
