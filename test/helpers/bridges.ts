/**
 * A `HostBridge` and a `ViewBridge` connected over a {@link WindowPair}, with every warning each
 * side reports captured, for end-to-end tests of the wire.
 */
import { onTestFinished } from 'vitest'
import { HostBridge, type HostBridgeOptions } from '../../src/host/index.js'
import { ViewBridge, type ViewBridgeOptions, type ViewConnection } from '../../src/view/index.js'
import type { BridgeWarning } from '../../src/protocol/transport.js'
import { createWindowPair, type WindowPair } from './window-pair.js'

export const HOST_INFO = { name: 'test-host', version: '1.0.0' }
export const APP_INFO = { name: 'test-app', version: '0.1.0' }

export interface BridgePair {
  pair: WindowPair
  host: HostBridge
  view: ViewBridge
  /** Everything each side reported through its `warning` event, in order. */
  warnings: { host: BridgeWarning[]; view: BridgeWarning[] }
  /** Runs the handshake and waits until `ui/notifications/initialized` reached the host. */
  connect(): Promise<ViewConnection>
  /** Closes both bridges and both windows. */
  dispose(): void
}

export interface BridgePairOptions {
  host?: Partial<HostBridgeOptions>
  view?: Partial<ViewBridgeOptions>
  hostOrigin?: string
  viewOrigin?: string
  /** Deliver transferred ports (see `createWindowPair`): the bridges move to their MessageChannel. */
  ports?: boolean
  /** Dispose automatically when the current test ends (default true; pass false in `beforeAll`). */
  autoDispose?: boolean
}

export function createBridgePair(options: BridgePairOptions = {}): BridgePair {
  const pair = createWindowPair({ hostOrigin: options.hostOrigin, viewOrigin: options.viewOrigin, ports: options.ports })
  const host = new HostBridge({
    hostInfo: HOST_INFO,
    target: pair.frame as unknown as Window,
    targetOrigin: pair.viewOrigin,
    hostWindow: pair.host as never,
    ...options.host,
  })
  const view = new ViewBridge({
    appInfo: APP_INFO,
    target: pair.parent,
    self: pair.view as never,
    autoResize: false,
    ...options.view,
  })
  const warnings: BridgePair['warnings'] = { host: [], view: [] }
  host.on('warning', (warning) => void warnings.host.push(warning))
  view.on('warning', (warning) => void warnings.view.push(warning))
  const dispose = () => {
    host.close()
    view.close()
    pair.close()
  }
  if (options.autoDispose !== false) onTestFinished(dispose)
  return {
    pair,
    host,
    view,
    warnings,
    async connect() {
      const connection = await view.connect()
      await pair.flush()
      return connection
    },
    dispose,
  }
}

/** The methods of the messages in `messages` (responses show as `response:<id>`). */
export function methods(messages: any[]): string[] {
  return messages.map((message) => message.method ?? `response:${String(message.id)}`)
}

/** A result for `ui/initialize`, with overridable fields. */
export const initializeResult = (overrides: Record<string, unknown> = {}) => ({
  protocolVersion: '2026-01-26',
  hostInfo: HOST_INFO,
  hostCapabilities: {},
  hostContext: {},
  ...overrides,
})

export interface LoneView {
  pair: WindowPair
  view: ViewBridge
  warnings: BridgeWarning[]
  /** Calls `connect()` and waits until `ui/initialize` is on the wire; the test answers it. */
  startConnect(): Promise<{ connecting: Promise<ViewConnection> }>
}

/** A `ViewBridge` whose host is the test itself, for scripting exactly what the view receives. */
export function createLoneView(options: Partial<ViewBridgeOptions> = {}): LoneView {
  const pair = createWindowPair()
  const view = new ViewBridge({ appInfo: APP_INFO, target: pair.parent, self: pair.view as never, autoResize: false, ...options })
  const warnings: BridgeWarning[] = []
  view.on('warning', (warning) => void warnings.push(warning))
  onTestFinished(() => {
    view.close()
    pair.close()
  })
  return {
    pair,
    view,
    warnings,
    async startConnect() {
      const connecting = view.connect()
      // Keep a failing handshake from counting as unhandled before the test awaits it.
      connecting.catch(() => {})
      await pair.flush()
      return { connecting }
    },
  }
}
