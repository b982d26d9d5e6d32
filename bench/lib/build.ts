/**
 * Bundling with esbuild exactly as the size metric is defined: `--bundle --minify`, every
 * dependency included (unless a caller names what to leave out), one browser script. The runtime
 * bundles are built the same way, so the code that runs is the code that is measured.
 */
import { build, type Metafile } from 'esbuild'
import { gzipSync } from 'node:zlib'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

export const BENCH_DIR = dirname(dirname(fileURLToPath(import.meta.url)))
export const ROOT_DIR = dirname(BENCH_DIR)

export interface Bundle {
  code: string
  bytes: number
  /** gzip at level 9, as `gzip -9` would give. */
  gzipBytes: number
  /** Bytes each input contributed to the minified output, largest first (paths relative to the repo). */
  inputs: Array<{ path: string; bytes: number }>
}

export interface BundleOptions {
  /** An entry file under `bench/`, or the source of an entry (resolved from `bench/`). */
  entry: { file: string } | { source: string }
  /** Packages left out of the bundle (for "excluding @modelcontextprotocol/sdk"). */
  external?: string[]
  /** Minify (default true). Off only for diagnostics that need readable function names. */
  minify?: boolean
}

export async function bundle({ entry, external = [], minify = true }: BundleOptions): Promise<Bundle> {
  const result = await build({
    ...('file' in entry ? { entryPoints: [join(BENCH_DIR, entry.file)] } : { stdin: { contents: entry.source, resolveDir: BENCH_DIR, loader: 'ts' as const } }),
    absWorkingDir: ROOT_DIR,
    bundle: true,
    minify,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    external,
    write: false,
    metafile: true,
    logLevel: 'warning',
  })
  const code = result.outputFiles[0]!.text
  const bytes = Buffer.byteLength(code)
  return { code, bytes, gzipBytes: gzipSync(code, { level: 9 }).length, inputs: inputsOf(result.metafile) }
}

function inputsOf(metafile: Metafile): Bundle['inputs'] {
  const output = Object.values(metafile.outputs)[0]!
  return Object.entries(output.inputs)
    .map(([path, { bytesInOutput }]) => ({ path: normalize(path), bytes: bytesInOutput }))
    .filter((input) => input.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes)
}

/** `../main/node_modules/zod/...` (node_modules is a symlink) → `node_modules/zod/...`. */
function normalize(path: string): string {
  const at = path.lastIndexOf('node_modules/')
  return at >= 0 ? path.slice(at) : relative(ROOT_DIR, join(ROOT_DIR, path))
}

/** The npm package an input belongs to (`zod`, `@modelcontextprotocol/core`), or `undefined` for our own files. */
export function packageOf(path: string): string | undefined {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)
  return match?.[1]
}
