/**
 * Runs once before the browser suite: makes sure the view bundle the tests load
 * (`dist/mcp-app-bridge.iife.js`, what apps ship) exists and is newer than every file in `src/`,
 * rebuilding with `npm run build` when it is not. `npm test` builds just before, so there this
 * is a quick check.
 */
import { buildLibrary, isBuildFresh } from '../../../scripts/library-build.js'
import { IIFE_PATH } from './bundle.js'

export default function setup(): void {
  if (isBuildFresh(IIFE_PATH)) return
  console.log('browser tests: dist/ is missing or older than src/, running npm run build')
  buildLibrary('npm run build failed; the browser tests load dist/mcp-app-bridge.iife.js')
}
