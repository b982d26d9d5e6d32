/**
 * A scripted host for view tests: it speaks raw JSON-RPC through a window pair, records every
 * message the view sends, answers `ui/initialize` (unless told not to), and lets a test send any
 * message, valid or not, and await the view's next message or answer.
 */
import { createWindowPair, type WindowPair } from '../helpers/window-pair.js'
import { ViewBridge, type ViewBridgeOptions } from '../../src/view/index.js'
import type { McpUiHostCapabilities, McpUiHostContext } from '../../src/protocol/index.js'

export interface FakeHostOptions {
  hostCapabilities?: McpUiHostCapabilities
  hostContext?: McpUiHostContext
  protocolVersion?: string
  /** Answer `ui/initialize` by itself (default true). */
  answerInitialize?: boolean
}

export interface FakeHost {
  pair: WindowPair
  /** Every message the view sent, in order. */
  received: any[]
  /** Posts raw data to the view as its parent. */
  send(message: unknown): void
  notify(method: string, params?: unknown): void
  /** Sends a request to the view and resolves with its response message. */
  request(method: string, params?: unknown): Promise<any>
  /** Resolves with the next message the view sends that matches (already received ones count). */
  next(match: string | ((message: any) => boolean)): Promise<any>
  /** Messages received with the given method. */
  sent(method: string): any[]
}

let nextId = 1000

export function createFakeHost(options: FakeHostOptions = {}, pair: WindowPair = createWindowPair()): FakeHost {
  const received: any[] = []
  const waiters: Array<{ match: (message: any) => boolean; resolve: (message: any) => void }> = []
  const test = (match: string | ((message: any) => boolean)) => (typeof match === 'string' ? (m: any) => m?.method === match : match)
  const send = (message: unknown) => pair.frame.postMessage(message, '*')
  pair.host.addEventListener('message', (event: any) => {
    if (event.source !== pair.frame) return
    const message = event.data
    received.push(message)
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(message)
      }
    }
    if (message?.method === 'ui/initialize' && options.answerInitialize !== false) {
      send({
        jsonrpc: '2.0',
        id: message.id,
        result: {
          protocolVersion: options.protocolVersion ?? '2026-01-26',
          hostInfo: { name: 'fake-host', version: '1.0.0' },
          hostCapabilities: options.hostCapabilities ?? {},
          hostContext: options.hostContext ?? {},
        },
      })
    }
  })
  const next = (match: string | ((message: any) => boolean)) => {
    const matches = test(match)
    const seen = received.find(matches)
    if (seen) return Promise.resolve(seen)
    return new Promise<any>((resolve) => waiters.push({ match: matches, resolve }))
  }
  return {
    pair,
    received,
    send,
    notify: (method, params) => send(params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params }),
    request(method, params) {
      const id = nextId++
      send({ jsonrpc: '2.0', id, method, params })
      return new Promise((resolve) => waiters.push({ match: (m) => m?.id === id && !('method' in m), resolve }))
    },
    next,
    sent: (method) => received.filter((m) => m?.method === method),
  }
}

/** A view bridge on the pair's view window, talking to the pair's host. */
export function createView(host: FakeHost, options: Partial<ViewBridgeOptions> = {}): ViewBridge {
  return new ViewBridge({
    appInfo: { name: 'test-app', version: '1.0.0' },
    self: host.pair.view as never,
    target: host.pair.parent,
    autoResize: false,
    ...options,
  })
}

/** Lets every message posted so far arrive, and the microtasks they start run. */
export const flush = (pair: WindowPair) => pair.flush()
