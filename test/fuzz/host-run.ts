/**
 * Runs one host fuzz scenario through a real `HostBridge` and checks, during and after it:
 *
 * - nothing escapes: no exception out of delivery, no uncaught exception or unhandled rejection,
 *   no JavaScript error caught by the session's last line of defence;
 * - the books balance (`ledger.ts`): every request with an answerable id got exactly one
 *   well-formed response or a documented drop, and no response went to a request never made;
 * - nothing is lost silently: every JSON-RPC notification or response had an observable effect
 *   (an event, a handler call, a settled promise, an answer or a warning), the documented
 *   exceptions aside (cancellations, progress, notifications past a reported rate limit), and
 *   non-JSON-RPC data had none at all;
 * - enforcement held: handlers and the server saw only advertised methods, checked params,
 *   app-visible tools, allowed link schemes, within the rate limits and the concurrency limit;
 * - state obeys its invariants: nothing reached the view before `initialized`; tool data went out
 *   in protocol order to each view instance (each handshake answer starts one: a view re-created
 *   in its frame is sent what was produced again) and `toolPhase` matches it; the context the view was told (handshake
 *   answer plus every change) equals `hostContext`; every host promise settled, typed;
 *   `pendingCount` drained; no prototype changed; no fake timer left behind;
 * - a normal round trip still works afterwards, and closing cleans up.
 *
 * Problems are collected and thrown together, so fast-check shrinks the run that caused them.
 */
import { vi } from 'vitest'
import { HostBridge } from '../../src/host/index.js'
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../../src/host/rate-limit.js'
import type { ToolPhase } from '../../src/host/tool-data.js'
import { hostAllows } from '../../src/protocol/capabilities.js'
import { DISPLAY_MODES } from '../../src/protocol/guards.js'
import { readLoggingMessageParams, readMessageParams, readSizeChanged } from '../../src/protocol/host-guards.js'
import { deepEqual, mergeHostContext } from '../../src/protocol/host-context.js'
import { classify, isObject } from '../../src/protocol/jsonrpc.js'
import { isCallableByApp } from '../../src/protocol/tools.js'
import type { BridgeWarning } from '../../src/protocol/transport.js'
import type { McpUiHostContext } from '../../src/protocol/types.js'
import { describe, prototypeProblem, recheck, rejectionProblem, track, warningProblem, type Tracked } from './checks.js'
import { FakeServer, SERVER_TOOLS } from './fake-server.js'
import { GENEROUS_RATES, SMALL_LIMITS, type HostAction, type HostScenario } from './host-scenario.js'
import { Ledger, preview } from './ledger.js'
import { endRun } from './end-run.js'
import { endOfTask, hostLink, postable } from './link.js'

export interface RunResult {
  /** Messages delivered to the bridge (postable ones). */
  messages: number
  /** Of those, requests with an answerable id. */
  requests: number
}

const TOOL_LETTER: Record<string, string> = {
  'ui/notifications/tool-input-partial': 'P',
  'ui/notifications/tool-input': 'I',
  'ui/notifications/tool-result': 'R',
  'ui/notifications/tool-cancelled': 'C',
}
const PHASE_OF_LAST: Record<string, ToolPhase> = { '': 'none', P: 'streaming', I: 'input', R: 'result', C: 'cancelled' }
/** Tool-data calls: the phase each moves to, and the phases it may follow (PROTOCOL.md A.2). */
const TOOL_STEPS: Record<string, [ToolPhase, ToolPhase[]]> = {
  partial: ['streaming', ['none', 'streaming']],
  input: ['input', ['none', 'streaming']],
  result: ['result', ['input']],
  cancelled: ['cancelled', ['none', 'streaming', 'input']],
}
/** Notifications the host rate-limits; past a reported limit, they are dropped without one warning each. */
const LIMITED = new Set(['ui/notifications/size-changed', 'notifications/message', 'ui/notifications/request-teardown', 'notifications/tools/list_changed', 'mcp-app-bridge/csp-violation'])
const SILENT_BY_DESIGN = new Set(['notifications/cancelled', 'notifications/progress'])
const ALLOWED_SCHEMES = ['http:', 'https:', 'mailto:']
const noop = () => {}

