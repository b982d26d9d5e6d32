/**
 * Makes sure the library's build (`dist/`) is there and newer than `src/`. The demo's page and
 * apps are bundled from the sources on the fly, but the sandbox proxy page only exists built
 * (`npm run build` bundles it into `mcp-app-bridge/sandbox-server`), so a fresh clone, or a
 * `src/` edited since the last build, gets one build before the demo starts.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const BUILT_ENTRY = join(ROOT, 'dist', 'sandbox-server', 'index.js')

function newestMtime(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs)
  }
  return newest
}

export function ensureLibraryBuilt(report: (line: string) => void): void {
  if (existsSync(BUILT_ENTRY) && statSync(BUILT_ENTRY).mtimeMs >= newestMtime(join(ROOT, 'src'))) return
  report('  Building the library first (npm run build): dist/ is missing or older than src/…')
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
  if (build.status !== 0) throw new Error('npm run build failed: the demo serves the sandbox proxy page from dist/')
}
