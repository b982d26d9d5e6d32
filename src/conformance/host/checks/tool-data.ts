/**
 * Tool data: input once and before the result, partials only before the input, a result or a
 * cancellation, never both. The kit asks for forbidden orders on purpose (a result before the
 * input, a second input, a partial after the input, a cancellation after the result, a result
 * after the cancellation); a host passes by refusing them at the call site or by never
 * delivering them (holding a premature result until the input is fine too).
 */
import { deepEqual, TOOL_CANCELLED, TOOL_INPUT, TOOL_INPUT_PARTIAL, TOOL_RESULT } from '../../../protocol/index.js'
import { brief, describeEvent, judged, notApplicable, notRun, pass, fail, type Verdict } from '../../verdict.js'
import { methodOf, paramsOf, type WireEvent } from '../../wire.js'
import { handshakeProblem } from '../reached.js'
import type { HostRecord, SessionRecord } from '../record.js'
import { DELIVERY_TIMEOUT_MS, type HostSession } from '../session.js'
import { MAIN_TOOL_CALL } from './ordering.js'

/** The tool call the kit plays in the minimal session: cancelled, then a late result. */
export const MINIMAL_TOOL_CALL = {
  partial: { city: 'Os' },
  input: { city: 'Oslo' },
  result: { content: [{ type: 'text', text: 'Weather in Oslo: snow' }] },
  cancelled: 'The user stopped the tool (conformance kit)',
}

const TOOL_METHODS = [TOOL_INPUT_PARTIAL, TOOL_INPUT, TOOL_RESULT, TOOL_CANCELLED]

/** Main session, after initialized: the result arrives, then the kit asks for three forbidden things. */
export async function playMainToolData(session: HostSession): Promise<void> {
  await session.channel.waitFor((event) => event.source === 'view' && event.kind === 'in' && methodOf(event) === TOOL_RESULT, DELIVERY_TIMEOUT_MS)
  await session.hook('sendToolInputPartial', { city: 'Pari' })
  await session.hook('sendToolInput', MAIN_TOOL_CALL.input)
  await session.hook('sendToolCancelled', 'cancelled after the result (conformance kit)')
  await session.settle()
}

/**
 * Minimal session, after initialized: partial, input, a cancellation, then the result coming in
 * late. No result is asked for before the cancellation, so a host has no reason to refuse it.
 */
export async function playMinimalToolData(session: HostSession): Promise<void> {
  // The view has sent `initialized`; the host may not have read it yet (another process). A host
  // that holds tool data until then keeps only the input, dropping the partial, so the partial would
  // go unjudged on a loaded machine. The ping's answer comes after the host read `initialized`.
  await session.settle()
  await session.hook('sendToolInputPartial', MINIMAL_TOOL_CALL.partial)
  await session.hook('sendToolInput', MINIMAL_TOOL_CALL.input)
  await session.hook('sendToolCancelled', MINIMAL_TOOL_CALL.cancelled)
  await session.channel.waitFor((event) => event.source === 'view' && event.kind === 'in' && methodOf(event) === TOOL_CANCELLED, DELIVERY_TIMEOUT_MS)
  await session.hook('sendToolResult', MINIMAL_TOOL_CALL.result)
  await session.settle()
}

function toolEvents(session: SessionRecord): WireEvent[] {
  return session.view.filter((event) => event.kind === 'in' && event.trusted && TOOL_METHODS.includes(methodOf(event) ?? ''))
}

const TOOL_HOOKS = ['sendToolInputPartial', 'sendToolInput', 'sendToolResult', 'sendToolCancelled']

/** The tool-data hooks the host refused at the call site, as evidence (a refused context or teardown is other checks' business). */
function refusals(session: SessionRecord): string[] {
  return session.runtime
    .filter((event) => event.mark === 'hook' && (event.data as { ok?: boolean }).ok === false && TOOL_HOOKS.includes((event.data as { name?: string }).name ?? ''))
    .map((event) => {
      const data = event.data as { name: string; error: string }
      return `${session.name}: the host refused ${data.name} at the call site (${brief(data.error, 100)})`
    })
}

const sequence = (session: SessionRecord) => `${session.name} delivered: ${toolEvents(session).map((event) => methodOf(event)!.replace('ui/notifications/', '')).join(', ') || 'no tool data'}`

