/**
 * JSON-RPC behaviour: ping, unknown methods and notifications, invalid params, a malformed
 * message, and one response per request over the whole of both sessions.
 */
import { PING, REQUEST_DISPLAY_MODE } from '../../../protocol/index.js'
import { describeEvent, judged, notRun, type Verdict } from '../../verdict.js'
import { judgeOneResponse } from '../../one-response.js'
import { errorCodeOf, resultOf, type WireEvent } from '../../wire.js'
import type { HostRecord } from '../record.js'
import type { HostSession } from '../session.js'

export interface RpcObservation {
  ping?: WireEvent
  unknownMethod?: WireEvent
  /** The ping answered after an unknown notification (the host still works). */
  pingAfterUnknownNotification?: WireEvent
  invalidParams?: WireEvent
  /** Whatever answered the malformed message (nothing is fine). */
  malformed?: WireEvent
}

const MALFORMED_ID = 'conformance-malformed-1'

export async function probeRpc(session: HostSession): Promise<RpcObservation> {
  const ping = (await session.request(PING, {})).response
  const unknownMethod = (await session.request('conformance/unknown-method', { x: 1 })).response
  await session.notify('notifications/conformance-unknown', { x: 1 })
  const pingAfterUnknownNotification = (await session.request(PING, {})).response
  const invalidParams = (await session.request(REQUEST_DISPLAY_MODE, { mode: 42 })).response
  await session.post({ jsonrpc: '2.0', id: MALFORMED_ID, method: 42, params: {} })
  const malformed = await session.response(MALFORMED_ID, 1_500)
  return { ping, unknownMethod, pingAfterUnknownNotification, invalidParams, malformed }
}

const answer = (event: WireEvent | undefined) => (event ? describeEvent(event) : 'no answer')

export function judgeRpc(record: HostRecord): Verdict[] {
  const observed = record.rpc
  const oneResponse = judgeOneResponse('host-one-response', 'host', [record.main, record.minimal].filter((session) => session !== undefined).map((session) => ({ name: session.name, log: session.view })))
  if (!observed) {
    return [notRun('host-ping', 'the rpc probe'), oneResponse, notRun('host-unknown-method', 'the rpc probe'), notRun('host-rejects-malformed', 'the rpc probe')]
  }
  const ping = resultOf(observed.ping)
  const pingExtra = ping ? Object.keys(ping).filter((key) => key !== '_meta') : []
  const unknown: string[] = []
  if (errorCodeOf(observed.unknownMethod) !== -32601) unknown.push(`conformance/unknown-method got ${answer(observed.unknownMethod)}, not error -32601`)
  if (!resultOf(observed.pingAfterUnknownNotification)) unknown.push(`after an unknown notification, ping got ${answer(observed.pingAfterUnknownNotification)}`)
  const malformed: string[] = []
  if (errorCodeOf(observed.invalidParams) === undefined) malformed.push(`ui/request-display-mode {mode: 42} got ${answer(observed.invalidParams)}, not an error`)
  if (resultOf(observed.malformed)) malformed.push(`a message whose method is a number was served: ${answer(observed.malformed)}`)
  return [
    judged('host-ping', ping ? pingExtra.map((key) => `the ping result is not empty (has ${key})`) : [`ping got ${answer(observed.ping)}`], [answer(observed.ping)]),
    oneResponse,
    judged('host-unknown-method', unknown, [`unknown request: ${answer(observed.unknownMethod)}`, `ping after an unknown notification: ${answer(observed.pingAfterUnknownNotification)}`]),
    judged('host-rejects-malformed', malformed, [`invalid params: ${answer(observed.invalidParams)}`, `method 42: ${observed.malformed ? answer(observed.malformed) : 'dropped (no answer in 1.5 s)'}`]),
  ]
}
