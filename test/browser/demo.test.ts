/**
 * The demo works end to end: `npm run demo` (embedded server), `--server` (stdio, our example
 * server and an app built with the official SDK) and `--screenshot`. Each suite starts the real
 * CLI as a child process and drives the page in Debian's Chromium through playwright-core.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureChromium, launchChromium, type Chromium } from '../../demo/node/chromium.js'
import { callTool, sendBooking, viewFrame } from '../../demo/node/screenshot.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const START_TIMEOUT = 120_000
const TEST_TIMEOUT = 60_000
/** The example server over stdio, started the fast way (no npx in between). */
const EXAMPLE_STDIO = `${JSON.stringify(process.execPath)} --import tsx examples/server/stdio.ts`

interface RunningDemo {
  url: string
  output: () => string
  /** Resolves with the exit code when the CLI exits by itself (as `--screenshot` does). */
  exited: Promise<number | null>
  stop(): Promise<void>
}

/** Runs `demo/cli.ts` with `args` and resolves once it printed the host page URL. */
function startDemo(args: string[]): Promise<RunningDemo> {
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(process.execPath, ['--import', 'tsx', 'demo/cli.ts', '--port', '0', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM')
    await exited
  }
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const url = /Host page\s+(http:\/\/127\.0\.0\.1:\d+\/)/.exec(output)?.[1]
      if (url) resolve({ url, output: () => output, exited, stop })
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    void exited.then(() => reject(new Error(`The demo exited before serving:\n${output}`)))
  })
}

async function openPage(chromium: Chromium, url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await chromium.context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(url)
  await page.waitForSelector('#server-status[data-connection="connected"]', { timeout: TEST_TIMEOUT })
  return { page, errors }
}

/** The protocol log as data: one entry per row, with the message it shows. */
function logRows(page: Page) {
  return page.locator('#log .log-row').evaluateAll((rows) =>
    rows.map((row) => {
      const element = row as HTMLElement & { payload?: Record<string, unknown> }
      const route = element.querySelector('.log-route')?.textContent ?? ''
      return { route, kind: element.dataset.kind, direction: element.dataset.direction, method: element.querySelector('.log-method')?.textContent ?? '', payload: element.payload }
    }),
  )
}

