/**
 * Whether the library's build (`dist/`) is current, and the build when it is not: for the tools
 * that load built files (the browser tests load the view's script-tag bundle, the demo serves the
 * sandbox proxy page), so a fresh clone or a `src/` edited since the last build is built first.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../', import.meta.url))

function newestMtime(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs)
  }
  return newest
}

/** True when `builtFile` exists and is newer than every file in `src/`. */
export function isBuildFresh(builtFile: string): boolean {
  return existsSync(builtFile) && statSync(builtFile).mtimeMs >= newestMtime(join(ROOT, 'src'))
}

/** Runs `npm run build` (its output shown unless `quiet`); throws `failure` when it fails. */
export function buildLibrary(failure: string, quiet = false): void {
  const build = spawnSync('npm', ['run', 'build', ...(quiet ? ['--silent'] : [])], { cwd: ROOT, stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit' })
  if (build.status !== 0) throw new Error(failure)
}
