/**
 * Display modes. The main session's view declares inline and fullscreen; the kit asks the host
 * to offer inline, fullscreen and pip. The view asks for pip (offered by the host, not declared
 * by the view), then fullscreen; then the host itself is asked to switch to pip.
 */
import { HOST_CONTEXT_CHANGED, REQUEST_DISPLAY_MODE } from '../../../protocol/index.js'
import { brief, describeEvent, fail, judged, notApplicable, notRun, pass, type Verdict } from '../../verdict.js'
import { methodOf, paramsOf, resultOf, type WireEvent } from '../../wire.js'
import type { HookOutcome } from '../../pages/contract.js'
import type { HostRecord } from '../record.js'
import type { HostSession } from '../session.js'

export interface DisplayModeObservation {
  /** The mode before the probe, as the view knows it. */
  before: string
  pip?: WireEvent
  fullscreen?: WireEvent
  /** The host was asked to switch to pip itself. */
  hostPip: HookOutcome
  /** Every host-context-changed carrying a displayMode during the probe. */
  changes: WireEvent[]
}

const MODES = ['inline', 'fullscreen', 'pip']

/** The display mode the view knows: the initialize result's, updated by every change received. */
export function knownDisplayMode(session: HostSession, initial: string | undefined): string {
  let mode = initial ?? 'inline'
  for (const event of session.received()) {
    if (methodOf(event) === HOST_CONTEXT_CHANGED && typeof paramsOf(event).displayMode === 'string') mode = paramsOf(event).displayMode as string
  }
  return mode
}

export async function probeDisplayMode(session: HostSession, initialMode: string | undefined): Promise<DisplayModeObservation> {
  const start = session.channel.lastSeq('view')
  const before = knownDisplayMode(session, initialMode)
  const pip = (await session.request(REQUEST_DISPLAY_MODE, { mode: 'pip' })).response
  await session.settle()
  const fullscreen = (await session.request(REQUEST_DISPLAY_MODE, { mode: 'fullscreen' })).response
  if (resultOf(fullscreen)?.mode === 'fullscreen' && before !== 'fullscreen') {
    await session.channel.waitFor((event) => event.source === 'view' && event.seq > start && methodOf(event) === HOST_CONTEXT_CHANGED && paramsOf(event).displayMode === 'fullscreen', 3_000)
  }
  await session.settle()
  const hostPip = await session.hook('setHostContext', { displayMode: 'pip' })
  await session.settle()
  const changes = session.received(start).filter((event) => methodOf(event) === HOST_CONTEXT_CHANGED && 'displayMode' in paramsOf(event))
  // Back to inline so later checks see the frame as it started (not judged).
  await session.hook('setHostContext', { displayMode: 'inline' })
  await session.settle()
  return { before, pip, fullscreen, hostPip, changes }
}

const answered = (event: WireEvent | undefined) => (event ? describeEvent(event) : 'no answer')

export function judgeDisplayMode(record: HostRecord): Verdict[] {
  const observed = record.displayMode
  const ids = ['host-display-mode-declared', 'host-display-mode-result', 'host-display-mode-current-on-refusal', 'host-display-mode-notified']
  if (!observed) return ids.map((id) => notRun(id, 'the display-mode probe'))
  const evidence = [
    `the view declared ${record.main.viewDisplayModes.join(', ')}; mode before: ${observed.before}`,
    `request pip: ${answered(observed.pip)}`,
    `request fullscreen: ${answered(observed.fullscreen)}`,
    `host asked to switch to pip: ${observed.hostPip.ok ? 'done' : `refused (${brief(observed.hostPip.ok === false ? observed.hostPip.error : '', 100)})`}`,
    `display-mode changes sent: ${observed.changes.map(describeEvent).join('; ') || 'none'}`,
  ]
  const pipMode = resultOf(observed.pip)?.mode
  const fullMode = resultOf(observed.fullscreen)?.mode
  const undeclared: string[] = []
  if (pipMode === 'pip') undeclared.push('answered pip to a view that did not declare pip')
  for (const change of observed.changes.filter((event) => paramsOf(event).displayMode === 'pip')) undeclared.push(`switched the view to pip: ${describeEvent(change)}`)
  const results: string[] = []
  for (const [mode, response] of [['pip', observed.pip], ['fullscreen', observed.fullscreen]] as const) {
    const answer = resultOf(response)?.mode
    if (typeof answer !== 'string' || !MODES.includes(answer)) results.push(`request ${mode} was answered ${answered(response)}, without a resulting mode`)
  }
  return [
    judged('host-display-mode-declared', undeclared, evidence),
    judged('host-display-mode-result', results, evidence),
    pipMode === undefined
      ? fail('host-display-mode-current-on-refusal', `request pip got ${answered(observed.pip)}`)
      : judged('host-display-mode-current-on-refusal', pipMode === observed.before ? [] : [`pip is not available to this view, yet the host answered ${brief(pipMode)} rather than the current ${observed.before}`], evidence.slice(0, 2)),
    judgeNotified(observed, fullMode, evidence),
  ]
}

function judgeNotified(observed: DisplayModeObservation, granted: unknown, evidence: string[]): Verdict {
  const id = 'host-display-mode-notified'
  if (granted !== 'fullscreen' || observed.before === 'fullscreen') return notApplicable(id, `the host did not switch to fullscreen (answered ${brief(granted)}), so there was no change to announce`)
  const told = observed.changes.some((event) => paramsOf(event).displayMode === 'fullscreen')
  return told ? pass(id, ...evidence) : fail(id, 'the host answered fullscreen but never sent host-context-changed {displayMode: "fullscreen"} (waited 3 s)', ...evidence)
}
