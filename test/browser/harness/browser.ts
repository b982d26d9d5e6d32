/**
 * One headless Debian Chromium per test file, driven by playwright-core.
 *
 * Only the system browser at /usr/bin/chromium is used (installed by scripts/ensure-chromium.sh);
 * playwright's own browser downloads are never involved. Each launch gets a fresh profile in a
 * temporary directory, removed on close, so runs cannot leak state into each other.
 */
import { mkdtempSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core'

// One definition of the project's Chromium and its flags, shared with the conformance kit (which ships it).
import { CHROMIUM_ARGS, DEFAULT_CHROMIUM as CHROMIUM_PATH } from '../../../src/conformance/runtime/browser.js'

export { CHROMIUM_ARGS, CHROMIUM_PATH }

export interface TestBrowser {
  /** Opens a page that records its console and errors (all frames) for diagnostics. */
  newPage(): Promise<TestPage>
  close(): Promise<void>
}

export interface TestPage {
  page: Page
  /** Console lines and uncaught errors of the page and all its frames, oldest first. */
  console: string[]
  close(): Promise<void>
}

export interface LaunchOptions {
  /**
   * Real (classic) scrollbars that take room in the page, as users have: playwright's headless
   * default (`--hide-scrollbars`) draws none, so `100vw` and `100%` of the viewport coincide.
   */
  scrollbars?: boolean
}

export async function launchBrowser(options: LaunchOptions = {}): Promise<TestBrowser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: run scripts/ensure-chromium.sh (npm run test:browser does it for you)`)
  }
  const userDataDir = mkdtempSync(join(tmpdir(), 'mcp-app-bridge-chromium-'))
  let context: BrowserContext
  try {
    // launchPersistentContext is playwright's way to pass --user-data-dir (launch() refuses it in args).
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      ...(options.scrollbars && { ignoreDefaultArgs: ['--hide-scrollbars'] }),
      viewport: { width: 1000, height: 900 },
      timeout: 30_000,
    })
  } catch (error) {
    rmSync(userDataDir, { recursive: true, force: true })
    throw error
  }
  // The persistent context opens with one blank page; scenarios make their own.
  for (const page of context.pages()) await page.close()
  return {
    async newPage() {
      const page = await context.newPage()
      const lines: string[] = []
      const keep = (line: string) => {
        lines.push(line.length > 500 ? `${line.slice(0, 500)}…` : line)
        if (lines.length > 200) lines.shift()
      }
      page.on('console', (message: ConsoleMessage) => keep(`[console.${message.type()}] ${frameLabel(message)}${message.text()}`))
      page.on('pageerror', (error) => keep(`[pageerror] ${error.message}`))
      return { page, console: lines, close: () => page.close() }
    },
    async close() {
      try {
        await context.close()
      } finally {
        rmSync(userDataDir, { recursive: true, force: true })
      }
    },
  }
}

/** Where a console line came from: the frame's URL (views in an opaque frame are `about:srcdoc`). */
function frameLabel(message: ConsoleMessage): string {
  const url = message.location().url
  return url ? `(${url.slice(0, 80)}) ` : ''
}
