/**
 * One session of the view driver: a fresh page of the kit's scripted host with the view under
 * test in a sandboxed frame, and everything the checks do with them.
 */
import type { Frame, Page } from 'playwright-core'
import { INITIALIZE, INITIALIZED, PING } from '../../protocol/index.js'
import { SCRIPTED_HOST_GLOBAL, type ScriptedHostApi, type ScriptedHostConfig } from '../pages/contract.js'
import { PROBE_GLOBAL, type ViewProbeAction } from '../probe.js'
import { Channel } from '../runtime/channel.js'
import type { ConformanceEnvironment } from '../runtime/environment.js'
import { brief } from '../verdict.js'
import { CHANNEL_PREFIX, messageOf, type WireEvent } from '../wire.js'

/** How long the driver waits for the view to answer or act, in ms. */
export const ANSWER_TIMEOUT_MS = 5_000
const SETTLE_GRACE_MS = 150

/** What a probe action came to. */
export type ActOutcome = { ok: true; value: unknown } | { ok: false; error: string }

export class ViewSession {
  readonly name: string
  readonly page: Page
  readonly channel = new Channel()
  readonly config: ScriptedHostConfig

  /** The browser's console errors (a resource refused by the CSP, a 404, the view's own console.error). */
  readonly #consoleErrors: string[] = []

  private constructor(name: string, page: Page, config: ScriptedHostConfig) {
    this.name = name
    this.page = page
    this.config = config
    this.channel.attach(page)
    page.on('console', (message) => {
      if (message.type() !== 'error' || message.text().startsWith(CHANNEL_PREFIX)) return
      // "Failed to load resource: ... 404" names its URL only in the location.
      const where = message.location().url
      this.#consoleErrors.push(where && !where.startsWith('about:') ? `${message.text()} (${where})` : message.text())
    })
  }

  static async open(env: ConformanceEnvironment, pageUrl: string, name: string, config: ScriptedHostConfig): Promise<ViewSession> {
    const session = new ViewSession(name, await env.browser.context.newPage(), config)
    await session.page.goto(pageUrl)
    await session.callHost('start', config)
    return session
  }

  /** Calls one method of the scripted host in the page. */
  callHost<K extends keyof ScriptedHostApi>(name: K, ...args: Parameters<ScriptedHostApi[K]>): Promise<ReturnType<ScriptedHostApi[K]>> {
    return this.page.evaluate(
      ([global, method, params]) => (window as unknown as Record<string, Record<string, (...a: unknown[]) => unknown>>)[global]![method]!(...params),
      [SCRIPTED_HOST_GLOBAL, name, args as unknown[]] as const,
    ) as never
  }

  async viewFrame(): Promise<Frame | undefined> {
    const element = await this.page.$('#mcp-conformance-view')
    return (await element?.contentFrame()) ?? undefined
  }

  /** Sends a request from the host and waits for the view's response (`undefined` when none came). */
  async request(method: string, params: Record<string, unknown> = {}, timeoutMs = ANSWER_TIMEOUT_MS): Promise<WireEvent | undefined> {
    const id = await this.callHost('request', method, params)
    return this.response(id, timeoutMs)
  }

  response(id: unknown, timeoutMs = ANSWER_TIMEOUT_MS): Promise<WireEvent | undefined> {
    return this.channel.waitFor((event) => {
      const message = messageOf(event)
      return event.source === 'host' && event.kind === 'in' && message.method === undefined && message.id === id
    }, timeoutMs)
  }

  notify(method: string, params: Record<string, unknown> = {}): Promise<void> {
    return this.callHost('notify', method, params)
  }

  /** Waits for the first message of `method` the view sent (after position `afterSeq`). */
  sent(method: string, timeoutMs: number, afterSeq = 0): Promise<WireEvent | undefined> {
    return this.channel.waitFor((event) => event.source === 'host' && event.kind === 'in' && event.seq > afterSeq && messageOf(event).method === method, timeoutMs)
  }

  /** The view's `ui/initialize` request, the host's answer, and the view's `initialized`. */
  async handshake(): Promise<{ request?: WireEvent; answer?: WireEvent; initialized?: WireEvent }> {
    const request = await this.sent(INITIALIZE, 10_000)
    if (!request) return {}
    const id = messageOf(request).id
    const answer = await this.channel.waitFor((event) => event.source === 'host' && event.kind === 'out' && messageOf(event).id === id && messageOf(event).method === undefined, this.config.initializeDelayMs + ANSWER_TIMEOUT_MS)
    const initialized = await this.sent(INITIALIZED, ANSWER_TIMEOUT_MS)
    return { request, answer, initialized }
  }

  /** A ping round trip plus a grace period: what the view was going to send by now, it has sent. */
  async settle(): Promise<void> {
    await this.request(PING, {}, 1_000)
    await this.page.waitForTimeout(SETTLE_GRACE_MS)
  }

  /** Whether the view exposes the probe (`window.mcpAppConformance`). */
  async hasProbe(): Promise<boolean> {
    const frame = await this.viewFrame()
    return (await frame?.evaluate((global) => typeof (window as unknown as Record<string, unknown>)[global] === 'object', PROBE_GLOBAL).catch(() => false)) ?? false
  }

  /** The view's host context, through its probe; never throws (a probe that throws is an error outcome). */
  async probeContext(): Promise<ActOutcome> {
    const frame = await this.viewFrame()
    if (!frame) return { ok: false, error: 'the view has no frame' }
    return frame
      .evaluate((global) => JSON.parse(JSON.stringify((window as unknown as Record<string, { hostContext(): unknown }>)[global]!.hostContext() ?? null)), PROBE_GLOBAL)
      .then(
        (value: unknown): ActOutcome => ({ ok: true, value }),
        (error: unknown): ActOutcome => ({ ok: false, error: (error instanceof Error ? error.message : String(error)).split('\n')[0]! }),
      )
  }

  /** Asks the view, through its probe, to act; never throws. */
  async act(action: ViewProbeAction, timeoutMs = ANSWER_TIMEOUT_MS): Promise<ActOutcome> {
    const frame = await this.viewFrame()
    if (!frame) return { ok: false, error: 'the view has no frame' }
    const run = frame.evaluate(
      async ([global, a]) => {
        try {
          const value = await (window as unknown as Record<string, { act(action: unknown): unknown }>)[global]!.act(a)
          return { ok: true as const, value: value === undefined ? null : JSON.parse(JSON.stringify(value)) }
        } catch (error) {
          return { ok: false as const, error: error instanceof Error ? error.message : String(error) }
        }
      },
      [PROBE_GLOBAL, action] as const,
    )
    const timeout = new Promise<ActOutcome>((resolve) => setTimeout(() => resolve({ ok: false, error: `no outcome after ${timeoutMs} ms` }), timeoutMs))
    return Promise.race([run.catch((error: unknown) => ({ ok: false as const, error: String(error) })), timeout])
  }

  /** Everything the scripted host received and sent, in order. */
  log(afterSeq = 0): WireEvent[] {
    return this.channel.from('host', afterSeq)
  }

  /** Uncaught errors in the page (the view's: the scripted host does not throw). */
  errors(): string[] {
    return this.channel.from('page').map((event) => brief(event.data, 200))
  }

  /** Console errors in the page so far (what did not load, and why). */
  consoleErrors(): string[] {
    return [...this.#consoleErrors]
  }

  async close(): Promise<void> {
    await this.page.close().catch(() => undefined)
  }
}