export async function runHost({ config, steps }: HostScenario, crashes: { count(): number; since(mark: number): string[] }): Promise<RunResult> {
  const crashMark = crashes.count()
  const problems: string[] = []
  const problem = (text: string | undefined) => void (text && problems.push(text))
  const warnings: BridgeWarning[] = []
  const ledger = new Ledger()
  const server = new FakeServer()
  const sent: Array<Record<string, unknown>> = []
  const toolSent: string[] = []
  const counts = { actions: 0, context: 0, notifications: 0 }
  const tracked: Tracked[] = []
  let effects = 0
  let rateLimitReported = false
  let viewContext: McpUiHostContext | undefined
  let bridge: HostBridge | undefined
  /** Ids of the host's requests to earlier view instances: their timeouts' cancellations may reach the next one early. */
  const earlierRequests = new Set<unknown>()

  const onSent = (message: unknown) => {
    effects++
    ledger.sent(message)
    if (!isObject(message)) return
    sent.push(message)
    if (typeof message.method === 'string') {
      const earlier = message.method === 'notifications/cancelled' && isObject(message.params) && earlierRequests.has(message.params.requestId)
      if (!bridge?.initialized && !earlier) problem(`sent ${message.method} before the view was initialized`)
      if (message.method === 'ui/notifications/host-context-changed') viewContext = mergeHostContext(viewContext ?? {}, message.params as McpUiHostContext).context
      const letter = TOOL_LETTER[message.method]
      if (letter) toolSent.push(letter)
    } else if (isObject(message.result) && 'hostInfo' in message.result && 'hostCapabilities' in message.result) {
      viewContext = message.result.hostContext as McpUiHostContext
      // A new view instance (a second handshake: a view re-created in its frame) has seen no tool data.
      toolSent.length = 0
      for (const request of sent) if ('method' in request && request.id !== undefined) earlierRequests.add(request.id)
    }
  }
  const link = hostLink(warnings, onSent)
  const allowed = (method: string) => hostAllows(config.capabilities, method)
  const gate = (method: string) => void (!allowed(method) && problem(`${method} reached the host's handler without its capability`))
  const action = (method: string) => {
    effects++
    counts.actions++
    gate(method)
  }
  // Typed loosely on purpose: one handler stands in for all five forwarded methods.
  const forward = ((_params: unknown, context: { forward(): Promise<unknown> }) => context.forward()) as never

  const host = (bridge = new HostBridge({
    hostInfo: { name: 'fuzz-host', version: '1.0.0' },
    transport: link.transport,
    capabilities: structuredClone(config.capabilities),
    hostContext: structuredClone(config.hostContext),
    client: config.server === 'none' ? undefined : server,
    tools: config.server === 'tools' ? SERVER_TOOLS : undefined,
    limits: config.small ? SMALL_LIMITS : undefined,
    rateLimits: config.generous ? GENEROUS_RATES : undefined,
    maxConcurrentCalls: config.maxConcurrentCalls,
    handlers: {
      message(params) {
        action('ui/message')
        problem(recheck('the message handler', () => readMessageParams(params, noop)))
        return config.denyActions ? { isError: true } : undefined
      },
      openLink({ parsed }) {
        action('ui/open-link')
        if (!ALLOWED_SCHEMES.includes(parsed.protocol)) problem(`the openLink handler got a ${parsed.protocol} URL`)
        return config.denyActions ? { isError: true } : undefined
      },
      downloadFile() {
        action('ui/download-file')
        return config.denyActions ? { isError: true } : undefined
      },
      createSamplingMessage() {
        action('sampling/createMessage')
        return { role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'fuzz' }
      },
      requestDisplayMode({ mode }) {
        action('ui/request-display-mode')
        return mode
      },
      updateModelContext: () => gate('ui/update-model-context'),
      ...(config.forwardHandlers && { callTool: forward, readResource: forward, listResources: forward, listResourceTemplates: forward, listPrompts: forward }),
    },
  }))
  host.on('warning', (warning) => {
    warnings.push(warning)
    effects++
    problem(warningProblem(warning))
    // The session's last line of defence caught something: at the host every check should have.
    if (warning.message.startsWith('Handling failed')) problem(`the host's last line of defence was needed: ${warning.message}`)
    if (warning.message.endsWith(': rate limited: dropped')) rateLimitReported = true
  })
  host.on('initialized', () => void effects++)
  host.on('sizechange', (size) => {
    effects++
    counts.notifications++
    gate('ui/notifications/size-changed')
    problem(recheck('sizechange', () => readSizeChanged(size as Record<string, unknown>)))
  })
  host.on('log', (entry) => {
    effects++
    counts.notifications++
    gate('notifications/message')
    problem(recheck('log', () => readLoggingMessageParams(entry as Record<string, unknown>, noop)))
  })
  host.on('requestteardown', () => {
    effects++
    counts.notifications++
  })
  host.on('toolslistchanged', () => {
    effects++
    counts.notifications++
    if (host.appCapabilities?.tools?.listChanged !== true) problem('toolslistchanged from a view that did not declare tools.listChanged')
  })
  host.on('modelcontext', (context) => {
    effects++
    counts.context++
    gate('ui/update-model-context')
    if (context !== undefined && !isObject(context)) problem(`modelcontext ${preview(context)}`)
  })
  host.on('displaymodechange', (mode) => {
    effects++
    if (!DISPLAY_MODES.includes(mode)) problem(`displaymodechange to ${String(mode)}`)
  })
  let closing = false
  host.on('close', (reason) => void (!closing && problem(`the bridge closed during the run: ${reason}`)))

  const settled = (entry: Tracked) => {
    effects++
    if (entry.state === 'rejected') problem(rejectionProblem(entry.label, entry.error))
  }
  const request = (label: string, start: (signal: AbortSignal) => Promise<unknown>) => void tracked.push(track(label, start, settled))
  let phase: ToolPhase = 'none'
  const toolStep = (name: keyof typeof TOOL_STEPS, call: () => void) => {
    const [next, after] = TOOL_STEPS[name]!
    const legal = after.includes(phase)
    try {
      call()
      if (!legal) problem(`tool ${name} in phase ${phase} was accepted`)
      phase = next
    } catch (error) {
      if (legal) problem(`tool ${name} in phase ${phase} was refused: ${describe(error)}`)
      else if ((error as { code?: string }).code !== 'PROTOCOL') problem(`tool ${name} out of order refused with ${describe(error)}`)
    }
  }
  let toolListInvalidations = 0
  const act = (a: HostAction) => {
    switch (a.do) {
      case 'context':
        try {
          host.setHostContext(structuredClone(a.change))
        } catch (error) {
          // Only a display mode the view did not declare may be refused.
          if (!((error as { code?: string }).code === 'DENIED' && a.change.displayMode)) problem(`setHostContext threw ${describe(error)}`)
        }
        return
      case 'partial':
        return toolStep('partial', () => host.sendToolInputPartial(structuredClone(a.args)))
      case 'input':
        return toolStep('input', () => host.sendToolInput(structuredClone(a.args)))
      case 'result':
        return toolStep('result', () => host.sendToolResult(structuredClone(a.result) as never))
      case 'cancelled':
        return toolStep('cancelled', () => host.sendToolCancelled(a.reason))
      case 'ping':
        return request('ping', (signal) => host.ping({ signal }))
      case 'callTool':
        return request(`callTool ${a.name}`, (signal) => host.callTool({ name: a.name }, { signal }))
      case 'listTools':
        return request('listTools', (signal) => host.listTools({}, { signal }))
      case 'listChanged':
        if (a.list === 'tools') toolListInvalidations++
        try {
          host.sendListChanged(a.list)
        } catch (error) {
          problem(`sendListChanged threw ${describe(error)}`)
        }
        return
      case 'abort':
        return void [...tracked].reverse().find((entry) => entry.state === 'pending')?.controller.abort('aborted by the fuzzer')
    }
  }

  let messages = 0
  let elapsed = 0
  for (const step of steps) {
    const before = effects
    let kind: string | undefined
    let method: unknown
    let shown = (): string => ''
    if (step.kind === 'wait') {
      elapsed += step.ms
      await vi.advanceTimersByTimeAsync(step.ms)
    } else if (step.kind === 'host') {
      act(step.action)
    } else {
      const posted = postable(step.data)
      if (!posted) continue
      messages++
      kind = classify(posted.copy).kind
      method = isObject(posted.copy) ? posted.copy.method : undefined
      const copy = posted.copy
      shown = () => preview(copy)
      try {
        ledger.deliver(posted.copy, () => link.deliver(posted.copy))
      } catch (error) {
        problem(`delivery threw ${describe(error)} for ${shown()}`)
      }
    }
    await endOfTask()
    if (kind === 'foreign' && effects !== before) problem(`non-JSON-RPC data had an effect: ${shown()}`)
    const exempt = SILENT_BY_DESIGN.has(method as string) || (rateLimitReported && LIMITED.has(method as string))
    if ((kind === 'notification' || kind === 'result' || kind === 'error' || kind === 'invalid') && effects === before && !exempt) problem(`dropped silently: ${shown()}`)
    const waiting = tracked.filter((entry) => entry.state === 'pending').length
    if (host.pendingCount > waiting) problem(`pendingCount ${host.pendingCount} with ${waiting} requests waiting`)
    if (problems.length) break
  }

  // Let every timeout fire: requests to the view, calls to a hanging server, waits for initialized.
  for (let i = 0; i < 4 && !problems.length; i++) {
    await vi.advanceTimersByTimeAsync(40_000)
    await endOfTask()
  }
  ledger.close()
  problems.push(...ledger.problems)
  for (const entry of tracked) if (entry.state === 'pending') problem(`${entry.label} never settled`)
  if (host.pendingCount !== 0) problem(`pendingCount ${host.pendingCount} after every timeout`)
  if (server.inFlight !== 0) problem(`${server.inFlight} server call(s) never settled`)
  if (server.maxInFlight > config.maxConcurrentCalls) problem(`${server.maxInFlight} server calls at once (limit ${config.maxConcurrentCalls})`)
  for (const call of server.calls) {
    if (call.method === 'callTool') {
      const tool = SERVER_TOOLS.find((candidate) => candidate.name === call.params.name)
      if (!tool || !isCallableByApp(tool)) problem(`tool ${String(call.params.name)} reached the server`)
      gate('tools/call')
    } else if (call.method !== 'listPrompts') gate('resources/read')
  }
  const rates: RateLimits = config.generous ? GENEROUS_RATES : DEFAULT_RATE_LIMITS
  const cap = (bucket: keyof RateLimits) => rates[bucket].burst + Math.floor((rates[bucket].perSecond * elapsed) / 1000) + 1
  for (const [bucket, count] of [['actions', counts.actions], ['context', counts.context], ['notifications', counts.notifications], ['calls', server.calls.length]] as const) {
    if (count > cap(bucket)) problem(`${count} ${bucket} passed the rate limit (at most ${cap(bucket)} in ${elapsed} ms)`)
  }
  const refreshes = 2 + toolListInvalidations + Math.ceil(elapsed / 5_000)
  if (server.listToolsCalls > refreshes) problem(`the server's tool list was fetched ${server.listToolsCalls} times (at most ${refreshes})`)
  const tools = toolSent.join('')
  if (!/^P*I?[RC]?$/.test(tools) || (tools.includes('R') && !tools.includes('I'))) problem(`tool data out of order: ${tools}`)
  if (host.toolPhase !== phase) problem(`toolPhase ${host.toolPhase}, expected ${phase}`)
  if (!host.initialized && tools) problem(`tool data reached a view that never initialized: ${tools}`)
  if (host.initialized && PHASE_OF_LAST[tools.slice(-1)] !== phase) problem(`the view was told ${tools} but the phase is ${phase}`)
  if (host.initialized && !deepEqual(viewContext, host.hostContext)) problem(`the view's context ${preview(viewContext)} differs from the host's ${preview(host.hostContext)}`)
  if (host.appInfo !== undefined && typeof host.appInfo.name !== 'string') problem(`appInfo ${preview(host.appInfo)}`)
  problem(prototypeProblem())

  if (!problems.length) await roundTrip()
  closing = true
  await endRun({ problems, what: 'bridge', close: () => host.close(), listening: () => link.listening(), deliver: (data) => link.deliver(data), effects: () => effects, crashes, crashMark })
  return { messages, requests: ledger.requests }

  /** A well-behaved view's traffic, after whatever the fuzzer did. */
  async function roundTrip(): Promise<void> {
    const deliver = async (data: Record<string, unknown>) => {
      ledger.deliver(data, () => link.deliver(structuredClone(data)))
      await endOfTask()
    }
    const answer = (id: string) => sent.find((message) => message.id === id && !('method' in message))
    if (!host.initialized) {
      await deliver({ jsonrpc: '2.0', id: 'rt-init', method: 'ui/initialize', params: { appInfo: { name: 'rt', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' } })
      if (!isObject(answer('rt-init')?.result)) return problem(`round trip: ui/initialize answered ${preview(answer('rt-init'))}`)
      await deliver({ jsonrpc: '2.0', method: 'ui/notifications/initialized' })
      if (!host.initialized) return problem('round trip: the view could not initialize')
    }
    await deliver({ jsonrpc: '2.0', id: 'rt-ping', method: 'ping' })
    if (!deepEqual(answer('rt-ping')?.result, {})) problem(`round trip: the view's ping got ${preview(answer('rt-ping'))}`)
    const ping = track('round-trip ping', () => host.ping(), noop)
    await endOfTask()
    const asked = [...sent].reverse().find((message) => message.method === 'ping')
    if (asked) await deliver({ jsonrpc: '2.0', id: asked.id, result: {} })
    if (ping.state !== 'fulfilled') problem(`round trip: the host's ping ${ping.state} ${describe(ping.error)}`)
    host.setHostContext({ locale: 'rt-locale' })
    if (viewContext?.locale !== 'rt-locale' || !deepEqual(viewContext, host.hostContext)) problem(`round trip: the context change did not reach the view (${preview(viewContext)})`)
    if (allowed('ui/message')) {
      await deliver({ jsonrpc: '2.0', id: 'rt-message', method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'still here' }] } })
      const reply = answer('rt-message')
      const expected = config.denyActions ? isObject(reply?.error) && reply.error.code === -32000 : deepEqual(reply?.result, {})
      if (!expected) problem(`round trip: ui/message answered ${preview(reply)}`)
    }
  }
}
