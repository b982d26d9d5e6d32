/**
 * Builds the host page in memory with esbuild: the page script (the MCP `Client` and the
 * library's host entry included) and its stylesheet. No files are written, so `npm run demo`
 * never leaves build output behind.
 */
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

export interface PageAssets {
  html: string
  script: string
  style: string
}

const PAGE_DIR = fileURLToPath(new URL('../page/', import.meta.url))

export async function buildPageAssets(): Promise<PageAssets> {
  const [html, script, style] = await Promise.all([
    readFile(`${PAGE_DIR}index.html`, 'utf8'),
    bundle(`${PAGE_DIR}main.ts`, { format: 'esm', platform: 'browser', target: 'es2022' }),
    bundle(`${PAGE_DIR}styles/index.css`, {}),
  ])
  return { html, script, style }
}

async function bundle(entry: string, options: { format?: 'esm'; platform?: 'browser'; target?: string }): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    minify: true,
    logLevel: 'silent',
    legalComments: 'none',
    ...options,
  })
  return result.outputFiles[0]!.text
}
