/**
 * The view's JSON-RPC behaviour: ping, unknown methods and notifications, and one well-formed
 * response per host request over both sessions.
 */
import { PING } from '../../../protocol/index.js'
import { judgeOneResponse } from '../../one-response.js'
import { describeEvent, judged, notRun, type Verdict } from '../../verdict.js'
import { errorCodeOf, resultOf, type WireEvent } from '../../wire.js'
import type { ViewRecord } from '../record.js'
import type { ViewSession } from '../session.js'

export async function probeViewRpc(session: ViewSession): Promise<ViewRecord['rpc']> {
  const ping = await session.request(PING, {})
  const unknownMethod = await session.request('conformance/unknown-method', { x: 1 })
  await session.notify('notifications/conformance-unknown', { x: 1 })
  const pingAfterUnknownNotification = await session.request(PING, {})
  return { ping, unknownMethod, pingAfterUnknownNotification }
}

const answer = (event: WireEvent | undefined) => (event ? describeEvent(event) : 'no answer')

export function judgeViewRpc(record: ViewRecord): Verdict[] {
  const observed = record.rpc
  const oneResponse = judgeOneResponse('view-one-response', 'view', [record.main, record.minimal].filter((session) => session !== undefined).map((session) => ({ name: session.name, log: session.log })))
  if (!observed) return [notRun('view-ping', 'the rpc probe'), oneResponse, notRun('view-unknown-method', 'the rpc probe')]
  const ping = resultOf(observed.ping)
  const unknown: string[] = []
  if (errorCodeOf(observed.unknownMethod) !== -32601) unknown.push(`conformance/unknown-method got ${answer(observed.unknownMethod)}, not error -32601`)
  if (!resultOf(observed.pingAfterUnknownNotification)) unknown.push(`after an unknown notification, ping got ${answer(observed.pingAfterUnknownNotification)}`)
  return [
    judged('view-ping', ping ? Object.keys(ping).filter((key) => key !== '_meta').map((key) => `the ping result is not empty (has ${key})`) : [`ping got ${answer(observed.ping)}`], [answer(observed.ping)]),
    oneResponse,
    judged('view-unknown-method', unknown, [`unknown request: ${answer(observed.unknownMethod)}`, `ping after an unknown notification: ${answer(observed.pingAfterUnknownNotification)}`]),
  ]
}
