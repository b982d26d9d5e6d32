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
import type { RollupOptions } from 'rollup'

const input = {
  'protocol/index': 'src/protocol/index.ts',
  'view/index': 'src/view/index.ts',
  'host/index': 'src/host/index.ts',
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

const external = (id: string) => id === 'nanoevents' || id.startsWith('@modelcontextprotocol/')

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
]

export default config
