/**
 * Builds each app into one self-contained HTML file, `dist/<app>.html`: the recommended way to
 * ship an MCP App. The view runs in a sandbox with `connect-src 'none'` and no origin of its
 * own, so everything it needs (script, styles) travels inside the `ui://` resource.
 *
 * An app is a folder with `index.html`, `app.ts` and `style.css`. The HTML references them the
 * way a dev server would (`<script type="module" src="./app.ts">`, `<link href="./style.css">`);
 * the build bundles each with esbuild (the app's `mcp-app-bridge/view` import included) and puts
 * the result in place of the reference.
 *
 *     npx tsx examples/apps/build.ts
 */
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const APPS_DIR = fileURLToPath(new URL('.', import.meta.url))
const OUT_DIR = fileURLToPath(new URL('./dist/', import.meta.url))

/** Builds every app; returns the files written. */
export async function buildApps(): Promise<string[]> {
  const apps = await listApps()
  await mkdir(OUT_DIR, { recursive: true })
  return Promise.all(
    apps.map(async (app) => {
      const file = `${OUT_DIR}${app}.html`
      await writeFile(file, await buildApp(app))
      return file
    }),
  )
}

/** The single-file HTML of one app. */
export async function buildApp(app: string): Promise<string> {
  const dir = `${APPS_DIR}${app}/`
  const [html, script, style] = await Promise.all([readFile(`${dir}index.html`, 'utf8'), bundle(`${dir}app.ts`), bundle(`${dir}style.css`)])
  const scriptTag = /<script type="module" src="\.\/app\.ts"><\/script>/
  const styleTag = /<link rel="stylesheet" href="\.\/style\.css" ?\/?>/
  if (!scriptTag.test(html) || !styleTag.test(html)) throw new Error(`${app}/index.html must reference ./app.ts and ./style.css`)
  return html
    .replace(styleTag, () => `<style>${style.replace(/<\/style/gi, '<\\/style')}</style>`)
    .replace(scriptTag, () => `<script>${script.replace(/<\/script/gi, '<\\/script')}</script>`)
}

async function bundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    write: false,
    // An IIFE declares no globals, and as a classic inline script it runs as soon as it is
    // parsed, so the app registers its listeners before the host has anything to say.
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    logLevel: 'silent',
    legalComments: 'none',
  })
  return result.outputFiles[0]!.text.trim()
}

async function listApps(): Promise<string[]> {
  const entries = await readdir(APPS_DIR, { withFileTypes: true })
  const apps: string[] = []
  for (const entry of entries) {
    if (!entry.isDirectory()) continue
    const isApp = await stat(`${APPS_DIR}${entry.name}/index.html`).then(() => true, () => false)
    if (isApp) apps.push(entry.name)
  }
  return apps.sort()
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const file of await buildApps()) console.log(`wrote ${file}`)
}
