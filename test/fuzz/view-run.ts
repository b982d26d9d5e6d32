/**
 * Runs one view fuzz scenario through a real `ViewBridge` and checks, during and after it:
 *
 * - nothing escapes: no exception out of delivery, no uncaught exception or unhandled rejection,
 *   no JavaScript error caught by the session's last line of defence (a reader refusing a
 *   notification with `INVALID_PARAMS` is reported there by design);
 * - the books balance (`ledger.ts`) for the host's requests (teardown, ping, the app's tools);
 * - nothing is lost silently: every JSON-RPC notification or response from the parent had an
 *   observable effect, except cancellations, progress, and context changes that arrive before the
 *   handshake answer (kept, and checked by the context model below); messages from another
 *   window had no effect at all, and messages from another origin once pinned only a warning;
 * - the view wrote strictly: well-formed JSON-RPC, fresh ids, `ui/initialize` first, one
 *   `initialized` after the answer, no request the host did not advertise, nothing but answers
 *   before the handshake, and only to the pinned origin after it;
 * - every event carried data its own guard accepts; every promise the app got settled, typed;
 * - state obeys its invariants: the context is exactly the handshake's merged with every change
 *   received, early ones included, in order; the bridge closes itself only when the handshake
 *   fails; no prototype changed; no listener or fake timer left behind;
 * - a normal round trip still works afterwards.
 */
import { vi } from 'vitest'
import { hostAllows } from '../../src/protocol/capabilities.js'
import { readCallToolResult, readHostContext, readTeardownParams, readToolCancelled, readToolInput } from '../../src/protocol/guards.js'
import { deepEqual, mergeHostContext } from '../../src/protocol/host-context.js'
import { classify, isObject } from '../../src/protocol/jsonrpc.js'
import type { BridgeWarning } from '../../src/protocol/transport.js'
import type { McpUiHostContext } from '../../src/protocol/types.js'
import { ViewBridge } from '../../src/view/index.js'
import { describe, prototypeProblem, recheck, rejectionProblem, track, warningProblem, type Tracked } from './checks.js'
import type { RunResult } from './host-run.js'
import { Ledger, preview } from './ledger.js'
import { endRun } from './end-run.js'
import { endOfTask, HOST_ORIGIN, postable, viewLink } from './link.js'
import type { ViewAction, ViewScenario, ViewStep } from './view-scenario.js'

const SILENT_BY_DESIGN = new Set(['notifications/cancelled', 'notifications/progress'])
const noop = () => {}
const stranger = { postMessage: noop }

function changesNothing(context: McpUiHostContext, change: unknown): boolean {
  try {
    return mergeHostContext(context, readHostContext(change, noop)).changed.length === 0
  } catch {
    return false
  }
}

/** The host context a well-behaved host answers the handshake with. */
const HANDSHAKE_CONTEXT = { theme: 'light', displayMode: 'inline', availableDisplayModes: ['inline', 'fullscreen'], locale: 'en-US' }

