/**
 * Display-mode requests through the view's probe: a mode the host does not offer must not be
 * requested at all; an offered one the host refuses (it answers "inline") must come back as the
 * host's answer, not as the mode the view asked for.
 */
import { REQUEST_DISPLAY_MODE, type McpUiDisplayMode } from '../../../protocol/index.js'
import { brief, describeEvent, fail, judged, notApplicable, notRun, pass, type Verdict } from '../../verdict.js'
import { methodOf, paramsOf } from '../../wire.js'
import type { ProbedAction, ViewRecord } from '../record.js'
import type { ViewSession } from '../session.js'

/** Asks the view (through its probe) for `mode` and records what it sent for it. */
export async function requestMode(session: ViewSession, mode: McpUiDisplayMode): Promise<ProbedAction> {
  const before = session.channel.lastSeq('host')
  const outcome = await session.act({ action: 'requestDisplayMode', mode })
  await session.settle()
  const sent = session.log(before).filter((event) => event.kind === 'in' && methodOf(event) === REQUEST_DISPLAY_MODE && paramsOf(event).mode === mode)
  return { action: `requestDisplayMode ${mode}`, method: REQUEST_DISPLAY_MODE, outcome, sent }
}

export async function probeViewDisplayMode(session: ViewSession): Promise<ViewRecord['displayMode']> {
  return {
    offered: (session.config.hostContext.availableDisplayModes ?? []) as string[],
    pip: await requestMode(session, 'pip'),
    fullscreen: await requestMode(session, 'fullscreen'),
  }
}

const outcomeOf = (action: ProbedAction) => (action.outcome.ok ? `returned ${brief(action.outcome.value)}` : `threw ${brief(action.outcome.error, 100)}`)

export function judgeViewDisplayMode(record: ViewRecord): Verdict[] {
  const observed = record.displayMode
  if (!record.main.hasProbe) {
    const reason = 'the view exposes no probe (window.mcpAppConformance), so it cannot be asked to request a mode'
    return [notApplicable('view-checks-display-modes', reason), notApplicable('view-accepts-display-mode-result', reason)]
  }
  if (!observed) return [notRun('view-checks-display-modes', 'the display-mode probe'), notRun('view-accepts-display-mode-result', 'the display-mode probe')]
  const unoffered = [observed.pip, observed.notOffered].filter((action): action is ProbedAction => action !== undefined)
  const problems = unoffered.flatMap((action) => action.sent.map((event) => `asked for a mode the host does not offer: ${describeEvent(event)}`))
  return [
    judged(
      'view-checks-display-modes',
      problems,
      unoffered.map((action) => `${action.action} (not offered): ${action.sent.length ? 'sent' : 'not sent'}; ${outcomeOf(action)}`),
    ),
    judgeResult(observed.fullscreen!),
  ]
}

function judgeResult(action: ProbedAction): Verdict {
  const id = 'view-accepts-display-mode-result'
  if (!action.sent.length) return notApplicable(id, `the view did not ask for fullscreen (${outcomeOf(action)}), so there was no differing answer to handle`)
  const value = action.outcome.ok ? action.outcome.value : undefined
  const mode = typeof value === 'object' && value !== null ? (value as { mode?: unknown }).mode : value
  if (mode === 'inline') return pass(id, `asked for fullscreen, the host answered inline, the view ${outcomeOf(action)}`)
  return fail(id, `asked for fullscreen, the host answered inline, but the view ${outcomeOf(action)}`)
}
