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
import type { OutputOptions, Plugin, RollupOptions } from 'rollup'
import { build, transform } from 'esbuild'
import { writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const input = {
  'protocol/index': 'src/protocol/index.ts',
  'view/index': 'src/view/index.ts',
  'host/index': 'src/host/index.ts',
  'sandbox-server/index': 'src/host/sandbox-server-entry.ts',
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

const ts = (declarations: boolean) =>
  typescript({
    tsconfig: './tsconfig.build.json',
    compilerOptions: {
      noEmit: false,
      declaration: declarations,
      ...(declarations ? { declarationDir: 'dist' } : {}),
      outDir: 'dist',
      rootDir: 'src',
      types: [],
    },
  })

const external = (id: string) => id === 'nanoevents' || id.startsWith('@modelcontextprotocol/') || id.startsWith('node:')

/** TypeScript to JavaScript, without type-checking (`tsc --noEmit` does that): fast enough for a test. */
const stripTypes = (): Plugin => ({
  name: 'strip-types',
  async transform(code, id) {
    if (!id.endsWith('.ts')) return null
    const result = await transform(code, { loader: 'ts', target: 'es2022', sourcefile: id, sourcemap: true })
    return { code: result.code, map: result.map }
  },
})

/**
 * The view as one minified script-tag bundle (global `McpAppBridge`), every dependency inlined.
 * Every app pays for it on every render, so it has a size budget: `test/view/size.test.ts`
 * builds it from this very object and measures it.
 */
export const viewIife: RollupOptions & { output: OutputOptions } = {
  input: 'src/view/index.ts',
  plugins: [nodeResolve({ extensions: ['.ts', '.js'] }), stripTypes()],
  // Nothing in src or nanoevents runs code on import, so unused modules and tables drop out.
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

const config: RollupOptions[] = [
  {
    input,
    external,
    plugins: [sandboxProxyPage(true), ts(true)],
    output: { dir: 'dist', format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
  },
  {
    input,
    external: (id) => id.startsWith('@modelcontextprotocol/') || id.startsWith('node:'),
    plugins: [sandboxProxyPage(false), nodeResolve(), ts(false)],
    output: { dir: 'dist', format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: 'chunks/[name]-[hash].cjs' },
  },
  viewIife,
]

export default config
