/**
 * `--screenshot`: drives the running demo in headless Chromium the way a person would (call
 * every UI tool, then, when the example booking form is there, check availability and send the
 * booking back to the conversation) and saves a PNG. It fails loudly when a view does not render,
 * which makes it the check for a machine without a display.
 */
import { resolve } from 'node:path'
import type { FrameLocator, Page } from 'playwright-core'
import { ensureChromium, launchChromium } from './chromium.js'

const VIEW_TIMEOUT_MS = 20_000

export async function captureScreenshot(url: string, file: string, report: (line: string) => void): Promise<string> {
  ensureChromium()
  // Tall enough to show all three example views and the booking's user turn at once.
  const chromium = await launchChromium({ width: 1440, height: 1320 })
  try {
    const page = chromium.context.pages()[0] ?? (await chromium.context.newPage())
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(url)
    await page.waitForSelector('#server-status:is([data-connection="connected"], [data-connection="error"])', { timeout: VIEW_TIMEOUT_MS })
    if ((await page.getAttribute('#server-status', 'data-connection')) !== 'connected') {
      throw new Error(`The page could not connect to the MCP server: ${await page.textContent('#tools')}`)
    }
    const tools = await page.locator('.tool-item').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.tool!))
    if (!tools.length) throw new Error('The server offers no UI tools')
    for (const tool of tools) {
      await callTool(page, tool)
      report(`  ✓ ${tool} rendered`)
    }
    if (tools.includes('reserve_table')) {
      await sendBooking(page)
      report('  ✓ reserve_table: availability checked, booking sent back as a user message')
    }
    await page.click('#tab-protocol')
    await page.waitForTimeout(400)
    const path = resolve(file)
    await page.screenshot({ path })
    if (errors.length) throw new Error(`The page reported errors: ${errors.join('; ')}`)
    return path
  } finally {
    await chromium.close()
  }
}

/** Clicks the tool's Call button and waits until its view finished the handshake and sized itself. */
export async function callTool(page: Page, tool: string): Promise<void> {
  const before = await page.locator(`.view-card[data-tool="${tool}"]`).count()
  await page.click(`.tool-item[data-tool="${tool}"] [data-action="call"]`)
  const card = page.locator(`.view-card[data-tool="${tool}"]`).nth(before)
  await card.and(page.locator('[data-state="ready"][data-sized]')).waitFor({ timeout: VIEW_TIMEOUT_MS })
}

/**
 * The view of the last call of `tool`: the frame inside the card's frame, since the card holds
 * the sandbox proxy (on the sandbox origin) and the proxy holds the view (on an opaque origin).
 */
export function viewFrame(page: Page, tool: string): FrameLocator {
  return page.frameLocator(`.view-card[data-tool="${tool}"] iframe`).last().frameLocator('iframe')
}

/** The example booking form's round trip: an app-only tool call, then `ui/message`. */
export async function sendBooking(page: Page): Promise<void> {
  const form = viewFrame(page, 'reserve_table')
  await form.locator('#check').click()
  await form.locator('.slot').first().click()
  await form.locator('#submit').click()
  await page.locator('.turn-user').last().waitFor({ timeout: VIEW_TIMEOUT_MS })
}
