/**
 * Capability gating (advertise = enforce): in the minimal session the kit asks the host to
 * advertise nothing, then the view sends every gated request anyway, with valid params. Each must
 * be refused and cause nothing: no effect reported by the adapter, no call to the server.
 *
 * Side effects are tied to the request that caused them by what they carry, not by when they
 * happen: each request carries its own tag (in the URL, text, arguments or URI a host passes on),
 * and otherwise only one gated request causes a given kind of effect or server call. They are
 * collected once, after every answer and a bounded wait for late ones.
 */
import { HOST_CAPABILITY_FOR, LOGGING_MESSAGE } from '../../../protocol/index.js'
import type { HostEffectKind } from '../../adapter.js'
import { KIT_RESOURCE_URI, KIT_TOOL } from '../../scripted-server.js'
import { brief, describeEvent, judged, notApplicable, notRun, type Verdict } from '../../verdict.js'
import { errorCodeOf, resultOf, type WireEvent } from '../../wire.js'
import type { HostRecord } from '../record.js'
import type { HostSession } from '../session.js'

/** One gated view request: valid params carrying `tag`, and the effect serving it would report (server requests: a server call of the same method). */
interface Gated {
  method: string
  tag: string
  params: Record<string, unknown>
  effect?: HostEffectKind
}

const text = (tag: string) => [{ type: 'text', text: `conformance kit (not advertised) ${tag}` }]

/** Every gated view request. No tag is part of another, so a tag found names one request. */
const GATED: Gated[] = [
  { method: 'ui/open-link', tag: 'gated-open-link', params: { url: 'https://example.com/conformance-gated?probe=gated-open-link' }, effect: 'openLink' },
  { method: 'ui/message', tag: 'gated-message', params: { role: 'user', content: text('gated-message') }, effect: 'message' },
  { method: 'ui/update-model-context', tag: 'gated-model-context', params: { content: text('gated-model-context') }, effect: 'modelContext' },
  {
    method: 'ui/download-file',
    tag: 'gated-download-file',
    params: { contents: [{ type: 'resource', resource: { uri: 'file:///conformance-gated-download-file.txt', mimeType: 'text/plain', text: 'kit' } }] },
    effect: 'downloadFile',
  },
  { method: 'tools/call', tag: 'gated-tools-call', params: { name: KIT_TOOL.appOnly, arguments: { probe: 'gated-tools-call' } } },
  { method: 'resources/read', tag: 'gated-resources-read', params: { uri: `${KIT_RESOURCE_URI}?probe=gated-resources-read` } },
  { method: 'resources/list', tag: 'gated-resources-list', params: { _meta: { probe: 'gated-resources-list' } } },
  { method: 'sampling/createMessage', tag: 'gated-sampling', params: { messages: [{ role: 'user', content: text('gated-sampling')[0] }], maxTokens: 8 }, effect: 'sampling' },
]

const EFFECT_OF = new Map(GATED.map((gated) => [gated.method, gated.effect]))

export interface GatedCall {
  method: string
  capability: string
  /** What the request carried to tie its side effects to it. */
  tag: string
  response?: WireEvent
  /** Effects reported and server calls made because of it (see {@link attributeSideEffects}). */
  caused: string[]
}

export interface GatingObservation {
  /** The gated requests whose capability the host did not advertise. */
  calls: GatedCall[]
  /** Effects and server calls while the gated requests were handled that none of them explains. */
  unexplained: string[]
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

const sideEffects = (session: HostSession, afterSeq: number) => [...session.marks('effect', afterSeq), ...session.marks('server-call', afterSeq)]
const describeSideEffect = (event: WireEvent) => `${event.mark === 'effect' ? 'effect' : 'server call'} ${brief(event.data, 120)}`

/** How long, in all, the gated requests' answers are waited for. */
const ANSWER_WAIT_MS = 3_000
/** How long after the answers a late side effect is still looked for. */
export const LATE_EFFECT_MS = 1_500

/**
 * Ties each side effect (an `effect` or `server-call` mark) to the gated request that caused it:
 * the one whose tag it carries, else the one request that causes its kind (an effect's kind, a
 * server call's method). What neither ties to a request is returned as unexplained.
 */
export function attributeSideEffects(calls: GatedCall[], events: WireEvent[]): { calls: GatedCall[]; unexplained: string[] } {
  const caused = new Map<GatedCall, string[]>(calls.map((call) => [call, []]))
  const unexplained: string[] = []
  for (const event of events) {
    // Marks arrive as parsed JSON, so they stringify.
    const carried = JSON.stringify(event.data) ?? ''
    const data = (event.data ?? {}) as { kind?: unknown; method?: unknown }
    const call =
      calls.find((candidate) => carried.includes(candidate.tag)) ??
      calls.find((candidate) => (event.mark === 'effect' ? EFFECT_OF.get(candidate.method) === data.kind : candidate.method === data.method))
    if (call) caused.get(call)!.push(describeSideEffect(event))
    else unexplained.push(describeSideEffect(event))
  }
  return { calls: calls.map((call) => ({ ...call, caused: caused.get(call)! })), unexplained }
}

export async function probeGating(session: HostSession, advertised: Record<string, unknown>, reportedWhenAdvertised: boolean | undefined): Promise<GatingObservation> {
  const sent: Array<{ id: number; call: Omit<GatedCall, 'response' | 'caused'> }> = []
  const advertisedAnyway = new Set<string>()
  const before = session.channel.lastSeq('runtime')
  for (const { method, params, tag } of GATED) {
    const capability = HOST_CAPABILITY_FOR[method] as string
    if (typeof advertised[capability] === 'object' && advertised[capability] !== null) {
      advertisedAnyway.add(capability)
      continue
    }
    const id = await session.callView('request', method, params)
    // A round trip, not the answer: a host that never answers must not cost a timeout per request.
    await session.settle()
    sent.push({ id, call: { method, capability, tag } })
  }
  const deadline = Date.now() + ANSWER_WAIT_MS
  const answered: GatedCall[] = []
  for (const { id, call } of sent) answered.push({ ...call, caused: [], response: await session.response(id, Math.max(0, deadline - Date.now())) })
  // A host may act after it answered (or never answer): late side effects still count, up to this bound.
  if (answered.length) await session.page.waitForTimeout(LATE_EFFECT_MS)
  const { calls, unexplained } = attributeSideEffects(answered, sideEffects(session, before))
  const beforeLog = session.channel.lastSeq('runtime')
  const advertisedInMinimal = typeof advertised.logging === 'object'
  if (!advertisedInMinimal) {
    await session.notify(LOGGING_MESSAGE, LOG_ENTRY)
    await session.settle()
  }
  return { calls, unexplained, advertisedAnyway: [...advertisedAnyway], logging: { reportedWhenAdvertised, advertisedInMinimal, caused: sideEffects(session, beforeLog).map(describeSideEffect) } }
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
  if (observed.unexplained.length) problems.push(`while the gated requests were handled, the host also caused: ${observed.unexplained.join('; ')}`)
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
