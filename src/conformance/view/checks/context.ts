/**
 * Merging host context: the host changes the theme only; the view's context (read through its
 * probe) must have the new theme and keep every other field.
 */
import { deepEqual, HOST_CONTEXT_CHANGED } from '../../../protocol/index.js'
import { brief, fail, judged, notApplicable, notRun, type Verdict } from '../../verdict.js'
import type { ViewRecord } from '../record.js'
import type { ViewSession } from '../session.js'

export async function probeViewContext(session: ViewSession, hasProbe: boolean): Promise<ViewRecord['context']> {
  const change = { theme: session.config.hostContext.theme === 'dark' ? 'light' : 'dark' }
  await session.notify(HOST_CONTEXT_CHANGED, change)
  await session.settle()
  const probed = hasProbe ? await session.probeContext() : undefined
  return { change, before: session.config.hostContext, probed: probed?.ok ? probed.value : undefined, ...(probed?.ok === false && { probeError: probed.error }) }
}

export function judgeViewContext(record: ViewRecord): Verdict[] {
  const id = 'view-merges-context'
  const observed = record.context
  if (!observed) return [notRun(id, 'the context probe')]
  if (!record.main.hasProbe) return [notApplicable(id, 'the view exposes no probe (window.mcpAppConformance), so its context cannot be read')]
  if (observed.probeError) return [fail(id, `the probe's hostContext() failed: ${observed.probeError}`, `sent ${brief(observed.change)}`)]
  const context = (observed.probed ?? {}) as Record<string, unknown>
  const expected: Record<string, unknown> = { ...observed.before, ...observed.change }
  const problems = Object.entries(expected)
    // By value (the view may hold nested keys in another order), and whole (long styles differ late).
    .filter(([key, value]) => !deepEqual(context[key], value))
    .map(([key, value]) => `${key}: expected ${brief(value)}, the view holds ${brief(context[key])}`)
  return [judged(id, problems, [`sent ${brief(observed.change)}; the view's context: ${brief(context, 240)}`])]
}
