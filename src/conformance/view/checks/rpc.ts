/**
 * The view's JSON-RPC behaviour: ping, unknown methods and notifications, and one well-formed
 * response per host request over both sessions.
 */
import { classify, PING } from '../../../protocol/index.js'
import { brief, describeEvent, judged, notApplicable, type Verdict } from '../../verdict.js'
import { errorCodeOf, messageOf, resultOf, type WireEvent } from '../../wire.js'
import type { ViewRecord, ViewSessionRecord } from '../record.js'
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
  const oneResponse = judgeViewOneResponse([record.main, record.minimal])
  if (!observed) return [notApplicable('view-ping', 'the rpc probe did not run'), oneResponse, notApplicable('view-unknown-method', 'the rpc probe did not run')]
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

function judgeViewOneResponse(sessions: Array<ViewSessionRecord | undefined>): Verdict {
  const problems: string[] = []
  let requests = 0
  for (const session of sessions) {
    if (!session) continue
    const asked = new Map<unknown, string>()
    for (const event of session.log.filter((e) => e.kind === 'out')) {
      const message = messageOf(event)
      if (typeof message.method === 'string' && message.id !== undefined) asked.set(message.id, message.method)
    }
    const counts = new Map<unknown, number>()
    for (const event of session.log.filter((e) => e.kind === 'in')) {
      const classified = classify(event.message)
      if (classified.kind === 'invalid') problems.push(`${session.name}: malformed JSON-RPC (${classified.reason}): ${brief(event.message)}`)
      if (classified.kind !== 'result' && classified.kind !== 'error') continue
      if (!asked.has(classified.id)) problems.push(`${session.name}: response to id ${brief(classified.id)}, which the host never used: ${describeEvent(event)}`)
      counts.set(classified.id, (counts.get(classified.id) ?? 0) + 1)
    }
    for (const [id, method] of asked) {
      const count = counts.get(id) ?? 0
      if (count !== 1) problems.push(`${session.name}: ${method} (id ${brief(id)}) got ${count} responses`)
    }
    requests += asked.size
  }
  return judged('view-one-response', problems, [`${requests} host request(s) checked`])
}
