/**
 * Headless Chromium the way the project runs it: Debian's `/usr/bin/chromium` through
 * playwright-core, the project's flags, a fresh profile. Plus the CDP probes the memory metric
 * needs: forced GC, heap size, and the `message` listeners on the host window.
 */
import { chromium, type BrowserContext, type CDPSession, type Frame, type Page } from 'playwright-core'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CHROMIUM_ARGS, DEFAULT_CHROMIUM } from '../../src/conformance/runtime/browser.js'
import { ROOT_DIR } from './build.js'

// The project's one list of flags and browser path, shared with the tests and the conformance kit.
export const CHROMIUM = DEFAULT_CHROMIUM

/** Installs Debian's Chromium when it is missing: the project's script if present, else apt. */
export function ensureChromium(log: (line: string) => void): void {
  if (existsSync(CHROMIUM)) return
  const script = join(ROOT_DIR, 'scripts', 'ensure-chromium.sh')
  if (existsSync(script)) {
    log(`${CHROMIUM} is missing: running scripts/ensure-chromium.sh`)
    execFileSync('bash', [script], { stdio: 'inherit' })
  } else {
    log(`${CHROMIUM} is missing: apt-get install -y chromium`)
    execFileSync('apt-get', ['update'], { stdio: 'inherit' })
    execFileSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit' })
  }
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is still missing`)
}

export interface Browser {
  context: BrowserContext
  version: string
  /** CPU seconds used so far by each Chromium process, by pid (CDP SystemInfo.getProcessInfo). */
  cpuTimes(): Promise<Map<number, { type: string; cpuTime: number }>>
  close(): Promise<void>
}

export async function launch(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'mcp-app-bridge-bench-'))
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
  const version = context.browser()?.version() ?? execFileSync(CHROMIUM, ['--version']).toString().trim()
  for (const page of context.pages()) await page.close()
  const session = await context.browser()!.newBrowserCDPSession()
  return {
    context,
    version,
    async cpuTimes() {
      const { processInfo } = await session.send('SystemInfo.getProcessInfo')
      return new Map(processInfo.map(({ id, type, cpuTime }) => [id, { type, cpuTime }]))
    },
    async close() {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

export interface BenchPage {
  page: Page
  cdp: CDPSession
  close(): Promise<void>
}

/** A fresh page on the bench server, with the driver loaded. */
export async function openPage(browser: Browser, url: string): Promise<BenchPage> {
  const page = await browser.context.newPage()
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`))
  await page.goto(url)
  await page.evaluate(() => window.benchReady)
  const cdp = await browser.context.newCDPSession(page)
  return {
    page,
    cdp,
    async close() {
      await cdp.detach().catch(() => {})
      await page.close()
    },
  }
}

/**
 * The pid of the renderer process running `target` (a page, or a frame in its own process):
 * the renderer whose CPU time grows most while a busy loop runs there. Chromium does not expose
 * the mapping, and a fresh frame may take over a pre-started spare process, so this asks the CPU.
 * Chromium 156 starts a spare renderer around a navigation, and its start-up can use more CPU than
 * the loop: a reading counts only when one renderer clearly did the loop's work and no other came
 * close; otherwise it is taken again.
 */
export async function rendererOf(browser: Browser, target: Page | Frame): Promise<number> {
  const busyMs = 300
  for (let attempt = 1; ; attempt++) {
    const before = await browser.cpuTimes()
    await target.evaluate((ms) => {
      const end = performance.now() + ms
      while (performance.now() < end);
    }, busyMs)
    const after = await browser.cpuTimes()
    const deltas = [...after]
      .filter(([, { type }]) => type === 'renderer')
      .map(([pid, { cpuTime }]) => ({ pid, delta: cpuTime - (before.get(pid)?.cpuTime ?? 0) }))
      .sort((a, b) => b.delta - a.delta)
    const [best, runnerUp] = deltas
    const clear = best && best.delta >= (0.6 * busyMs) / 1000 && (runnerUp?.delta ?? 0) < best.delta / 3
    if (clear) return best.pid
    if (attempt === 5) throw new Error(`No renderer stood out during the busy loop: ${JSON.stringify(deltas.slice(0, 3))}`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/** Forces full garbage collections (twice: the first can leave finalizer work for the second). */
export async function collectGarbage(cdp: CDPSession): Promise<void> {
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
}

/** Bytes used on the host page's JS heap. */
export async function heapUsed(cdp: CDPSession): Promise<number> {
  return (await cdp.send('Runtime.getHeapUsage')).usedSize
}

/** Number of `message` listeners registered on the host page's `window`. */
export async function messageListeners(cdp: CDPSession): Promise<number> {
  const { result } = await cdp.send('Runtime.evaluate', { expression: 'window' })
  try {
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! })
    return listeners.filter((listener) => listener.type === 'message').length
  } finally {
    await cdp.send('Runtime.releaseObject', { objectId: result.objectId! })
  }
}
