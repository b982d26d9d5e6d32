/**
 * Makes sure the library's build (`dist/`) is there and newer than `src/`. The demo's page and
 * apps are bundled from the sources on the fly, but the sandbox proxy page only exists built
 * (`npm run build` bundles it into `mcp-app-bridge/sandbox-server`), so a fresh clone, or a
 * `src/` edited since the last build, gets one build before the demo starts.
 */
import { join } from 'node:path'
import { buildLibrary, isBuildFresh, ROOT } from '../../scripts/library-build.js'

const BUILT_ENTRY = join(ROOT, 'dist', 'sandbox-server', 'index.js')

export function ensureLibraryBuilt(report: (line: string) => void): void {
  if (isBuildFresh(BUILT_ENTRY)) return
  report('  Building the library first (npm run build): dist/ is missing or older than src/…')
  buildLibrary('npm run build failed: the demo serves the sandbox proxy page from dist/', true)
}
