/**
 * Display-mode requests through the view's probe: a mode the host does not offer must not be
 * requested at all; what the view reports for an offered one must be the host's answer. Twice,
 * so that neither shortcut passes: refused (answered "inline", the mode the view is in: not the
 * mode it asked for) and granted (answered "fullscreen": not the mode it was in).
 */
import { REQUEST_DISPLAY_MODE, type McpUiDisplayMode } from '../../../protocol/index.js'
import { brief, describeEvent, judged, notApplicable, notRun, type Verdict } from '../../verdict.js'
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
  const offered = (session.config.hostContext.availableDisplayModes ?? []) as string[]
  const pip = await requestMode(session, 'pip')
  await session.callHost('answerDisplayMode', 'inline')
  const fullscreen = await requestMode(session, 'fullscreen')
  await session.callHost('answerDisplayMode', 'fullscreen')
  const granted = await requestMode(session, 'fullscreen')
  return { offered, pip, fullscreen, granted }
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
  if (problems.length) {
    const minimal = observed.notOffered ? ' and ["inline"] in the minimal session' : ''
    problems.push(`the host's hostContext.availableDisplayModes was ${brief(observed.offered)} in the main session${minimal}: read it before ui/request-display-mode (the official App leaves that check to the app)`)
  }
  return [
    judged(
      'view-checks-display-modes',
      problems,
      unoffered.map((action) => `${action.action} (not offered): ${action.sent.length ? 'sent' : 'not sent'}; ${outcomeOf(action)}`),
    ),
    judgeResult(observed.fullscreen!, observed.granted),
  ]
}

/** The mode a probe action reported (a mode, or a result object holding one). */
function reportedMode(action: ProbedAction): unknown {
  const value = action.outcome.ok ? action.outcome.value : undefined
  return typeof value === 'object' && value !== null ? (value as { mode?: unknown }).mode : value
}

function judgeResult(refused: ProbedAction, granted: ProbedAction | undefined): Verdict {
  const id = 'view-accepts-display-mode-result'
  if (!refused.sent.length) return notApplicable(id, `the view did not ask for fullscreen (${outcomeOf(refused)}), so there was no differing answer to handle`)
  const answers: Array<[ProbedAction | undefined, string, string]> = [
    [refused, 'inline', 'the mode it was in, not the one asked for'],
    [granted, 'fullscreen', 'not the mode it was in'],
  ]
  const problems: string[] = []
  const evidence: string[] = []
  for (const [action, answer, why] of answers) {
    if (!action?.sent.length) continue
    const line = `asked for fullscreen, the host answered ${answer} (${why}), the view ${outcomeOf(action)}`
    evidence.push(line)
    if (reportedMode(action) !== answer) problems.push(line)
  }
  return judged(id, problems, evidence)
}
