/**
 * The package as npm would publish it: `npm pack` of the built `dist`, unpacked into a consumer
 * project's `node_modules`, next to the peer packages its declarations name.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

export const root = resolve(import.meta.dirname, '../..')

export interface PackedConsumer {
  /** The consumer project: `node_modules/mcp-app-bridge` holds the unpacked tarball. */
  dir: string
  /** The package's own folder inside it. */
  packageDir: string
  /** Every path in the tarball, relative to the package. */
  files: string[]
  manifest: { exports: Record<string, unknown>; bin: Record<string, string> }
}

/** Packs and unpacks once; the peers (the MCP SDK, Node's types, playwright-core) are linked from this repository. */
export function packConsumer(): PackedConsumer {
  if (!existsSync(join(root, 'dist/view/index.js'))) throw new Error('test:package needs the build: run `npm run build` first')
  const dir = mkdtempSync(join(tmpdir(), 'mab-consumer-'))
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: root, encoding: 'utf8' })) as {
    filename: string
    files: { path: string }[]
  }[]
  const packageDir = join(dir, 'node_modules/mcp-app-bridge')
  mkdirSync(packageDir, { recursive: true })
  execFileSync('tar', ['-xzf', join(dir, packed!.filename), '-C', packageDir, '--strip-components=1'])
  for (const peer of ['@modelcontextprotocol', '@types', 'playwright-core']) {
    symlinkSync(join(root, 'node_modules', peer), join(dir, 'node_modules', peer))
  }
  return {
    dir,
    packageDir,
    files: packed!.files.map((file) => file.path),
    manifest: JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')),
  }
}
