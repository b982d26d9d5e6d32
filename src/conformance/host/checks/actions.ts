/**
 * The view's actions when they are advertised: `ui/open-link` opens the link, `ui/message` adds
 * the message with its role. The adapter reports what the host did (`effects.report`); a host
 * may also refuse (an error or `isError`), which the spec allows.
 */
import { MESSAGE, OPEN_LINK } from '../../../protocol/index.js'
import { brief, describeEvent, fail, notApplicable, notRun, pass, type Verdict } from '../../verdict.js'
import { errorCodeOf, resultOf, type WireEvent } from '../../wire.js'
import type { HostRecord } from '../record.js'
import type { HostSession } from '../session.js'

export interface ActionCall {
  method: string
  advertised: boolean
  response?: WireEvent
  /** The effects the adapter reported while the host handled it. */
  effects: Array<{ kind: string; params: unknown }>
}

export interface ActionsObservation {
  openLink: ActionCall
  message: ActionCall
}

export const KIT_LINK = 'https://example.com/mcp-app-bridge-conformance'
export const KIT_MESSAGE = { role: 'user', content: [{ type: 'text', text: 'Hello from the conformance kit' }] }

async function act(session: HostSession, method: string, params: Record<string, unknown>, advertised: boolean): Promise<ActionCall> {
  if (!advertised) return { method, advertised, effects: [] }
  const before = session.channel.lastSeq('runtime')
  const { response } = await session.request(method, params)
  await session.settle()
  const effects = session.marks('effect', before).map((event) => event.data as { kind: string; params: unknown })
  return { method, advertised, response, effects }
}

export async function probeActions(session: HostSession, advertised: Record<string, unknown>): Promise<ActionsObservation> {
  return {
    openLink: await act(session, OPEN_LINK, { url: KIT_LINK }, typeof advertised.openLinks === 'object'),
    message: await act(session, MESSAGE, KIT_MESSAGE, typeof advertised.message === 'object'),
  }
}

export function judgeActions(record: HostRecord): Verdict[] {
  const observed = record.actions
  if (!observed) return [notRun('host-open-link', 'the actions probe'), notRun('host-message', 'the actions probe')]
  return [
    judgeAction('host-open-link', observed.openLink, 'openLinks', 'openLink', (params) => (params as { url?: unknown })?.url === KIT_LINK),
    judgeAction('host-message', observed.message, 'message', 'message', (params) => {
      const p = params as { role?: unknown; content?: Array<{ text?: unknown }> }
      return p?.role === 'user' && p.content?.[0]?.text === KIT_MESSAGE.content[0]!.text
    }),
  ]
}

function judgeAction(id: string, call: ActionCall, capability: string, kind: string, matches: (params: unknown) => boolean): Verdict {
  if (!call.advertised) return notApplicable(id, `the host did not advertise ${capability}`)
  if (!call.response) return fail(id, `${call.method} got no answer`)
  const answer = describeEvent(call.response)
  const effects = call.effects.filter((effect) => effect.kind === kind)
  if (errorCodeOf(call.response) !== undefined || resultOf(call.response)?.isError === true) {
    return effects.length ? fail(id, `refused (${answer}) yet acted on: ${brief(effects)}`) : pass(id, `refused, which the spec allows: ${answer}`)
  }
  if (!effects.length) return fail(id, `answered success but the adapter reported no ${kind} effect (the host did nothing, or the adapter does not call effects.report("${kind}", …))`, answer)
  if (!effects.some((effect) => matches(effect.params))) return fail(id, `acted on something else than what the view sent: ${brief(effects)}`, answer)
  return pass(id, answer, `effect: ${brief(effects[0])}`)
}
