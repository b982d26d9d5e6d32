/**
 * Builds the test pages on the fly: the browser cannot resolve bare imports, so each page entry
 * (`test/browser/pages/*.ts`, importing our host or the official SDK from node_modules) is
 * bundled by esbuild into one script.
 *
 * We test what we ship: our view's page inlines `dist/mcp-app-bridge.iife.js` and only uses that
 * global, and the host pages import our public entries from `src/` in the source (for types) but
 * get the built `dist/` files in the bundle. The global setup makes sure `dist/` is fresh.
 */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { build, type Plugin } from 'esbuild'

export const ROOT = join(import.meta.dirname, '..', '..', '..')
export const IIFE_PATH = join(ROOT, 'dist', 'mcp-app-bridge.iife.js')
const PAGES = join(ROOT, 'test', 'browser', 'pages')
/** The public entries a page may import from `src/`, and the built file each one gets instead. */
const SHIPPED: Record<string, string> = {
  'src/host/index.ts': 'dist/host/index.js',
  'src/mcp-ui/index.ts': 'dist/mcp-ui/index.js',
  'src/openai/host.ts': 'dist/openai/host.js',
}

/** Swaps our public source entries for the built ones. Nothing else may import from `src/`. */
const testWhatWeShip: Plugin = {
  name: 'test-what-we-ship',
  setup(context) {
    context.onResolve({ filter: /\/src\// }, (args) => {
      const target = resolve(args.resolveDir, args.path).replace(/\.js$/, '.ts')
      const shipped = SHIPPED[target.slice(ROOT.length + 1)]
      if (shipped) return { path: join(ROOT, shipped) }
      if (args.kind === 'import-statement' && !args.importer.startsWith(join(ROOT, 'dist'))) {
        return { errors: [{ text: `Test pages import our code through its public entries only (got ${args.path})` }] }
      }
      return undefined
    })
  },
}

const cache = new Map<string, Promise<string>>()

/** One page entry bundled as a classic script (IIFE), cached for the life of the worker. */
export function bundlePage(entry: string): Promise<string> {
  let built = cache.get(entry)
  if (!built) {
    built = build({
      entryPoints: [join(PAGES, entry)],
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      legalComments: 'none',
      logLevel: 'silent',
      absWorkingDir: ROOT,
      plugins: [testWhatWeShip],
    }).then((result) => result.outputFiles[0]!.text)
    cache.set(entry, built)
  }
  return built
}

/** Text that can sit inside an inline `<script>` without closing it early. */
export function inlineScript(code: string): string {
  return `<script>${code.replace(/<\/script/gi, '<\\/script')}</script>`
}

/** The test host page (ours or the official one); its script is served at `scriptUrl`. */
export function hostPageHtml(kind: 'ours' | 'official', scriptUrl: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Test host (${kind})</title>
<style>body{margin:0;font:14px sans-serif;background:#fff} #views{width:600px;margin:8px;outline:1px solid #ccc}</style>
</head><body><div id="views"></div><script src="${scriptUrl}"></script></body></html>`
}

/** A view's complete HTML document: a single self-contained file, as MCP Apps ship. */
export async function viewHtml(kind: 'ours' | 'official'): Promise<string> {
  const scripts =
    kind === 'ours'
      ? inlineScript(readFileSync(IIFE_PATH, 'utf8')) + inlineScript(await bundlePage('our-view.ts'))
      : inlineScript(await bundlePage('official-view.ts'))
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test view (${kind})</title></head><body>${scripts}</body></html>`
}
