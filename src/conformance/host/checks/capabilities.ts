/**
 * Capability gating (advertise = enforce): in the minimal session the kit asks the host to
 * advertise nothing, then the view sends every gated request anyway, with valid params. Each must
 * be refused and cause nothing: no effect reported by the adapter, no call to the server.
 */
import { HOST_CAPABILITY_FOR, LOGGING_MESSAGE } from '../../../protocol/index.js'
import type { HostEffectKind } from '../../adapter.js'
import { KIT_RESOURCE_URI, KIT_TOOL } from '../../scripted-server.js'
import { brief, describeEvent, judged, notApplicable, notRun, type Verdict } from '../../verdict.js'
import { errorCodeOf, resultOf, type WireEvent } from '../../wire.js'
import type { HostRecord } from '../record.js'
import type { HostSession } from '../session.js'

/** Every gated view request, with valid params and what serving it would cause. */
const GATED: Array<{ method: string; params: Record<string, unknown>; effect?: HostEffectKind }> = [
  { method: 'ui/open-link', params: { url: 'https://example.com/conformance-gated' }, effect: 'openLink' },
  { method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'conformance kit (not advertised)' }] }, effect: 'message' },
  { method: 'ui/update-model-context', params: { content: [{ type: 'text', text: 'conformance kit (not advertised)' }] }, effect: 'modelContext' },
  { method: 'ui/download-file', params: { contents: [{ type: 'resource', resource: { uri: 'file:///conformance.txt', mimeType: 'text/plain', text: 'kit' } }] }, effect: 'downloadFile' },
  { method: 'tools/call', params: { name: KIT_TOOL.appOnly, arguments: {} } },
  { method: 'resources/read', params: { uri: KIT_RESOURCE_URI } },
  { method: 'resources/list', params: {} },
  { method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: 'conformance kit' } }], maxTokens: 8 }, effect: 'sampling' },
]

export interface GatedCall {
  method: string
  capability: string
  response?: WireEvent
  /** Effects reported and server calls made while the host handled it. */
  caused: string[]
}

export interface GatingObservation {
  /** The gated requests whose capability the host did not advertise. */
  calls: GatedCall[]
  /** Capabilities the host advertised although the kit asked for none. */
  advertisedAnyway: string[]
  logging: {
    /** Whether the adapter reported a log effect in the main session, where logging was advertised. */
    reportedWhenAdvertised: boolean | undefined
    advertisedInMinimal: boolean
    /** Effects reported after the minimal session's view sent a log entry. */
    caused: string[]
  }
}

const LOG_ENTRY = { level: 'info', logger: 'conformance-kit', data: 'conformance kit log entry' }

/** Main session (logging advertised): does the adapter report log entries at all? */
export async function probeLoggingReported(session: HostSession, advertised: Record<string, unknown>): Promise<boolean | undefined> {
  if (typeof advertised.logging !== 'object') return undefined
  const before = session.channel.lastSeq('runtime')
  await session.notify(LOGGING_MESSAGE, LOG_ENTRY)
  await session.settle()
  return session.marks('effect', before).some((event) => (event.data as { kind?: string }).kind === 'log')
}

/** What the runtime saw happen after `afterSeq`: effects and server calls, as evidence lines. */
function caused(session: HostSession, afterSeq: number): string[] {
  return [
    ...session.marks('effect', afterSeq).map((event) => `effect ${brief(event.data, 120)}`),
    ...session.marks('server-call', afterSeq).map((event) => `server call ${brief(event.data, 120)}`),
  ]
}

/** How long, in all, the gated requests' answers are waited for. */
const ANSWER_WAIT_MS = 3_000

export async function probeGating(session: HostSession, advertised: Record<string, unknown>, reportedWhenAdvertised: boolean | undefined): Promise<GatingObservation> {
  const sent: Array<{ id: number; call: Omit<GatedCall, 'response'> }> = []
  const advertisedAnyway = new Set<string>()
  for (const { method, params } of GATED) {
    const capability = HOST_CAPABILITY_FOR[method] as string
    if (typeof advertised[capability] === 'object' && advertised[capability] !== null) {
      advertisedAnyway.add(capability)
      continue
    }
    const before = session.channel.lastSeq('runtime')
    const id = await session.callView('request', method, params)
    // A round trip, not the answer: a host that never answers must not cost a timeout per request.
    await session.settle()
    sent.push({ id, call: { method, capability, caused: caused(session, before) } })
  }
  const deadline = Date.now() + ANSWER_WAIT_MS
  const calls: GatedCall[] = []
  for (const { id, call } of sent) calls.push({ ...call, response: await session.response(id, Math.max(0, deadline - Date.now())) })
  const beforeLog = session.channel.lastSeq('runtime')
  const advertisedInMinimal = typeof advertised.logging === 'object'
  if (!advertisedInMinimal) {
    await session.notify(LOGGING_MESSAGE, LOG_ENTRY)
    await session.settle()
  }
  return { calls, advertisedAnyway: [...advertisedAnyway], logging: { reportedWhenAdvertised, advertisedInMinimal, caused: caused(session, beforeLog) } }
}

const served = (call: GatedCall) => call.response !== undefined && errorCodeOf(call.response) === undefined && resultOf(call.response)?.isError !== true

export function judgeCapabilities(record: HostRecord): Verdict[] {
  const observed = record.gating
  // The probe runs in the minimal session whenever this category is selected: absent, it was not reached.
  if (!observed) return [notRun('host-capability-gating', 'the gating probe', 'minimal'), notRun('host-logging-gated', 'the gating probe', 'minimal')]
  return [judgeGating(observed), judgeLogging(observed)]
}

function judgeGating(observed: GatingObservation): Verdict {
  const id = 'host-capability-gating'
  if (!observed.calls.length) return notApplicable(id, `asked to advertise nothing, the host still advertised ${observed.advertisedAnyway.join(', ')}: no gated request left to try`)
  const problems: string[] = []
  for (const call of observed.calls) {
    // A refusal is an answer: silence leaves the view waiting and is no refusal.
    if (!call.response) problems.push(`${call.method} without ${call.capability} was never answered (waited ${ANSWER_WAIT_MS / 1_000} s); a refusal is an error response`)
    if (served(call)) problems.push(`${call.method} without ${call.capability} was served: ${describeEvent(call.response!)}`)
    if (call.caused.length) problems.push(`${call.method} without ${call.capability} caused: ${call.caused.join('; ')}`)
  }
  const evidence = observed.calls.map((call) => `${call.method}: ${call.response ? describeEvent(call.response) : `no answer within ${ANSWER_WAIT_MS / 1_000} s`}`)
  if (observed.advertisedAnyway.length) evidence.push(`advertised although not asked (not tried): ${observed.advertisedAnyway.join(', ')}`)
  return judged(id, problems, evidence)
}

function judgeLogging(observed: GatingObservation): Verdict {
  const id = 'host-logging-gated'
  const { logging } = observed
  if (logging.advertisedInMinimal) return notApplicable(id, 'the host advertised logging even when asked for nothing')
  if (logging.reportedWhenAdvertised !== true) {
    return notApplicable(id, 'the adapter reported no log effect when logging was advertised (main session), so its silence here proves nothing; report effects.report("log", …) from the host\'s log handler')
  }
  const logs = logging.caused.filter((line) => line.includes('"kind":"log"'))
  return judged(id, logs.map((line) => `notifications/message without logging was handled: ${line}`), ['main session: the adapter reports log entries when logging is advertised', `minimal session: ${logs.length} log effect(s) without logging`])
}
