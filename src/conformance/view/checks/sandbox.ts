/**
 * The view never posts the messages reserved for the host and its sandbox proxy.
 */
import { SANDBOX_PREFIX } from '../../../protocol/index.js'
import { describeEvent, judged, notApplicable, type Verdict } from '../../verdict.js'
import { methodOf } from '../../wire.js'
import type { ViewRecord } from '../record.js'

export function judgeViewSandbox(record: ViewRecord): Verdict[] {
  const sessions = [record.main, record.minimal].filter((session) => session !== undefined)
  const sent = sessions.flatMap((session) => session.log.filter((event) => event.kind === 'in' && methodOf(event)?.startsWith(SANDBOX_PREFIX)).map((event) => `${session.name}: ${describeEvent(event)}`))
  const total = sessions.reduce((sum, session) => sum + session.log.filter((event) => event.kind === 'in').length, 0)
  if (!total) return [notApplicable('view-no-sandbox-messages', 'the view sent no message at all')]
  return [judged('view-no-sandbox-messages', sent, [`none among the ${total} message(s) the view sent`])]
}
