/**
 * Size reports: by the end of the main session the view has reported its size at least once
 * after `initialized`.
 */
import { SIZE_CHANGED } from '../../../protocol/index.js'
import { START_CONTEXT } from '../../host/setup.js'
import { brief, describeEvent, fail, notRun, pass, type Verdict } from '../../verdict.js'
import { methodOf, type WireEvent } from '../../wire.js'
import type { ViewRecord } from '../record.js'
import type { ViewSession } from '../session.js'

/** Gives the view up to 2 s after `initialized` to report its size (auto-resize often waits a frame). */
export async function probeViewSize(session: ViewSession, initialized: WireEvent): Promise<void> {
  await session.sent(SIZE_CHANGED, 2_000, initialized.seq)
}

export function judgeViewSize(record: ViewRecord): Verdict[] {
  const id = 'view-size-changed'
  // Reports are counted from initialized on: without it, the probe that waits for one never ran.
  if (!record.main.initialized) return [notRun(id, 'the size probe')]
  const after = record.main.initialized.seq
  const reports = record.main.log.filter((event) => event.kind === 'in' && methodOf(event) === SIZE_CHANGED && event.seq > after)
  if (reports.length) return [pass(id, `${reports.length} size report(s), first: ${describeEvent(reports[0]!)}`)]
  return [
    fail(
      id,
      'no ui/notifications/size-changed after initialized during the whole main session',
      `the host offered a flexible height (containerDimensions ${brief(START_CONTEXT.containerDimensions)}): such a host sizes the view's frame from these reports, so this view stays at whatever height the host starts it with. Report the rendered size once shown and on every change (the official App's autoResize does it, but is off when new App() is given an options object without autoResize: true)`,
    ),
  ]
}