export function judgeToolData(record: HostRecord): Verdict[] {
  const sessions = [record.main, record.minimal].filter((session): session is SessionRecord => session !== undefined)
  const evidence = [...sessions.map(sequence), ...sessions.flatMap(refusals)]
  const once: string[] = []
  const order: string[] = []
  const stop: string[] = []
  const outcome: string[] = []
  for (const session of sessions) {
    const events = toolEvents(session)
    const firstInput = events.findIndex((event) => methodOf(event) === TOOL_INPUT)
    const inputs = events.filter((event) => methodOf(event) === TOOL_INPUT)
    if (inputs.length > 1) once.push(`${session.name}: tool-input delivered ${inputs.length} times: ${inputs.map(describeEvent).join('; ')}`)
    const firstResult = events.findIndex((event) => methodOf(event) === TOOL_RESULT)
    if (firstResult >= 0 && (firstInput < 0 || firstResult < firstInput)) order.push(`${session.name}: tool-result before any tool-input: ${describeEvent(events[firstResult]!)}`)
    if (firstInput >= 0) {
      for (const late of events.slice(firstInput + 1).filter((event) => methodOf(event) === TOOL_INPUT_PARTIAL)) stop.push(`${session.name}: partial after tool-input: ${describeEvent(late)}`)
    }
    const outcomes = events.filter((event) => methodOf(event) === TOOL_RESULT || methodOf(event) === TOOL_CANCELLED)
    if (outcomes.length > 1) outcome.push(`${session.name}: ${outcomes.length} outcomes for one call: ${outcomes.map(describeEvent).join('; ')}`)
  }
  // A failing host did what the kit asked: say what that was, and what a host does instead.
  const hinted = (problems: string[], hint: string) => (problems.length ? [...problems, hint] : problems)
  return [
    judgeInputSent(record.main, evidence),
    judged('host-tool-input-once', hinted(once, FIX.once), evidence),
    judged('host-tool-input-before-result', hinted(order, FIX.order), evidence),
    judged('host-partials-stop', hinted(stop, FIX.stop), evidence),
    judgePartialObjects(sessions),
    judgeDelivered('host-tool-result-sent', record.main, TOOL_RESULT, (params) => deepEqual(params.content, MAIN_TOOL_CALL.result.content), 'the result'),
    judgeCancelled(record.minimal),
    judged('host-one-outcome', hinted(outcome, FIX.outcome), evidence),
  ]
}

/** What the kit asked for that a failing host delivered, and what a conforming host does with it. */
const FIX = {
  once: 'the kit (a chat UI) called sendToolInput again after the result: deliver the input once, and refuse (throw) or drop a second one',
  order: 'the kit called sendToolResult before sendToolInput: hold the result until the input went out, or refuse the call',
  stop: 'the kit called sendToolInputPartial after sendToolInput: refuse or drop partials once the complete input went out',
  outcome: 'the kit called sendToolResult twice, then sendToolCancelled (main), and sendToolResult after sendToolCancelled (minimal): deliver the first outcome of a call and refuse or drop the others',
}

function judgeCancelled(minimal: SessionRecord | undefined): Verdict {
  const id = 'host-tool-cancelled-sent'
  if (!minimal) return notApplicable(id, 'the minimal session (which cancels a call) was not selected')
  if (handshakeProblem(minimal)) return notRun(id, 'the cancelled tool call', 'minimal')
  return judgeDelivered(id, minimal, TOOL_CANCELLED, () => true, 'the cancellation')
}

function judgeInputSent(main: SessionRecord, evidence: string[]): Verdict {
  const input = toolEvents(main).find((event) => methodOf(event) === TOOL_INPUT)
  if (!input) return fail('host-tool-input-sent', 'main: tool-input never reached the view', ...evidence)
  const args = paramsOf(input).arguments
  if (!deepEqual(args, MAIN_TOOL_CALL.input)) return fail('host-tool-input-sent', `main: tool-input carried ${brief(args)}, not the complete ${brief(MAIN_TOOL_CALL.input)}`, ...evidence)
  return pass('host-tool-input-sent', `main: ${describeEvent(input)}`)
}

function judgePartialObjects(sessions: SessionRecord[]): Verdict {
  const partials = sessions.flatMap((session) => toolEvents(session).filter((event) => methodOf(event) === TOOL_INPUT_PARTIAL))
  if (!partials.length) return notApplicable('host-partials-are-objects', 'no tool-input-partial reached the view (a host may hold or drop partials)')
  const bad = partials.filter((event) => {
    const args = paramsOf(event).arguments
    return typeof args !== 'object' || args === null || Array.isArray(args)
  })
  return judged('host-partials-are-objects', bad.map((event) => `arguments not an object: ${describeEvent(event)}`), [`${partials.length} partial(s), each with an arguments object`])
}

function judgeDelivered(id: string, session: SessionRecord, method: string, matches: (params: Record<string, unknown>) => boolean, what: string): Verdict {
  const delivered = toolEvents(session).filter((event) => methodOf(event) === method)
  const match = delivered.find((event) => matches(paramsOf(event)))
  if (match) return pass(id, `${session.name}: ${describeEvent(match)}`)
  if (delivered.length) return fail(id, `${session.name}: ${what} arrived altered: ${delivered.map(describeEvent).join('; ')}`)
  return fail(id, `${session.name}: ${what} never reached the view (waited ${DELIVERY_TIMEOUT_MS} ms)`, sequence(session))
}
