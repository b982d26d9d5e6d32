/**
 * Builds the two library views as self-contained HTML documents, the way MCP Apps ship: ours
 * inlines the published script-tag bundle (`dist/mcp-app-bridge.iife.js`), the official one is
 * bundled from `@modelcontextprotocol/ext-apps`.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'

const ROOT = join(import.meta.dirname, '..', '..')

async function bundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [join(import.meta.dirname, entry)],
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
  return result.outputFiles[0]!.text
}

const script = (code: string) => `<script>${code.replace(/<\/script/gi, '<\\/script')}</script>`
const page = (title: string, scripts: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${scripts}</body></html>`

/** mcp-app-bridge's ViewBridge with the conformance probe (needs `npm run build` for the IIFE bundle). */
export async function ourViewHtml(): Promise<string> {
  return page('ViewBridge conformance view', script(readFileSync(join(ROOT, 'dist', 'mcp-app-bridge.iife.js'), 'utf8')) + script(await bundle('our-view.ts')))
}

/** The official App with the conformance probe. */
export async function officialViewHtml(): Promise<string> {
  return page('App conformance view', script(await bundle('official-view.ts')))
}
