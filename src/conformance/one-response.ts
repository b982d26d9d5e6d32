/**
 * One response per request, judged from the requester's own log: each request it sent (with a
 * usable id) got exactly one response, no response names an id it never used, and nothing the
 * peer sent is malformed JSON-RPC. The same rule, seen from the scripted view (host under test)
 * or from the scripted host (view under test).
 */
import { classify } from '../protocol/index.js'
import { brief, describeEvent, judged, notApplicable, type Verdict } from './verdict.js'
import { messageOf, type WireEvent } from './wire.js'

export interface RequesterLog {
  /** The session's name, for evidence. */
  name: string
  /** The requester's log: `out` events it sent, `in` events from the peer (untrusted ones are ignored). */
  log: WireEvent[]
}

const isRequestId = (id: unknown) => typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))

export function judgeOneResponse(id: string, peer: 'host' | 'view', sessions: RequesterLog[]): Verdict {
  const requester = peer === 'host' ? 'view' : 'host'
  const problems: string[] = []
  let requests = 0
  for (const { name, log } of sessions) {
    const used = new Set<unknown>()
    const asked = new Map<unknown, string>()
    for (const event of log.filter((e) => e.kind === 'out')) {
      const message = messageOf(event)
      used.add(message.id)
      if (typeof message.method === 'string' && isRequestId(message.id)) asked.set(message.id, message.method)
    }
    const counts = new Map<unknown, number>()
    for (const event of log.filter((e) => e.kind === 'in' && e.trusted !== false)) {
      const message = classify(event.message)
      // JSON-RPC answers a request whose id could not be read with id null: legitimate, and no one's.
      if (message.kind === 'invalid' && messageOf(event).id === null && 'error' in messageOf(event)) continue
      if (message.kind === 'invalid') problems.push(`${name}: malformed JSON-RPC from the ${peer} (${message.reason}): ${brief(event.message)}`)
      if (message.kind !== 'result' && message.kind !== 'error') continue
      if (!used.has(message.id)) problems.push(`${name}: response to id ${brief(message.id)}, which the ${requester} never used: ${describeEvent(event)}`)
      counts.set(message.id, (counts.get(message.id) ?? 0) + 1)
    }
    for (const [requestId, method] of asked) {
      const count = counts.get(requestId) ?? 0
      if (count !== 1) problems.push(`${name}: ${method} (id ${brief(requestId)}) got ${count} responses`)
    }
    requests += asked.size
  }
  // A peer that was never asked anything (a view that never connected) has passed nothing.
  if (!requests && !problems.length) return notApplicable(id, `the ${requester} sent no request, so there was no response to check`)
  return judged(id, problems, [`${requests} request(s) of the ${requester} checked`])
}
