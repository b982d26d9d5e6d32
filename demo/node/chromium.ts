/**
 * Starting the machine's Chromium headless through playwright-core, the way every browser check
 * in this project does: Debian's `/usr/bin/chromium`, a fresh profile, no background traffic.
 * (Never `npx playwright install`: it downloads browsers, and the demo must need no network.)
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type BrowserContext } from 'playwright-core'
import { CHROMIUM_ARGS, DEFAULT_CHROMIUM } from '../../src/conformance/runtime/browser.js'

// The project's one browser path and list of flags, shared with the tests and the conformance kit.
export const CHROMIUM_PATH = DEFAULT_CHROMIUM

const ENSURE_SCRIPT = fileURLToPath(new URL('../../scripts/ensure-chromium.sh', import.meta.url))

/** Makes sure Chromium is installed (through the project's script when it exists) or explains how. */
export function ensureChromium(): void {
  if (existsSync(ENSURE_SCRIPT)) {
    const run = spawnSync('bash', [ENSURE_SCRIPT], { stdio: ['ignore', 'inherit', 'inherit'] })
    if (run.status !== 0) throw new Error(`scripts/ensure-chromium.sh failed (exit ${run.status})`)
  }
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}. Install it with: sudo apt-get install -y chromium`)
  }
}

export interface Chromium {
  context: BrowserContext
  close(): Promise<void>
}

/** Launches Chromium with a fresh profile directory, removed again on `close()`. */
export async function launchChromium(viewport = { width: 1440, height: 960 }): Promise<Chromium> {
  // launch() refuses --user-data-dir; a persistent context on a fresh directory is the same thing.
  const profile = await mkdtemp(join(tmpdir(), 'mcp-app-bridge-chromium-'))
  try {
    const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, viewport })
    return {
      context,
      async close() {
        await context.close().catch(() => {})
        await rm(profile, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await rm(profile, { recursive: true, force: true })
    throw error
  }
}
