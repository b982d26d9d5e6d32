/**
 * Builds every entry as ESM + CJS with declarations, and the view as one minified script-tag
 * bundle (global `McpAppBridge`) that an app can inline into its single HTML file.
 *
 * nanoevents is ESM-only: the ESM build leaves it to the consumer's bundler (it is a dependency),
 * the CJS and IIFE builds inline it.
 */
import typescript from '@rollup/plugin-typescript'
import { nodeResolve } from '@rollup/plugin-node-resolve'
import terser from '@rollup/plugin-terser'
import type { Plugin, RollupOptions } from 'rollup'
import { transform } from 'esbuild'
import { existsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

const input = {
  'protocol/index': 'src/protocol/index.ts',
  'view/index': 'src/view/index.ts',
  'host/index': 'src/host/index.ts',
}

const ts = (declarations: boolean, kit = false) =>
  typescript({
    // The bridges' program leaves the conformance kit out: it is Node code, typed against Node.
    tsconfig: kit ? './tsconfig.conformance.json' : './tsconfig.build.json',
    compilerOptions: {
      noEmit: false,
      declaration: declarations,
      ...(declarations ? { declarationDir: 'dist' } : {}),
      outDir: 'dist',
      rootDir: 'src',
      types: kit ? ['node'] : [],
      // `npm run typecheck` checks the kit; checking it again per bundle would only cost minutes.
      ...(kit && { noCheck: true }),
    },
  })

const external = (id: string) => id === 'nanoevents' || id.startsWith('@modelcontextprotocol/')

/**
 * The conformance kit (`mcp-app-bridge/conformance` and the CLI) runs in Node: ESM only, with
 * Node's types; playwright-core and esbuild are optional peers, loaded when a run needs them.
 */
const conformance: RollupOptions = {
  input: { 'conformance/index': 'src/conformance/index.ts', 'conformance/cli': 'src/conformance/cli.ts' },
  external: (id) => external(id) || id.startsWith('node:') || id === 'playwright-core' || id === 'esbuild',
  plugins: [ts(true, true)],
  output: { dir: 'dist', format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/conformance-[name]-[hash].js' },
}

/**
 * Strips types with esbuild, file by file, for bundles that need no declarations: a TypeScript
 * program per bundle costs seconds each, and `npm run typecheck` checks these files anyway.
 */
const stripTypes: Plugin = {
  name: 'strip-types',
  resolveId(source, importer) {
    if (!importer?.endsWith('.ts') || !source.startsWith('.') || !source.endsWith('.js')) return null
    const candidate = resolve(dirname(importer), source.replace(/\.js$/, '.ts'))
    return existsSync(candidate) ? candidate : null
  },
  async transform(code, id) {
    if (!id.endsWith('.ts')) return null
    const result = await transform(code, { loader: 'ts', target: 'es2022', sourcefile: id, sourcemap: true })
    return { code: result.code, map: result.map }
  },
}

/** The kit's pages run in the browser: one self-contained script each, loaded by the kit at run time. */
const conformancePages: RollupOptions[] = ['scripted-view', 'scripted-host', 'host-runtime'].map((page) => ({
  input: `src/conformance/pages/${page}.ts`,
  plugins: [stripTypes],
  output: { file: `dist/conformance/pages/${page}.js`, format: 'iife' },
}))

const config: RollupOptions[] = [
  {
    input,
    external,
    plugins: [ts(true)],
    output: { dir: 'dist', format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
  },
  {
    input,
    external: (id) => id.startsWith('@modelcontextprotocol/'),
    plugins: [nodeResolve(), ts(false)],
    output: { dir: 'dist', format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: 'chunks/[name]-[hash].cjs' },
  },
  {
    input: 'src/view/index.ts',
    plugins: [nodeResolve(), ts(false)],
    output: {
      file: 'dist/mcp-app-bridge.iife.js',
      format: 'iife',
      name: 'McpAppBridge',
      plugins: [terser({ ecma: 2020, module: false, compress: { passes: 2 }, mangle: { properties: { regex: /^#/ } } })],
    },
  },
  conformance,
  ...conformancePages,
]

export default config
