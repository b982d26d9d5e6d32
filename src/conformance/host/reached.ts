/**
 * Whether a session of the host driver got past its handshake: only then did its probes run.
 * A refused `ui/initialize` leaves the view uninitialized, and a host then rightly refuses
 * everything else, so nothing after it may be judged as if the view were initialized.
 */
import { brief } from '../verdict.js'
import { errorCodeOf, resultOf } from '../wire.js'
import type { SessionRecord } from './record.js'

/** What kept the session's handshake from completing, or `undefined` when it completed. */
export function handshakeProblem(session: SessionRecord): string | undefined {
  if (session.mountError) return `the adapter failed to mount the view: ${session.mountError}`
  if (!session.initializeRequest) return 'the scripted view never got to send ui/initialize'
  if (!session.initializeResponse) return 'no answer to ui/initialize within 10 s'
  if (!resultOf(session.initializeResponse)) {
    const error = (session.initializeResponse.message as { error?: { message?: unknown } }).error
    return `ui/initialize was refused with error ${errorCodeOf(session.initializeResponse)}: ${brief(error?.message)}`
  }
  return undefined
}

/** Why the probes of `session` did not run, for the verdicts that needed them. */
export function whyNotReached(session: SessionRecord | undefined): string | undefined {
  const problem = session && handshakeProblem(session)
  return problem && `the ${session!.name} session's handshake did not complete: ${problem}`
}
