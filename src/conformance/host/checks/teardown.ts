/**
 * Teardown: the kit closes the view the host's way (the adapter's `teardown` hook). The scripted
 * view marks when `ui/resource-teardown` arrives and when it answers, 300 ms later, like a view
 * saving its state; a mark that never comes means the view's document was gone before it could
 * be made (its frame removed or navigated away).
 */
import type { HookOutcome } from '../../pages/contract.js'
import { brief, judged, notApplicable, notRun, type Verdict } from '../../verdict.js'
import type { HostRecord } from '../record.js'
import type { HostSession } from '../session.js'

export interface SessionTeardown {
  session: string
  /** The hook's outcome (a refusal when it had not finished after 15 s). */
  hook: HookOutcome
  received: boolean
  answered: boolean
  /** Whether the view's frame was removed from the page. */
  removed: boolean
  /** Whether the view's frame was navigated to another document (which destroys the view too). */
  navigated?: boolean
}

export interface TeardownObservation {
  sessions: SessionTeardown[]
}

const TEARDOWN_TIMEOUT_MS = 15_000
/** Console lines of a removed frame may trail its removal a little. */
const FLUSH_MS = 300
/** A hook may resolve before the view answered and leave the frame in place: the answer is still coming. */
const ANSWER_GRACE_MS = 1_000

export async function probeTeardown(session: HostSession): Promise<SessionTeardown> {
  const start = session.channel.lastSeq('view')
  await session.viewFrame()
  const outcome = await session.hook('teardown', 'The conformance kit closed the view', TEARDOWN_TIMEOUT_MS)
  const isAnswer = (event: { source: string; seq: number; mark?: string }) => event.source === 'view' && event.seq > start && event.mark === 'teardown-answering'
  if (!session.viewDetached && !session.viewNavigated) await session.channel.waitFor(isAnswer, ANSWER_GRACE_MS)
  await session.page.waitForTimeout(FLUSH_MS)
  const marks = session.viewLog(start).filter((event) => event.kind === 'mark').map((event) => event.mark)
  return {
    session: session.name,
    hook: outcome,
    received: marks.includes('teardown-received'),
    answered: marks.includes('teardown-answering'),
    removed: session.viewDetached,
    navigated: session.viewNavigated,
  }
}

const fate = (entry: SessionTeardown) => (entry.removed ? 'removed' : entry.navigated ? 'navigated away' : 'still there')

const describe = (entry: SessionTeardown) =>
  `${entry.session}: teardown hook ${entry.hook.ok ? 'resolved' : `failed (${brief(entry.hook.error, 80)})`}; ` +
  `ui/resource-teardown ${entry.received ? 'received' : 'never received'}; view ${entry.answered ? 'answered' : 'never answered'}; frame ${fate(entry)}`

export function judgeTeardown(record: HostRecord): Verdict[] {
  const observed = record.teardown
  if (!observed?.sessions.length) return [notRun('host-teardown-before-removal', 'the teardown probe'), notRun('host-teardown-waits', 'the teardown probe')]
  const evidence = observed.sessions.map(describe)
  const before = observed.sessions
    .filter((entry) => !entry.received)
    .map((entry) => `${entry.session}: the view was ${entry.removed || entry.navigated ? fate(entry) : 'torn down'} without ui/resource-teardown`)
  const sent = observed.sessions.filter((entry) => entry.received)
  if (!sent.length) return [judged('host-teardown-before-removal', before, evidence), notApplicable('host-teardown-waits', 'no ui/resource-teardown reached the view, so there was no answer to wait for')]
  // The scripted view always answers while its document lives: no answer means the host destroyed it first.
  const waits = sent
    .filter((entry) => !entry.answered)
    .map((entry) => `${entry.session}: the view was destroyed (frame ${fate(entry)}) before it answered ui/resource-teardown (it answers 300 ms after the request)`)
  return [judged('host-teardown-before-removal', before, evidence), judged('host-teardown-waits', waits, evidence)]
}
