/**
 * Tool visibility on the view's `tools/call`: the scripted server has one tool per visibility;
 * the view calls each. The app-visible ones must work, the others must be refused before the
 * server sees them.
 */
import { TOOLS_CALL } from '../../../protocol/index.js'
import { KIT_TOOL } from '../../scripted-server.js'
import { describeEvent, fail, judged, notApplicable, notRun, pass, type Verdict } from '../../verdict.js'
import { errorCodeOf, resultOf, type WireEvent } from '../../wire.js'
import type { HostRecord } from '../record.js'
import { DELIVERY_TIMEOUT_MS, type HostSession } from '../session.js'

export interface VisibilityCall {
  tool: string
  response?: WireEvent
  /** Whether the scripted server saw a call of this tool. */
  reachedServer: boolean
}

export interface VisibilityObservation {
  calls: VisibilityCall[]
}

const callsTo = (session: HostSession, tool: string, afterSeq: number) =>
  session.marks('server-call', afterSeq).some((event) => {
    const call = event.data as { method?: string; params?: { name?: string } }
    return call.method === TOOLS_CALL && call.params?.name === tool
  })

export async function probeVisibility(session: HostSession): Promise<VisibilityObservation> {
  const calls: VisibilityCall[] = []
  for (const tool of [KIT_TOOL.default, KIT_TOOL.appOnly, KIT_TOOL.modelOnly, KIT_TOOL.nobody]) {
    const before = session.channel.lastSeq('runtime')
    const { response } = await session.request(TOOLS_CALL, { name: tool, arguments: {} }, DELIVERY_TIMEOUT_MS)
    calls.push({ tool, response, reachedServer: callsTo(session, tool, before) })
  }
  return { calls }
}

const refused = (call: VisibilityCall) => errorCodeOf(call.response) !== undefined || resultOf(call.response)?.isError === true
const describeCall = (call: VisibilityCall) =>
  `${call.tool}: ${call.response ? describeEvent(call.response) : 'no answer'}; ${call.reachedServer ? 'reached the server' : 'never reached the server'}`

export function judgeVisibility(record: HostRecord): Verdict[] {
  const advertised = resultOf(record.main.initializeResponse)?.hostCapabilities as Record<string, unknown> | undefined
  const observed = record.visibility
  if (!observed) return [notRun('host-visibility-default', 'the visibility probe'), notRun('host-visibility-enforced', 'the visibility probe')]
  if (typeof advertised?.serverTools !== 'object') {
    const reason = 'the host did not advertise serverTools: the view may not call server tools at all'
    return [notApplicable('host-visibility-default', reason), notApplicable('host-visibility-enforced', reason)]
  }
  const byTool = new Map(observed.calls.map((call) => [call.tool, call]))
  const defaultCall = byTool.get(KIT_TOOL.default)!
  const appCall = byTool.get(KIT_TOOL.appOnly)!
  const defaultVerdict =
    !refused(defaultCall) && defaultCall.response && defaultCall.reachedServer
      ? pass('host-visibility-default', describeCall(defaultCall), describeCall(appCall))
      : fail('host-visibility-default', `a tool without visibility ("model","app" by default) must be callable by the view: ${describeCall(defaultCall)}`, describeCall(appCall))
  const problems: string[] = []
  for (const tool of [KIT_TOOL.modelOnly, KIT_TOOL.nobody]) {
    const call = byTool.get(tool)!
    if (call.reachedServer) problems.push(`${tool} lacks "app" but the call reached the server`)
    if (!refused(call)) problems.push(`${tool} lacks "app" but the view was not refused: ${call.response ? describeEvent(call.response) : 'no answer'}`)
  }
  return [defaultVerdict, judged('host-visibility-enforced', problems, observed.calls.map(describeCall))]
}
