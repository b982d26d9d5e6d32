/**
 * Builds every entry as ESM + CJS with declarations, and the view as one minified script-tag
 * bundle (global `McpAppBridge`) that an app can inline into its single HTML file.
 */
import typescript from '@rollup/plugin-typescript'
import { nodeResolve } from '@rollup/plugin-node-resolve'
import terser from '@rollup/plugin-terser'
import type { OutputOptions, Plugin, RollupOptions } from 'rollup'
import { build, transform } from 'esbuild'
import { existsSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const input = {
  'protocol/index': 'src/protocol/index.ts',
  'view/index': 'src/view/index.ts',
  'host/index': 'src/host/index.ts',
  'sandbox-server/index': 'src/host/sandbox-server-entry.ts',
  // Opt-in compatibility layers: separate entries, so the core entries never carry them.
  'mcp-ui/index': 'src/mcp-ui/index.ts',
  'openai/index': 'src/openai/index.ts',
  'openai/host': 'src/openai/host.ts',
}

/**
 * `virtual:sandbox-proxy-script`: the sandbox proxy page's script, bundled and minified, as a
 * string the sandbox-server entry inlines into the page. After the ES build, the page itself is
 * also written to `dist/sandbox-proxy.html` for static hosting.
 */
function sandboxProxyPage(writeHtml: boolean): Plugin {
  const id = 'virtual:sandbox-proxy-script'
  return {
    name: 'sandbox-proxy-page',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    async load(source) {
      if (source !== `\0${id}`) return null
      const result = await build({
        entryPoints: ['src/host/sandbox-proxy-entry.ts'],
        bundle: true,
        minify: true,
        format: 'iife',
        target: 'es2020',
        legalComments: 'none',
        write: false,
      })
      return `export default ${JSON.stringify(result.outputFiles[0]!.text.trim())}`
    },
    async writeBundle() {
      if (!writeHtml) return
      const entry = await import(pathToFileURL(resolve('dist/sandbox-server/index.js')).href)
      await writeFile('dist/sandbox-proxy.html', entry.SANDBOX_PROXY_HTML)
    },
  }
}

/**
 * Every `.d.ts` the ES build emits, again as `.d.cts` with its relative imports pointing at
 * `.cjs`: under `"type": "module"` a `.d.ts` types an ES module, so a CommonJS consumer
 * (`moduleResolution: node16`) that `require`s an entry needs declarations of its own format.
 */
const commonJsDeclarations: Plugin = {
  name: 'commonjs-declarations',
  generateBundle(_options, bundle) {
    for (const file of Object.values(bundle)) {
      if (file.type !== 'asset' || !file.fileName.endsWith('.d.ts')) continue
      this.emitFile({
        type: 'asset',
        fileName: file.fileName.replace(/\.d\.ts$/, '.d.cts'),
        source: String(file.source).replace(/((?:from|import\()\s*'\.{1,2}\/[^']*)\.js'/g, "$1.cjs'"),
      })
    }
  },
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

const external = (id: string) => id.startsWith('@modelcontextprotocol/') || id.startsWith('node:')

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

/**
 * The view as one minified script-tag bundle (global `McpAppBridge`), every dependency inlined.
 * Every app pays for it on every render, so it has a size budget: `test/view/size.test.ts`
 * builds it from this very object and measures it.
 */
export const viewIife: RollupOptions & { output: OutputOptions } = {
  input: 'src/view/index.ts',
  plugins: [nodeResolve({ extensions: ['.ts', '.js'] }), stripTypes],
  // Nothing in src runs code on import, so unused modules and tables drop out.
  treeshake: { moduleSideEffects: false },
  output: {
    file: 'dist/mcp-app-bridge.iife.js',
    format: 'iife',
    name: 'McpAppBridge',
    plugins: [
      terser({
        ecma: 2020,
        module: false,
        compress: { passes: 3, unsafe_arrows: true, pure_getters: true },
        // Private names (#field) cannot be reached from outside a class, so they are safe to shorten.
        mangle: { properties: { regex: /^#/ } },
      }),
    ],
  },
}

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

/** The kit's pages run in the browser: one self-contained script each, loaded by the kit at run time. */
const conformancePages: RollupOptions[] = ['scripted-view', 'scripted-host', 'host-runtime'].map((page) => ({
  input: `src/conformance/pages/${page}.ts`,
  plugins: [stripTypes],
  output: { file: `dist/conformance/pages/${page}.js`, format: 'iife' },
}))

/**
 * `window.openai` for apps written against the OpenAI Apps SDK, as one script-tag bundle that
 * installs itself as it loads (the view bridge inlined). Size: `test/compat/size.test.ts`.
 */
export const openaiIife: RollupOptions & { output: OutputOptions } = {
  ...viewIife,
  input: 'src/openai/iife.ts',
  output: { ...viewIife.output, file: 'dist/mcp-app-bridge-openai.iife.js', name: undefined },
}

const config: RollupOptions[] = [
  {
    input,
    external,
    plugins: [sandboxProxyPage(true), ts(true), commonJsDeclarations],
    output: { dir: 'dist', format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
  },
  {
    input,
    external,
    plugins: [sandboxProxyPage(false), ts(false)],
    output: { dir: 'dist', format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: 'chunks/[name]-[hash].cjs' },
  },
  viewIife,
  conformance,
  ...conformancePages,
  openaiIife,
]

export default config
