/**
 * A module's shipped size, as the size tests measure it: `contents` (an entry written inline,
 * paths from the repository root) bundled by esbuild, minified, every dependency included but
 * `external`, then gzip level 9.
 */
import { build } from 'esbuild'
import { gzipSync } from 'node:zlib'

export async function bundleSize(contents: string, external: string[] = []): Promise<{ code: string; gzip: number }> {
  const result = await build({
    stdin: { contents, resolveDir: process.cwd(), loader: 'ts', sourcefile: 'entry.ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    external,
    write: false,
    logLevel: 'silent',
    legalComments: 'none',
  })
  const code = result.outputFiles[0]!.text
  return { code, gzip: gzipSync(code, { level: 9 }).length }
}
