/**
 * Nothing before `initialized`: the main session's view answers nothing back after the
 * initialize result, while the kit plays a chat UI whose tool data is ready early (context
 * change, partial input, a result asked for before the input, input, result). A conforming host
 * holds all of it (or refuses it) until the view sends `ui/notifications/initialized`.
 *
 * What this can prove, and what not: "never before" has no end that can be observed. A host that
 * posts from within a hook posts before it answers the view's next ping (postMessage keeps a
 * sender's order, and a proxy relays in order), so the ping round trip after the last hook catches
 * it whatever the machine's speed. A host that posts later on its own schedule (a timer, a
 * debounce, an await on something else) is caught only within the 150 ms grace that follows;
 * beyond it, its message arrives after `initialized` and looks like a flush. No message the kit
 * can see tells the two apart, so the evidence states the window the verdict covers.
 */
import { describeEvent, judged, type Verdict } from '../../verdict.js'
import { isCall } from '../../wire.js'
import type { HostRecord } from '../record.js'
import type { HostSession } from '../session.js'

/** The tool call the kit plays in the main session. */
export const MAIN_TOOL_CALL = {
  partial: { city: 'Par' },
  input: { city: 'Paris' },
  result: { content: [{ type: 'text', text: 'Weather in Paris: sunny' }], structuredContent: { city: 'Paris', sky: 'sunny' } },
}

/**
 * The chat UI has everything ready before the view initialized, and asks for the result once
 * too early: before the input (tool-data judges that the view never sees it first).
 */
export async function playBeforeInitialized(session: HostSession): Promise<OrderingObservation> {
  await session.hook('setHostContext', { theme: 'dark' })
  await session.hook('sendToolInputPartial', MAIN_TOOL_CALL.partial)
  await session.hook('sendToolResult', MAIN_TOOL_CALL.result)
  await session.hook('sendToolInput', MAIN_TOOL_CALL.input)
  await session.hook('sendToolResult', MAIN_TOOL_CALL.result)
  const lastHook = Date.now()
  await session.settle()
  return { heldMs: Date.now() - lastHook }
}

export interface OrderingObservation {
  /** How long the view held back `initialized` after the last hook returned, in ms. */
  heldMs: number
}

export function judgeOrdering(record: HostRecord): Verdict[] {
  const problems: string[] = []
  const evidence: string[] = []
  for (const session of [record.main, record.minimal]) {
    if (!session) continue
    const early = session.view.filter((event) => event.kind === 'in' && event.trusted && isCall(event) && event.seq < session.initializedSeq)
    for (const event of early) problems.push(`${session.name}: received before initialized: ${describeEvent(event)}`)
    const later = session.view.filter((event) => event.kind === 'in' && event.trusted && isCall(event) && event.seq > session.initializedSeq).length
    evidence.push(`${session.name}: ${early.length} request(s)/notification(s) before initialized, ${later} after`)
  }
  if (record.ordering) {
    evidence.push(
      `main: initialized held back ${record.ordering.heldMs} ms after the last hook (a ping round trip, then 150 ms): what the host posts from a hook is seen whatever the delay; what it posts on its own later than that (a timer, a debounce) arrives after initialized and is not told apart from a flush`,
    )
  }
  if (problems.some((problem) => problem.startsWith('main:'))) problems.push('the kit (a chat UI whose tool call finished while the view loaded) called setHostContext, sendToolInputPartial, sendToolResult, sendToolInput and sendToolResult before the view sent initialized: queue what the view should get until initialized arrives, then deliver it in protocol order')
  return [judged('host-nothing-before-initialized', problems, evidence)]
}
