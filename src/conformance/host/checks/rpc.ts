/**
 * JSON-RPC behaviour: ping, unknown methods and notifications, invalid params, a malformed
 * message, and one response per request over the whole of both sessions.
 */
import { PING, REQUEST_DISPLAY_MODE } from '../../../protocol/index.js'
import { brief, describeEvent, judged, notApplicable, type Verdict } from '../../verdict.js'
import { errorCodeOf, messageOf, resultOf, type WireEvent } from '../../wire.js'
import type { HostRecord, SessionRecord } from '../record.js'
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
  const oneResponse = judgeOneResponse([record.main, record.minimal])
  if (!observed) {
    const reason = 'the rpc probe did not run'
    return [notApplicable('host-ping', reason), oneResponse, notApplicable('host-unknown-method', reason), notApplicable('host-rejects-malformed', reason)]
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

const isRequestId = (id: unknown) => typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))

/** Every request the view sent got exactly one response; no response names an id the view never sent. */
export function judgeOneResponse(sessions: Array<SessionRecord | undefined>): Verdict {
  const problems: string[] = []
  let requests = 0
  for (const session of sessions) {
    if (!session) continue
    const sentIds = new Set<unknown>()
    const asked = new Map<unknown, string>()
    for (const event of session.view.filter((e) => e.kind === 'out')) {
      const message = messageOf(event)
      sentIds.add(message.id)
      if (typeof message.method === 'string' && isRequestId(message.id)) asked.set(message.id, message.method)
    }
    const counts = new Map<unknown, number>()
    for (const event of session.view.filter((e) => e.kind === 'in' && e.trusted)) {
      const message = messageOf(event)
      if (message.method !== undefined || message.id === null) continue
      if (!sentIds.has(message.id)) problems.push(`${session.name}: response to id ${brief(message.id)}, which the view never used: ${describeEvent(event)}`)
      counts.set(message.id, (counts.get(message.id) ?? 0) + 1)
    }
    for (const [id, method] of asked) {
      const count = counts.get(id) ?? 0
      if (count !== 1) problems.push(`${session.name}: ${method} (id ${brief(id)}) got ${count} responses`)
    }
    requests += asked.size
  }
  return judged('host-one-response', problems, [`${requests} request(s) of the view checked`])
}
