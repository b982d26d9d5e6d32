/**
 * Runs once before the browser suite: makes sure the view bundle the tests load
 * (`dist/mcp-app-bridge.iife.js`, what apps ship) exists and is newer than every file in `src/`,
 * rebuilding with `npm run build` when it is not. `npm test` builds just before, so there this
 * is a quick check.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { IIFE_PATH, ROOT } from './bundle.js'

function newestMtime(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs)
  }
  return newest
}

export default function setup(): void {
  if (existsSync(IIFE_PATH) && statSync(IIFE_PATH).mtimeMs >= newestMtime(join(ROOT, 'src'))) return
  console.log('browser tests: dist/ is missing or older than src/, running npm run build')
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
  if (build.status !== 0) throw new Error('npm run build failed; the browser tests load dist/mcp-app-bridge.iife.js')
}
