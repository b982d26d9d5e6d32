/**
 * Sender authentication on the view's side: a frame of another origin next to the view posts
 * host messages to it (a ping, a context change). The view must not answer (to anyone) and must
 * not apply the change.
 */
import { HOST_CONTEXT_CHANGED } from '../../../protocol/index.js'
import { ATTACKER_PATH, findAttacker } from '../../runtime/attacker.js'
import { brief, describeEvent, judged, notApplicable, notRun, type Verdict } from '../../verdict.js'
import { messageOf } from '../../wire.js'
import type { ViewRecord } from '../record.js'
import type { ViewSession } from '../session.js'

const FORGED_ID = 'conformance-forged-ping'
const FORGED_LOCALE = 'xx-FORGED'

export async function probeViewOrigin(session: ViewSession, sandboxOrigin: string, hasProbe: boolean): Promise<ViewRecord['origin']> {
  const url = sandboxOrigin + ATTACKER_PATH
  const before = session.channel.lastSeq('host')
  await session.callHost('addFrame', url)
  const attacker = await findAttacker(session.page, (frame) => frame.url() === url)
  if (!attacker) return { skipped: 'the attacker frame did not load', answers: [], forgedLocale: FORGED_LOCALE }
  await attacker.evaluate(
    ([id, locale, method]) => {
      // The view's frame is the host page's first frame; the attacker is its sibling.
      const view = window.parent.frames[0]!
      view.postMessage({ jsonrpc: '2.0', id, method: 'ping', params: {} }, '*')
      view.postMessage({ jsonrpc: '2.0', method, params: { locale } }, '*')
    },
    [FORGED_ID, FORGED_LOCALE, HOST_CONTEXT_CHANGED] as const,
  )
  // Nothing tells the kit the view received them: give it time, then a round trip.
  await session.page.waitForTimeout(500)
  await session.settle()
  const inbox = (await attacker.evaluate(() => (window as unknown as { inbox: unknown[] }).inbox)) as unknown[]
  return {
    answers: [
      ...session.log(before).filter((event) => event.kind === 'in' && messageOf(event).id === FORGED_ID).map((event) => `the host got the view's answer to the forged ping: ${describeEvent(event)}`),
      ...inbox.filter((message) => (message as { id?: unknown })?.id === FORGED_ID).map((message) => `the attacker got an answer: ${brief(message)}`),
    ],
    probed: hasProbe ? await session.probeContext().then((context) => (context.ok ? context.value : undefined)) : undefined,
    forgedLocale: FORGED_LOCALE,
  }
}

export function judgeViewOrigin(record: ViewRecord): Verdict[] {
  const id = 'view-authenticates-sender'
  const observed = record.origin
  if (!observed) return [notRun(id, 'the origin probe')]
  if (observed.skipped) return [notApplicable(id, observed.skipped)]
  const problems = [...observed.answers]
  const locale = (observed.probed as { locale?: unknown } | undefined)?.locale
  if (locale === observed.forgedLocale) problems.push(`the view applied a forged context change (locale ${observed.forgedLocale})`)
  return [
    judged(id, problems, [
      'a frame of another origin posted a ping and a host-context-changed to the view',
      record.main.hasProbe ? `the view's locale afterwards: ${brief(locale)}` : 'no probe: only answers were checked, not whether the forged context was applied',
    ]),
  ]
}
