/**
 * Size: with a flexible height, the host resizes the frame to what the view reports. The view
 * reports two heights (taller, then shorter) and measures its own viewport, which is what the
 * user sees, whatever element the host resized (the frame, or a proxy around it).
 */
import { HOST_CONTEXT_CHANGED, SIZE_CHANGED, type McpUiHostContext } from '../../../protocol/index.js'
import { brief, judged, notApplicable, notRun, type Verdict } from '../../verdict.js'
import { methodOf, paramsOf } from '../../wire.js'
import type { HostRecord } from '../record.js'
import type { HostSession } from '../session.js'

export interface SizeObservation {
  /** Why the probe did not apply (a fixed height). */
  skipped?: string
  reports: Array<{ height: number; measured: number; before: number }>
}

const TOLERANCE_PX = 1

/** The container dimensions the view knows: the initialize result's, updated by every change. */
function knownDimensions(session: HostSession, initial: McpUiHostContext): Record<string, unknown> {
  let dims = (initial.containerDimensions ?? {}) as Record<string, unknown>
  for (const event of session.received()) {
    if (methodOf(event) === HOST_CONTEXT_CHANGED && 'containerDimensions' in paramsOf(event)) dims = (paramsOf(event).containerDimensions ?? {}) as Record<string, unknown>
  }
  return dims
}

async function waitForHeight(session: HostSession, height: number): Promise<number> {
  const deadline = Date.now() + 3_000
  let measured = (await session.callView('measure')).height
  while (Math.abs(measured - height) > TOLERANCE_PX && Date.now() < deadline) {
    await session.page.waitForTimeout(50)
    measured = (await session.callView('measure')).height
  }
  return measured
}

export async function probeSize(session: HostSession, initial: McpUiHostContext): Promise<SizeObservation> {
  const dims = knownDimensions(session, initial)
  if (typeof dims.height === 'number') return { skipped: `the host context fixes the height (containerDimensions ${brief(dims)})`, reports: [] }
  const max = typeof dims.maxHeight === 'number' ? dims.maxHeight : Infinity
  const heights = max >= 400 ? [321, 203] : [Math.floor(max * 0.8), Math.floor(max * 0.5)]
  const reports: SizeObservation['reports'] = []
  for (const height of heights) {
    const { width, height: before } = await session.callView('measure')
    await session.notify(SIZE_CHANGED, { width, height })
    reports.push({ height, before, measured: await waitForHeight(session, height) })
  }
  return { reports }
}

export function judgeSize(record: HostRecord): Verdict[] {
  const observed = record.size
  const id = 'host-size-applied'
  if (!observed) return [notRun(id, 'the size probe')]
  if (observed.skipped) return [notApplicable(id, observed.skipped)]
  const problems = observed.reports
    .filter((report) => Math.abs(report.measured - report.height) > TOLERANCE_PX)
    .map((report) => `reported height ${report.height}, the view's viewport stayed ${report.measured} px (was ${report.before}) after 3 s`)
  return [judged(id, problems, observed.reports.map((report) => `reported ${report.height} px → viewport ${report.measured} px`))]
}