export async function runView({ config, steps }: ViewScenario, crashes: { count(): number; since(mark: number): string[] }): Promise<RunResult> {
  const crashMark = crashes.count()
  const problems: string[] = []
  const problem = (text: string | undefined) => void (text && problems.push(text))
  const warnings: BridgeWarning[] = []
  const ledger = new Ledger()
  const sent: Array<Record<string, unknown>> = []
  const tracked: Tracked[] = []
  let effects = 0
  let initializedSent = 0
  let closeReason: string | undefined
  let bridge: ViewBridge | undefined

  const onSent = (message: unknown, targetOrigin: string) => {
    effects++
    ledger.sent(message)
    if (!isObject(message)) return
    sent.push(message)
    const view = bridge!
    const connected = view.hostInfo !== undefined
    if (connected && targetOrigin !== HOST_ORIGIN) problem(`posted to ${targetOrigin} after the handshake pinned ${HOST_ORIGIN}`)
    const method = message.method
    if (typeof method !== 'string') return
    if ('id' in message) {
      if (method === 'ui/initialize') {
        if (sent.some((other) => other !== message && other.method === 'ui/initialize')) problem('a second ui/initialize')
      } else if (!connected || !hostAllows(view.hostCapabilities, method)) problem(`sent ${method}, which the host did not advertise`)
    } else if (method === 'ui/notifications/initialized') {
      if (++initializedSent > 1) problem('a second initialized notification')
      if (!connected) problem('initialized before the handshake answer')
    } else if (method !== 'notifications/cancelled' && (!connected || !hostAllows(view.hostCapabilities, method))) {
      problem(`sent ${method} ${connected ? 'without its capability' : 'before the handshake'}`)
    }
  }
  const link = viewLink(warnings, onSent)
  const view = (bridge = new ViewBridge({
    appInfo: { name: 'fuzz-view', version: '1.0.0' },
    capabilities: config.modes ? { availableDisplayModes: config.modes } : {},
    target: link.target,
    self: link.self as never,
    autoResize: false,
  }))
  view.on('warning', (warning) => {
    warnings.push(warning)
    effects++
    problem(warningProblem(warning))
  })
  view.on('toolinput', (params) => {
    effects++
    problem(recheck('toolinput', () => readToolInput(params as Record<string, unknown>, noop)))
  })
  view.on('toolinputpartial', (params) => {
    effects++
    problem(recheck('toolinputpartial', () => readToolInput(params as Record<string, unknown>, noop)))
  })
  view.on('toolresult', (result) => {
    effects++
    problem(recheck('toolresult', () => readCallToolResult(result as Record<string, unknown>, noop)))
  })
  view.on('toolcancelled', (params) => {
    effects++
    problem(recheck('toolcancelled', () => readToolCancelled(params as Record<string, unknown>)))
  })
  let lastContextEvent: McpUiHostContext | undefined
  view.on('hostcontextchanged', (context, changed) => {
    effects++
    lastContextEvent = context
    if (!changed.length) problem('hostcontextchanged without a changed key')
  })
  view.on('listchanged', () => void effects++)
  view.on('teardown', (params) => {
    effects++
    problem(recheck('teardown', () => readTeardownParams(params as Record<string, unknown>)))
    if (config.teardown === 'fails') throw new Error('could not save')
    if (config.teardown === 'slow') return new Promise((resolve) => setTimeout(resolve, 2_000))
    return undefined
  })
  view.on('close', (reason) => {
    effects++
    closeReason = reason
    ledger.dropInFlight()
  })
  const tool = (run: (args: Record<string, unknown>) => unknown) => (args: Record<string, unknown>) => {
    effects++
    return run(args) as never
  }
  if (config.tools) {
    view.registerTool('echo', {}, tool((args) => ({ content: [{ type: 'text', text: preview(args) }] })))
    view.registerTool('slow', {}, tool(() => new Promise((resolve) => setTimeout(() => resolve({ content: [] }), 5_000))))
    view.registerTool('throws', {}, tool(() => {
      throw new Error('the tool failed')
    }))
    view.registerTool('bad-result', {}, tool(() => 42))
  }

  const settled = (entry: Tracked) => {
    effects++
    if (entry.state === 'rejected') problem(rejectionProblem(entry.label, entry.error))
  }
  const request = (label: string, start: (signal: AbortSignal) => Promise<unknown>) => void tracked.push(track(label, start, settled))
  const call = (label: string, run: () => unknown) => {
    try {
      run()
    } catch (error) {
      problem(`${label} threw ${describe(error)}`)
    }
  }
  const act = (a: ViewAction) => {
    switch (a.do) {
      case 'connect':
        return request('connect', () => view.connect())
      case 'sendMessage':
        return request('sendMessage', (signal) => view.sendMessage(a.text, { signal }))
      case 'updateModelContext':
        return request('updateModelContext', (signal) => view.updateModelContext({ content: [{ type: 'text', text: a.text }] }, { signal }))
      case 'callServerTool':
        return request(`callServerTool ${a.name}`, (signal) => view.callServerTool({ name: a.name, arguments: {} }, { signal, onprogress: () => void effects++ }))
      case 'readServerResource':
        return request('readServerResource', (signal) => view.readServerResource({ uri: 'ui://x' }, { signal }))
      case 'listServerResources':
        return request('listServerResources', (signal) => view.listServerResources({}, { signal }))
      case 'openLink':
        return request('openLink', (signal) => view.openLink(a.url, { signal }))
      case 'downloadFile':
        return request('downloadFile', (signal) => view.downloadFile({ contents: [{ type: 'resource_link', uri: 'https://e.com/f', name: 'f' }] } as never, { signal }))
      case 'requestDisplayMode':
        return request('requestDisplayMode', (signal) => view.requestDisplayMode(a.mode, { signal }))
      case 'createSamplingMessage':
        return request('createSamplingMessage', (signal) => view.createSamplingMessage({ messages: [], maxTokens: 5 } as never, { signal }))
      case 'sendLog':
        return call('sendLog', () => view.sendLog('info', 'fuzz'))
      case 'sendSizeChanged':
        return call('sendSizeChanged', () => view.sendSizeChanged({ width: a.width, height: a.height }))
      case 'requestTeardown':
        return call('requestTeardown', () => view.requestTeardown())
      case 'registerTool':
        try {
          view.registerTool(a.name, {}, tool(() => ({ content: [] })))
        } catch (error) {
          const code = (error as { code?: string }).code
          if (code !== 'PROTOCOL' && code !== 'NOT_SUPPORTED') problem(`registerTool threw ${describe(error)}`)
        }
        return
      case 'abort':
        return void [...tracked].reverse().find((entry) => entry.state === 'pending')?.controller.abort('aborted by the fuzzer')
    }
  }

  /** Context changes received while open, in order; the handshake's context goes under them. */
  const changes: unknown[] = []
  let handshakeContext: unknown
  const connects = () => tracked.filter((entry) => entry.label === 'connect')
  const initializeRequest = () => [...sent].reverse().find((message) => message.method === 'ui/initialize')
  /** A well-behaved host answering the handshake. */
  const handshake = (): Extract<ViewStep, { kind: 'message' }> | undefined => {
    const asked = initializeRequest()
    if (!asked || connects().every((entry) => entry.state !== 'pending')) return undefined
    const result = { protocolVersion: '2026-01-26', hostInfo: { name: 'fuzz-host', version: '1.0.0' }, hostCapabilities: config.capabilities, hostContext: HANDSHAKE_CONTEXT }
    return { kind: 'message', data: { jsonrpc: '2.0', id: asked.id, result }, from: 'parent' }
  }

  let messages = 0
  const run = async (step: ViewStep): Promise<void> => {
    const before = effects
    const warned = warnings.length
    const wasConnected = connects().some((entry) => entry.state === 'fulfilled')
    const wasOpen = closeReason === undefined
    let kind: string | undefined
    let data: unknown
    /** A context change that changes nothing has nothing to lose. */
    let noOp = false
    let from: ViewStep['kind'] | 'parent' | 'stranger' | 'other-origin' = step.kind
    if (step.kind === 'wait') await vi.advanceTimersByTimeAsync(step.ms)
    else if (step.kind === 'app') act(step.action)
    else {
      const posted = postable(step.data)
      if (!posted) return
      messages++
      data = posted.copy
      kind = classify(data).kind
      // Before the origin is pinned, a message from another origin would pin that one: the parent
      // itself navigated. The model below assumes one parent origin, so such a message waits until then.
      from = step.from === 'other-origin' && view.hostInfo === undefined ? 'parent' : step.from
      const options = from === 'stranger' ? { source: stranger } : from === 'other-origin' ? { origin: 'https://evil.example' } : {}
      const classified = classify(data)
      if (from === 'parent' && wasOpen && classified.kind === 'notification' && classified.method === 'ui/notifications/host-context-changed') {
        changes.push(classified.params)
        noOp = view.hostInfo !== undefined && changesNothing(view.hostContext, classified.params)
      }
      try {
        // Only the parent at its origin is owed answers, and only by an open bridge.
        if (from === 'parent' && wasOpen) ledger.deliver(data, () => link.deliver(data, options))
        else link.deliver(data, options)
      } catch (error) {
        problem(`delivery threw ${describe(error)} for ${preview(data)}`)
      }
    }
    await endOfTask()
    if (!wasConnected && connects().some((entry) => entry.state === 'fulfilled')) {
      handshakeContext = isObject(data) && isObject(data.result) ? (data.result.hostContext ?? {}) : undefined
      if (handshakeContext === undefined) problem('connect() resolved without a handshake answer')
    }
    if (kind === undefined) return
    const method = isObject(data) ? (data.method as string) : undefined
    if (from === 'stranger' && effects !== before) problem(`a message from another window had an effect: ${preview(data)}`)
    if (from === 'other-origin' && (effects !== before + 1 || warnings[warned]?.code !== 'POLICY')) problem(`a message from another origin was not just refused: ${preview(data)}`)
    if (from !== 'parent') return
    if (kind === 'foreign' && effects !== before) problem(`non-JSON-RPC data had an effect: ${preview(data)}`)
    const deferred = method === 'ui/notifications/host-context-changed' && view.hostInfo === undefined
    const silent = !wasOpen || SILENT_BY_DESIGN.has(method as string) || deferred || noOp
    if ((kind === 'notification' || kind === 'result' || kind === 'error' || kind === 'invalid') && effects === before && !silent) problem(`dropped silently: ${preview(data)}`)
    if (!wasOpen && effects !== before) problem(`a closed bridge reacted to ${preview(data)}`)
  }

  if (config.connectFirst) act({ do: 'connect' })
  for (let i = 0; i < steps.length && !problems.length; i++) {
    if (i === config.handshakeAt) {
      const answer = handshake()
      if (answer) await run(answer)
    }
    await run(steps[i]!)
  }
  if (config.handshakeAt === steps.length && !problems.length) {
    const answer = handshake()
    if (answer) await run(answer)
  }

  // Let every timeout fire: the handshake, the app's requests, slow tools and teardowns.
  for (let i = 0; i < 4 && !problems.length; i++) {
    await vi.advanceTimersByTimeAsync(40_000)
    await endOfTask()
  }
  ledger.close()
  problems.push(...ledger.problems)
  for (const entry of tracked) if (entry.state === 'pending') problem(`${entry.label} never settled`)
  if (closeReason !== undefined) {
    if (!closeReason.startsWith('ui/initialize failed')) problem(`the view closed itself: ${closeReason}`)
    if (link.listeners() !== 0) problem('a closed view still listens')
  } else if (view.hostInfo !== undefined) {
    let expected: McpUiHostContext | undefined
    try {
      expected = changes.reduce<McpUiHostContext>((context, change) => {
        try {
          return mergeHostContext(context, readHostContext(change, noop)).context
        } catch {
          return context
        }
      }, readHostContext(handshakeContext, noop))
    } catch (error) {
      problem(`the handshake context ${preview(handshakeContext)} was accepted but is unreadable: ${describe(error)}`)
    }
    if (expected && !deepEqual(view.hostContext, expected)) problem(`the view's context ${preview(view.hostContext)} is not what it was told ${preview(expected)}`)
    if (lastContextEvent && !deepEqual(lastContextEvent, view.hostContext)) problem('the last hostcontextchanged event does not show the current context')
  }
  problem(prototypeProblem())

  if (!problems.length && closeReason === undefined) await roundTrip()
  await endRun({ problems, what: 'view', close: () => view.close(), listening: () => link.listeners() !== 0, deliver: (data) => link.deliver(data), effects: () => effects, crashes, crashMark })
  return { messages, requests: ledger.requests }

  /** A well-behaved host's traffic, after whatever the fuzzer did. */
  async function roundTrip(): Promise<void> {
    const deliver = async (data: Record<string, unknown>) => {
      ledger.deliver(data, () => link.deliver(structuredClone(data)))
      await endOfTask()
    }
    const answer = (id: unknown) => sent.find((message) => message.id === id && !('method' in message))
    if (view.hostInfo === undefined) {
      act({ do: 'connect' })
      await endOfTask()
      const step = handshake()
      if (!step) return problem('round trip: connect() sent no ui/initialize')
      await deliver(step.data as Record<string, unknown>)
      if (!connects().every((entry) => entry.state === 'fulfilled')) return problem('round trip: the handshake failed')
    }
    await deliver({ jsonrpc: '2.0', id: 'rt-ping', method: 'ping' })
    if (!deepEqual(answer('rt-ping')?.result, {})) problem(`round trip: the host's ping got ${preview(answer('rt-ping'))}`)
    await deliver({ jsonrpc: '2.0', method: 'ui/notifications/host-context-changed', params: { locale: 'rt-locale' } })
    if (view.hostContext.locale !== 'rt-locale') problem('round trip: a context change did not arrive')
    const before = sent.length
    if (!view.sendSizeChanged({ width: 10, height: 20 }) || sent.length !== before + 1) problem('round trip: size-changed was not sent')
    if (hostAllows(view.hostCapabilities, 'ui/message')) {
      const sending = track('round-trip sendMessage', () => view.sendMessage('still here'), noop)
      await endOfTask()
      const asked = [...sent].reverse().find((message) => message.method === 'ui/message')
      if (asked) await deliver({ jsonrpc: '2.0', id: asked.id, result: {} })
      if (sending.state !== 'fulfilled') problem(`round trip: sendMessage ${sending.state} ${describe(sending.error)}`)
    }
  }
}
