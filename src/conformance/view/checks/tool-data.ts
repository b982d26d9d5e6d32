/**
 * Partial tool input with missing and changing fields (including no `arguments` at all), then the
 * complete input and a result. The view must not throw and must keep answering.
 */
import { PING, TOOL_INPUT, TOOL_INPUT_PARTIAL, TOOL_RESULT } from '../../../protocol/index.js'
import { brief, describeEvent, judged, notRun, type Verdict } from '../../verdict.js'
import { resultOf } from '../../wire.js'
import type { ViewRecord } from '../record.js'
import type { ViewSession } from '../session.js'

const PARTIALS: Array<Record<string, unknown>> = [
  {},
  { arguments: {} },
  { arguments: { city: 'Pa' } },
  { arguments: { city: 'Paris', units: { temperature: 'C' } } },
  { arguments: { units: 'C' } },
]

export async function probePartials(session: ViewSession): Promise<ViewRecord['partials']> {
  const before = session.errors().length
  for (const params of PARTIALS) await session.notify(TOOL_INPUT_PARTIAL, params)
  await session.notify(TOOL_INPUT, { arguments: { city: 'Paris' } })
  await session.notify(TOOL_RESULT, { content: [{ type: 'text', text: 'Weather in Paris: sunny' }], structuredContent: { city: 'Paris' } })
  const pingAfter = await session.request(PING, {})
  await session.page.waitForTimeout(200)
  return { sent: PARTIALS, errors: session.errors().slice(before), pingAfter }
}

export function judgeViewPartials(record: ViewRecord): Verdict[] {
  const id = 'view-tolerates-partials'
  const observed = record.partials
  if (!observed) return [notRun(id, 'the tool-data probe')]
  const problems = observed.errors.map((error) => `uncaught error after the partials: ${error}`)
  if (!resultOf(observed.pingAfter)) problems.push(`the view stopped answering: ping after the partials got ${observed.pingAfter ? describeEvent(observed.pingAfter) : 'no answer'}`)
  return [judged(id, problems, [`sent ${observed.sent.map((params) => brief(params)).join(', ')}, then tool-input and tool-result`, `ping afterwards: ${observed.pingAfter ? describeEvent(observed.pingAfter) : 'no answer'}`])]
}
