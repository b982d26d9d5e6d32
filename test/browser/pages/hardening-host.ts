/**
 * Host page for the load test (`load-flood.test.ts`): one view mounted with `mountApp` under the
 * default limits, and what the test measures from the host's side: ping round trips while the
 * view floods, how much the host has queued or in flight (sampled on every ping tick), and what
 * reached the handlers. Exposes `window.hardeningHost`.
 *
 * It records counts, not events: a flood of 40,000 messages must not make the page itself grow.
 */
import { listenedFrames, mountApp, type MountedApp } from '../../../src/host/index.js'

export interface HardeningMount {
  viewUrl: string
  frameMode: 'srcdoc' | 'proxy'
  proxyUrl: string
}

/** One ping: when it was sent (epoch ms, comparable with the view's clock) and its round trip. */
export interface Ping {
  sentAt: number
  rtt: number
}

const counts: Record<string, number> = {}
const count = (key: string) => void (counts[key] = (counts[key] ?? 0) + 1)
let app: MountedApp | undefined
let callsInFlight = 0
let maxCallsInFlight = 0

const need = () => {
  if (!app) throw new Error('No view mounted')
  return app
}
const epoch = () => performance.timeOrigin + performance.now()

const pings = {
  timer: 0,
  done: [] as Ping[],
  failures: [] as string[],
  /** Largest gap between two ticks of the ping timer: the host page's own event-loop lag. */
  maxTickGap: 0,
  /** Largest `pendingCount` (requests the host waits on) seen on a tick. */
  maxPending: 0,
}

const hardeningHost = {
  async mount(config: HardeningMount): Promise<void> {
    const html = await (await fetch(config.viewUrl)).text()
    app = mountApp({
      container: document.getElementById('views')!,
      resource: { html },
      sandbox: config.frameMode === 'proxy' ? { proxyUrl: config.proxyUrl } : 'srcdoc',
      hostInfo: { name: 'hardening host', version: '1.0.0' },
      capabilities: { message: {}, logging: {}, serverTools: {} },
      hostContext: { theme: 'light', containerDimensions: { maxHeight: 800 } },
      tools: [{ name: 'add', inputSchema: { type: 'object' }, _meta: { ui: { visibility: ['app'] } } }],
      handlers: {
        message: () => void count('message'),
        callTool: async () => {
          count('callTool')
          maxCallsInFlight = Math.max(maxCallsInFlight, ++callsInFlight)
          // A server that takes a moment, so calls overlap and the concurrency limit matters.
          await new Promise((resolve) => setTimeout(resolve, 20))
          callsInFlight--
          return { content: [{ type: 'text', text: '3' }] }
        },
      },
    })
    const { bridge } = app
    app.ready.catch(() => {})
    bridge.on('sizechange', () => count('sizechange'))
    bridge.on('log', () => count('log'))
    bridge.on('warning', (warning) => {
      count(`warning:${warning.code}`)
      if (warning.message.endsWith(': rate limited: dropped')) count('rateLimitWarning')
    })
    bridge.on('close', () => count('close'))
  },
  /** Outcome of mountApp's `ready`. */
  ready: () => need().ready.then(() => ({ ok: true }), (error: Error) => ({ ok: false, message: String(error?.message) })),
  state() {
    const { bridge, iframe } = need()
    return {
      pending: bridge.pendingCount,
      closed: bridge.closed,
      initialized: bridge.initialized,
      listenedFrames: listenedFrames(window),
      frameConnected: iframe.isConnected,
      callsInFlight,
      maxCallsInFlight,
      counts: { ...counts },
    }
  },
  /** Forgets the counts (after a warm-up). */
  resetCounts() {
    for (const key of Object.keys(counts)) delete counts[key]
    maxCallsInFlight = 0
  },
  /** Pings the view every `everyMs` and records each round trip; samples the host's queues on each tick. */
  startPings(everyMs: number) {
    Object.assign(pings, { done: [], failures: [], maxTickGap: 0, maxPending: 0 })
    let lastTick = performance.now()
    pings.timer = window.setInterval(() => {
      const started = performance.now()
      pings.maxTickGap = Math.max(pings.maxTickGap, started - lastTick)
      lastTick = started
      const { bridge } = need()
      pings.maxPending = Math.max(pings.maxPending, bridge.pendingCount)
      bridge.ping({ timeoutMs: 10_000 }).then(
        () => pings.done.push({ sentAt: performance.timeOrigin + started, rtt: performance.now() - started }),
        (error: { code?: string }) => pings.failures.push(String(error?.code)),
      )
    }, everyMs)
  },
  /** Stops pinging and returns what was recorded, once every ping sent has settled. */
  async stopPings() {
    window.clearInterval(pings.timer)
    await new Promise((resolve) => setTimeout(resolve, 200))
    const taken = { ...pings }
    // Let go of the records, so that the heap after the flood holds nothing of it.
    Object.assign(pings, { done: [], failures: [] })
    return { done: taken.done, failures: taken.failures, maxTickGap: taken.maxTickGap, maxPending: taken.maxPending }
  },
  /** Milliseconds since the epoch on this page's clock. */
  now: epoch,
}

;(window as unknown as { hardeningHost: typeof hardeningHost }).hardeningHost = hardeningHost
export type HardeningHostApi = typeof hardeningHost
