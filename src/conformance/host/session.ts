/**
 * One session of the host driver: a fresh page of the host under test with the scripted view
 * mounted in it, and everything the checks do with them (view requests, host hooks, waits).
 */
import type { Frame, Page } from 'playwright-core'
import { INITIALIZE, INITIALIZED, PING } from '../../protocol/index.js'
import { Channel } from '../runtime/channel.js'
import type { ConformanceEnvironment } from '../runtime/environment.js'
import { RUNTIME_GLOBAL, VIEW_GLOBAL, type HookName, type HookOutcome, type HostRuntimeApi, type RuntimeMountConfig, type ScriptedViewApi, type ScriptedViewConfig } from '../pages/contract.js'
import { messageOf, type WireEvent } from '../wire.js'

/** How long the driver waits for something the host must do (an answer, a delivery), in ms. */
export const DELIVERY_TIMEOUT_MS = 5_000
/** Extra time after a ping round trip before concluding that something did not happen, in ms. */
const SETTLE_GRACE_MS = 150
/** How long an adapter may take to mount the view (a sandbox proxy must load first), in ms. */
const MOUNT_TIMEOUT_MS = 15_000
/** How long a hook may take; the teardown hook gets its own, longer bound. */
const HOOK_TIMEOUT_MS = 5_000

/** The outcome of `call`, or a refusal saying it did not finish in time (a stuck adapter must not stall the run). */
function bounded(call: Promise<HookOutcome>, timeoutMs: number, message: string): Promise<HookOutcome> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<HookOutcome>((resolve) => (timer = setTimeout(() => resolve({ ok: false, error: message }), timeoutMs)))
  return Promise.race([call.catch((error: unknown) => ({ ok: false as const, error: String(error) })), late]).finally(() => clearTimeout(timer))
}

export interface SessionSetup {
  /** `main` (everything advertised, the view holds back `initialized`) or `minimal` (nothing advertised). */
  name: string
  hostPageUrl: string
  view: ScriptedViewConfig
  mount: Omit<RuntimeMountConfig, 'session' | 'resource'> & { csp?: RuntimeMountConfig['resource']['csp'] }
  viewHtml: string
  resourceUri: string
}

export class HostSession {
  readonly name: string
  readonly page: Page
  readonly channel = new Channel()
  readonly setup: SessionSetup
  /** The mount call's outcome: a host that failed to mount has nothing else to judge. */
  mounted: HookOutcome = { ok: false, error: 'not mounted yet' }
  #frame: Frame | undefined
  #detached = false
  #navigated = false

  private constructor(page: Page, setup: SessionSetup) {
    this.page = page
    this.name = setup.name
    this.setup = setup
    this.channel.attach(page)
  }

  static async open(env: ConformanceEnvironment, setup: SessionSetup): Promise<HostSession> {
    const session = new HostSession(await env.browser.context.newPage(), setup)
    await session.page.goto(setup.hostPageUrl)
    const config: RuntimeMountConfig = {
      ...setup.mount,
      session: setup.view.session,
      resource: { uri: setup.resourceUri, html: setup.viewHtml, ...(setup.mount.csp && { csp: setup.mount.csp }) },
    }
    session.mounted = await bounded(
      session.page.evaluate(([global, mountConfig]) => (window as unknown as Record<string, HostRuntimeApi>)[global]!.mount(mountConfig), [RUNTIME_GLOBAL, config] as const),
      MOUNT_TIMEOUT_MS,
      `the adapter's mount() did not finish within ${MOUNT_TIMEOUT_MS} ms`,
    )
    return session
  }