// One page for the whole suite: the tests build on each other in order, like one user session.
describe('npm run demo (embedded example server)', () => {
  let demo: RunningDemo
  let chromium: Chromium
  let page: Page
  let errors: string[]

  beforeAll(async () => {
    ensureChromium()
    ;[demo, chromium] = await Promise.all([startDemo([]), launchChromium()])
    ;({ page, errors } = await openPage(chromium, demo.url))
  }, START_TIMEOUT)

  afterAll(async () => {
    await chromium?.close()
    await demo?.stop()
  }, START_TIMEOUT)

  it('offers the model the three UI tools and hides the app-only helper', async () => {
    const tools = await page.locator('.tool-item').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.tool))
    expect(tools).toEqual(['show_metrics', 'reserve_table', 'start_focus_timer'])
    const offered = await page.locator('#panel-context .tool-chip code').allTextContents()
    expect(offered).toEqual(['show_metrics', 'reserve_table', 'start_focus_timer'])
    expect(await page.locator('#panel-context').textContent()).toContain('check_availability (app-only)')
  }, TEST_TIMEOUT)

  it('renders each tool’s app inline from the tool result', async () => {
    for (const tool of ['show_metrics', 'reserve_table', 'start_focus_timer']) await callTool(page, tool)
    await expect.poll(() => viewFrame(page, 'show_metrics').locator('svg.chart rect.bar').count()).toBe(12)
    await expect.poll(() => viewFrame(page, 'reserve_table').locator('#restaurant').textContent()).toBe('Luna Trattoria')
    await expect.poll(() => viewFrame(page, 'start_focus_timer').locator('#time').textContent()).toMatch(/^2[45]:\d\d$/)
    // Each frame grew to the height its view reported.
    const heights = await page.locator('.view-card iframe').evaluateAll((frames) => frames.map((frame) => frame.getBoundingClientRect().height))
    for (const height of heights) expect(height).toBeGreaterThan(100)
  }, TEST_TIMEOUT)

  it('frames every view behind the library’s sandbox proxy, on the second origin', async () => {
    const host = new URL(demo.url).origin
    const proxyFrame = page.locator('.view-card[data-tool="show_metrics"] iframe')
    const proxyUrl = new URL((await proxyFrame.getAttribute('src'))!)
    expect(proxyUrl.origin).toMatch(/^http:\/\/localhost:\d+$/)
    expect(await proxyFrame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin')
    // Inside the proxy, the view gets an opaque origin of its own.
    expect(await page.frameLocator('.view-card[data-tool="show_metrics"] iframe').locator('iframe').getAttribute('sandbox')).toBe('allow-scripts')
    // The proxy page comes with its CSP as a header, framable by this host page only…
    const response = await fetch(proxyUrl)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-security-policy')).toContain(`frame-ancestors ${host}`)
    // …and is not served to a page that names another host.
    proxyUrl.searchParams.set('host', 'http://attacker.example')
    expect((await fetch(proxyUrl)).status).toBe(403)
  }, TEST_TIMEOUT)

  it('round-trips a booking: app-only tool call, model context, then a user message', async () => {
    await sendBooking(page)
    expect(await page.locator('.turn-user .bubble').last().textContent()).toMatch(/^Please book Luna Trattoria for 2 guests on .+ at /)
    const rows = await logRows(page)
    const viewCall = rows.find((row) => row.method.startsWith('tools/call') && row.direction === 'in' && row.payload?.method === 'tools/call')
    expect((viewCall?.payload?.params as { name?: string })?.name).toBe('check_availability')
    expect(viewCall?.route).toMatch(/^#\d+ → host$/)
    const message = rows.findIndex((row) => row.payload?.method === 'ui/message' && row.direction === 'in')
    expect(message).toBeGreaterThan(-1)
    expect(rows.slice(message).some((row) => row.method.startsWith('ui/message result') && row.direction === 'out')).toBe(true)
    await expect.poll(() => page.locator('#panel-context .context-entry').textContent()).toContain('The user requested a booking: Luna Trattoria')
  }, TEST_TIMEOUT)

  it('moves views between inline, picture-in-picture and fullscreen, one out of the conversation at a time', async () => {
    const timer = page.locator('.view-card[data-tool="start_focus_timer"]')
    const metrics = page.locator('.view-card[data-tool="show_metrics"]')
    await viewFrame(page, 'start_focus_timer').locator('#modes button', { hasText: 'Pop out' }).click()
    await expect.poll(() => timer.getAttribute('data-mode')).toBe('pip')
    const pip = (await timer.locator('iframe').boundingBox())!
    expect(pip.width).toBeLessThan(400)
    expect(await viewFrame(page, 'start_focus_timer').locator('html').getAttribute('data-display-mode')).toBe('pip')

    await metrics.locator('[data-mode="fullscreen"]').click()
    await expect.poll(() => metrics.getAttribute('data-mode')).toBe('fullscreen')
    const full = (await metrics.locator('iframe').boundingBox())!
    expect(full.width).toBe(page.viewportSize()!.width)
    expect(full.height).toBeGreaterThan(page.viewportSize()!.height - 80)
    await expect.poll(() => timer.getAttribute('data-mode')).toBe('inline')

    await metrics.locator('.frame-bar button', { hasText: 'Return inline' }).click()
    await expect.poll(() => metrics.getAttribute('data-mode')).toBe('inline')
    const rows = await logRows(page)
    expect(rows.some((row) => row.payload?.method === 'ui/request-display-mode')).toBe(true)
    const modes = rows.flatMap((row) => (row.payload?.method === 'ui/notifications/host-context-changed' ? [(row.payload.params as { displayMode?: string }).displayMode] : []))
    expect(modes).toEqual(expect.arrayContaining(['pip', 'fullscreen', 'inline']))
  }, TEST_TIMEOUT)

  it('sends theme and locale changes to live views', async () => {
    await page.click('#theme [data-theme="dark"]')
    await page.selectOption('#locale', 'fr-FR')
    await expect.poll(() => viewFrame(page, 'show_metrics').locator('html').getAttribute('data-theme')).toBe('dark')
    await expect.poll(() => viewFrame(page, 'show_metrics').locator('html').getAttribute('lang')).toBe('fr-FR')
    await expect.poll(() => viewFrame(page, 'show_metrics').locator('.stat-value').first().textContent()).toMatch(/\$US/)
    // "No host styles" takes the palette's variables away from live views too.
    const background = () => viewFrame(page, 'show_metrics').locator('html').evaluate((html) => html.style.getPropertyValue('--color-background-primary'))
    expect(await background()).not.toBe('')
    await page.selectOption('#palette', 'none')
    await expect.poll(background).toBe('')
  }, TEST_TIMEOUT)

  it('tears a view down with ui/resource-teardown', async () => {
    const metrics = page.locator('.view-card[data-tool="show_metrics"]')
    await metrics.locator('[data-action="close"]').click()
    await expect.poll(() => metrics.getAttribute('data-state')).toBe('closed')
    expect(await metrics.locator('iframe').count()).toBe(0)
    const rows = await logRows(page)
    expect(rows.some((row) => row.method.startsWith('ui/resource-teardown result') && row.direction === 'in')).toBe(true)
    // Our apps speak the protocol cleanly: nothing was tolerated, dropped or refused.
    expect(rows.filter((row) => row.kind === 'warning')).toEqual([])
    expect(errors).toEqual([])
  }, TEST_TIMEOUT)
})

