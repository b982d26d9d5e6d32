/**
 * A `HostBridge` on one happy-dom window and a scripted view on the other (`window-pair`), so tests
 * speak raw JSON-RPC to the host exactly as a view (or an attacker) would.
 */
import { afterEach } from 'vitest'
import { HostBridge, type HostBridgeOptions, type BridgeWarning } from '../../src/host/index.js'
import { createWindowPair, type WindowPair } from '../helpers/window-pair.js'

export const HOST_INFO = { name: 'test-host', version: '1.0.0' }
export const APP_INFO = { name: 'test-app', version: '1.0.0' }

/** Polls until `check` returns a value other than `undefined`/`false`, or fails after `ms`. */
export async function until<T>(check: () => T | undefined | false, ms = 2000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = check()
    if (value !== undefined && value !== false) return value
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
}

export interface ScriptedView {
  /** Everything the host posted to the view, in order. */
  received: any[]
  /** Posts raw data to the host as the view. */
  post(data: unknown): void
  /** Sends a request and resolves with the whole response message (result or error). */
  request(method: string, params?: Record<string, unknown>): Promise<any>
  notify(method: string, params?: Record<string, unknown>): void
  /** Handshake: `ui/initialize` (params merged over defaults), then `initialized`. Resolves with the result. */
  initialize(params?: Record<string, unknown>, options?: { initialized?: boolean }): Promise<any>
  /** Notifications received so far, optionally of one method. */
  notifications(method?: string): any[]
  /** Answers the host's requests of `method` (sync or async; a throw answers with its `rpcCode`, else -32000); unanswered methods get no reply. */
  answer(method: string, reply: (params: any) => unknown): void
}

export interface HostSetup {
  pair: WindowPair
  bridge: HostBridge
  view: ScriptedView
  warnings: BridgeWarning[]
}

/**
 * A view speaking raw JSON-RPC: `post` delivers data to the host as the view, `subscribe` hands it
 * everything the host posts to the view. `bridge` is consulted to wait for `initialized`.
 */
export function createScriptedView(post: (data: unknown) => void, subscribe: (receive: (data: any) => void) => void, bridge: () => { initialized: boolean; closed: boolean }): ScriptedView {
  const received: any[] = []
  const answers = new Map<string, (params: any) => unknown>()
  subscribe((data) => {
    received.push(data)
    const reply = data && typeof data.method === 'string' && data.id !== undefined ? answers.get(data.method) : undefined
    if (!reply) return
    Promise.resolve()
      .then(() => reply(data.params))
      .then(
        (result) => post({ jsonrpc: '2.0', id: data.id, result: result ?? {} }),
        (error) => post({ jsonrpc: '2.0', id: data.id, error: { code: error?.rpcCode ?? -32000, message: String(error?.message ?? error) } }),
      )
  })
  let nextId = 1000
  const view: ScriptedView = {
    received,
    post,
    async request(method, params) {
      const id = nextId++
      post(params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params })
      return until(() => received.find((message) => message?.id === id && !('method' in message)), 3000, `a response to ${method}`)
    },
    notify: (method, params) => post(params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params }),
    async initialize(params = {}, { initialized = true } = {}) {
      const response = await view.request('ui/initialize', { appInfo: APP_INFO, appCapabilities: {}, protocolVersion: '2026-01-26', ...params })
      if (initialized) {
        view.notify('ui/notifications/initialized', {})
        await until(() => bridge().initialized || bridge().closed, 2000, 'initialized')
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      return response
    },
    notifications: (method) => received.filter((message) => message && message.id === undefined && (method === undefined || message.method === method)),
    answer: (method, reply) => void answers.set(method, reply),
  }
  return view
}

/** A host bridge wired to a scripted view through two linked happy-dom windows. */
export function setupHost(options: Partial<HostBridgeOptions> = {}, pairOptions?: { hostOrigin?: string; viewOrigin?: string }): HostSetup {
  const pair = createWindowPair(pairOptions)
  const bridge = new HostBridge({
    hostInfo: HOST_INFO,
    target: pair.frame as unknown as Window,
    targetOrigin: pair.viewOrigin,
    hostWindow: pair.host as never,
    ...options,
  })
  const warnings: BridgeWarning[] = []
  bridge.on('warning', (warning) => warnings.push(warning))
  const view = createScriptedView(
    (data) => pair.parent.postMessage(data, '*'),
    (receive) => pair.view.addEventListener('message', (event: any) => receive(event.data)),
    () => bridge,
  )
  return { pair, bridge, view, warnings }
}

/** `setupHost` for a test file: every set-up made by the returned function is closed after each test. */
export function hostsClosedAfterEach(): typeof setupHost {
  let setups: HostSetup[] = []
  afterEach(() => {
    for (const setup of setups) {
      setup.bridge.close()
      setup.pair.close()
    }
    setups = []
  })
  return (...args) => {
    const setup = setupHost(...args)
    setups.push(setup)
    return setup
  }
}