  /** The scripted view's frame, once its script runs (`undefined` if it never does). */
  async viewFrame(timeoutMs = 10_000): Promise<Frame | undefined> {
    if (this.#frame && !this.#frame.isDetached()) return this.#frame
    const deadline = Date.now() + timeoutMs
    while (Date.now() < deadline) {
      for (const frame of this.page.frames()) {
        const session = await frame
          .evaluate((global) => (window as unknown as Record<string, ScriptedViewApi | undefined>)[global]?.session, VIEW_GLOBAL)
          .catch(() => undefined)
        if (session === this.setup.view.session) {
          this.#frame = frame
          this.page.on('framedetached', (detached) => void (detached === frame && (this.#detached = true)))
          // A host can destroy the view by navigating its frame as well as by removing it.
          this.page.on('framenavigated', (navigated) => void (navigated === frame && (this.#navigated = true)))
          return frame
        }
      }
      await this.page.waitForTimeout(50)
    }
    return undefined
  }

  /** True once the view's frame was removed from the page. */
  get viewDetached(): boolean {
    return this.#detached
  }

  /** True once the view's frame was navigated to another document (the scripted view is gone). */
  get viewNavigated(): boolean {
    return this.#navigated
  }

  /** Calls one method of the scripted view's API in its frame. */
  async callView<K extends keyof ScriptedViewApi>(
    name: K,
    ...args: ScriptedViewApi[K] extends (...a: infer A) => unknown ? A : never
  ): Promise<Awaited<ScriptedViewApi[K] extends (...a: never[]) => infer R ? R : never>> {
    const frame = await this.viewFrame()
    if (!frame) throw new Error('The scripted view never ran')
    return frame.evaluate(
      ([global, method, params]) => {
        const view = (window as unknown as Record<string, Record<string, (...a: unknown[]) => unknown>>)[global]!
        return view[method]!(...params)
      },
      [VIEW_GLOBAL, name, args as unknown[]] as const,
    ) as never
  }

  /** Sends a request from the view and waits for the host's response (`undefined` when none came). */
  async request(method: string, params: Record<string, unknown> = {}, timeoutMs = DELIVERY_TIMEOUT_MS): Promise<{ id: number; response?: WireEvent }> {
    const id = await this.callView('request', method, params)
    return { id, response: await this.response(id, timeoutMs) }
  }

  /** The host's response to the view's request `id`. */
  response(id: unknown, timeoutMs = DELIVERY_TIMEOUT_MS): Promise<WireEvent | undefined> {
    return this.channel.waitFor((event) => event.source === 'view' && event.kind === 'in' && isResponseTo(event, id), timeoutMs)
  }

  notify(method: string, params: Record<string, unknown> = {}): Promise<void> {
    return this.callView('notify', method, params)
  }

  post(message: unknown): Promise<void> {
    return this.callView('post', message)
  }

  /** Calls one of the adapter's hooks in the host page (a hook that never returns counts as a refusal). */
  hook(name: HookName, arg?: unknown, timeoutMs = HOOK_TIMEOUT_MS): Promise<HookOutcome> {
    return bounded(
      this.page.evaluate(([global, hook, a]) => (window as unknown as Record<string, HostRuntimeApi>)[global]!.hook(hook, a), [RUNTIME_GLOBAL, name, arg] as const),
      timeoutMs,
      `${name} did not return within ${timeoutMs} ms`,
    )
  }

  /**
   * Waits until the host has delivered whatever it was going to deliver: a ping round trip (a
   * host answers after the messages it posted before, postMessage being ordered) plus a grace
   * period for hosts that post asynchronously.
   */
  async settle(): Promise<void> {
    if (this.#detached || this.#navigated) return
    await this.request(PING, {}, DELIVERY_TIMEOUT_MS).catch(() => undefined)
    await this.page.waitForTimeout(SETTLE_GRACE_MS)
  }

  /** The view's `ui/initialize` request and the host's answer (waits for it). */
  async handshake(): Promise<{ request?: WireEvent; response?: WireEvent }> {
    const request = await this.channel.waitFor((event) => event.source === 'view' && event.kind === 'out' && messageOf(event).method === INITIALIZE, 10_000)
    if (!request) return {}
    return { request, response: await this.response(messageOf(request).id, 10_000) }
  }

  /** Sends `ui/notifications/initialized` (the main session holds it back) and returns its position. */
  async initialized(): Promise<number> {
    await this.callView('initialized')
    const sent = await this.channel.waitFor((event) => event.source === 'view' && event.kind === 'out' && messageOf(event).method === INITIALIZED, DELIVERY_TIMEOUT_MS)
    return sent?.seq ?? Number.MAX_SAFE_INTEGER
  }

  /** Everything the view received (`in`) or sent (`out`) and noted, in its order. */
  viewLog(afterSeq = 0): WireEvent[] {
    return this.channel.from('view', afterSeq)
  }

  /** What the view received from its parent (the host), in order. */
  received(afterSeq = 0): WireEvent[] {
    return this.viewLog(afterSeq).filter((event) => event.kind === 'in' && event.trusted)
  }

  /** The runtime's marks of one name (`effect`, `server-call`, `hook`). */
  marks(name: string, afterSeq = 0): WireEvent[] {
    return this.channel.from('runtime', afterSeq).filter((event) => event.mark === name)
  }

  async close(): Promise<void> {
    await this.page.close().catch(() => undefined)
  }
}

function isResponseTo(event: WireEvent, id: unknown): boolean {
  const message = messageOf(event)
  return message.method === undefined && message.id === id && ('result' in message || 'error' in message)
}
