/**
 * Headless Chromium through playwright-core (an optional peer dependency of this entry only).
 *
 * The browser given, else `CHROMIUM_PATH`, else the system browser at `/usr/bin/chromium` when it
 * exists (Debian's package, which `scripts/ensure-chromium.sh` installs), else playwright's own.
 * Each launch gets a fresh profile in a temporary directory, removed on close.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext } from 'playwright-core'

export const DEFAULT_CHROMIUM = '/usr/bin/chromium'

/** The flags the kit runs Chromium with; `--user-data-dir` is added per launch. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

const WHAT_TO_DO =
  'Install Chromium (Debian/Ubuntu: apt-get install chromium) and point the kit at it with --chromium <path> (chromiumPath from code) or CHROMIUM_PATH, or install playwright\'s browser (npx playwright install chromium)'

export interface KitBrowser {
  context: BrowserContext
  close(): Promise<void>
}

export async function launchKitBrowser(executablePath?: string): Promise<KitBrowser> {
  let playwright: typeof import('playwright-core')
  try {
    playwright = await import('playwright-core')
  } catch {
    throw new Error('The conformance kit drives Chromium with playwright-core: install it (npm install --save-dev playwright-core)')
  }
  const path = executablePath ?? process.env.CHROMIUM_PATH ?? (existsSync(DEFAULT_CHROMIUM) ? DEFAULT_CHROMIUM : undefined)
  if (path && !existsSync(path)) throw new Error(`No Chromium at ${path} (${executablePath ? '--chromium / chromiumPath' : 'CHROMIUM_PATH'}). ${WHAT_TO_DO}`)
  const userDataDir = mkdtempSync(join(tmpdir(), 'mcp-app-bridge-conformance-'))
  try {
    // launchPersistentContext is playwright's way to pass --user-data-dir (launch() refuses it in args).
    const context = await playwright.chromium.launchPersistentContext(userDataDir, {
      ...(path && { executablePath: path }),
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1000, height: 900 },
      timeout: 30_000,
    })
    for (const page of context.pages()) await page.close()
    return {
      context,
      async close() {
        try {
          await context.close()
        } finally {
          rmSync(userDataDir, { recursive: true, force: true })
        }
      },
    }
  } catch (error) {
    rmSync(userDataDir, { recursive: true, force: true })
    // Playwright's own message is a boxed page that ends with advice for its own browsers only.
    const first = (error instanceof Error ? error.message : String(error)).split('\n')[0]
    throw new Error(`Chromium could not be started${path ? ` from ${path}` : ' (no --chromium, no CHROMIUM_PATH, no /usr/bin/chromium: tried playwright\'s own browser)'}: ${first}. ${WHAT_TO_DO}`)
  }
}
