/**
 * Nothing before `initialized`: the main session's view answers nothing back after the
 * initialize result, while the kit plays a chat UI whose tool data is ready early (context
 * change, partial input, a result asked for before the input, input, result). A conforming host
 * holds all of it (or refuses it) until the view sends `ui/notifications/initialized`.
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
export async function playBeforeInitialized(session: HostSession): Promise<void> {
  await session.hook('setHostContext', { theme: 'dark' })
  await session.hook('sendToolInputPartial', MAIN_TOOL_CALL.partial)
  await session.hook('sendToolResult', MAIN_TOOL_CALL.result)
  await session.hook('sendToolInput', MAIN_TOOL_CALL.input)
  await session.hook('sendToolResult', MAIN_TOOL_CALL.result)
  await session.settle()
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
  return [judged('host-nothing-before-initialized', problems, evidence)]
}