describe('npm run demo -- --server', () => {
  let chromium: Chromium

  beforeAll(async () => {
    ensureChromium()
    chromium = await launchChromium()
  }, START_TIMEOUT)

  afterAll(() => chromium?.close(), START_TIMEOUT)

  it('connects to the example server over stdio and lists its UI tools', async () => {
    const demo = await startDemo(['--server', EXAMPLE_STDIO])
    try {
      const { page, errors } = await openPage(chromium, demo.url)
      expect(await page.textContent('#server-kind')).toBe('stdio')
      expect(await page.locator('.tool-item').count()).toBe(3)
      await callTool(page, 'show_metrics')
      await expect.poll(() => viewFrame(page, 'show_metrics').locator('svg.chart rect.bar').count()).toBe(12)
      expect(errors).toEqual([])
      await page.close()
    } finally {
      await demo.stop()
    }
  }, START_TIMEOUT)

  it('hosts an app built with the official SDK (server-basic-vanillajs)', async () => {
    const demo = await startDemo(['--server', 'npx @modelcontextprotocol/server-basic-vanillajs --stdio'])
    try {
      const { page } = await openPage(chromium, demo.url)
      await callTool(page, 'get-time')
      await viewFrame(page, 'get-time').getByRole('button', { name: 'Get Server Time' }).click()
      await expect.poll(async () => (await logRows(page)).some((row) => row.payload?.method === 'tools/call' && row.route.startsWith('#1'))).toBe(true)
      await viewFrame(page, 'get-time').getByRole('button', { name: 'Send Message' }).click()
      await expect.poll(() => page.locator('.turn-user .bubble').last().textContent(), { timeout: 10_000 }).toBe('This is message text.')
      await page.close()
    } finally {
      await demo.stop()
    }
  }, START_TIMEOUT)
})

describe('npm run demo -- --screenshot', () => {
  it('renders every tool headless and writes a PNG', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcp-app-bridge-demo-'))
    try {
      const file = join(dir, 'demo.png')
      const demo = await startDemo(['--screenshot', file])
      expect(await demo.exited).toBe(0)
      expect(demo.output()).toContain('Screenshot saved to')
      const png = await readFile(file)
      expect(png.subarray(1, 4).toString()).toBe('PNG')
      expect(png.length).toBeGreaterThan(20_000)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }, START_TIMEOUT)
})
