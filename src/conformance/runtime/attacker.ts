/**
 * The attacker of the origin checks: a page that keeps every message it receives (an answer to
 * a forged request would land here) and posts what the driver tells it. Served on the sandbox
 * origin, and used as the srcdoc of an opaque frame (the origin of an opaque view).
 */
import type { Frame, Page } from 'playwright-core'

export const ATTACKER_PATH = '/kit/attacker.html'

export const ATTACKER_HTML = `<!doctype html><meta charset="utf-8"><title>conformance attacker</title>
<script>window.inbox = []; addEventListener('message', (e) => inbox.push(e.data))</script>`

/** The attacker frame `matches` picks, once its script ran (`undefined` after 10 s). */
export async function findAttacker(page: Page, matches: (frame: Frame) => boolean): Promise<Frame | undefined> {
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    const frame = page.frames().find(matches)
    if (frame && (await frame.evaluate(() => 'inbox' in window).catch(() => false))) return frame
    await page.waitForTimeout(50)
  }
  return undefined
}
