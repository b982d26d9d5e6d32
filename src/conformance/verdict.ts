/**
 * Verdicts: what a check concluded about one requirement, with the evidence for it.
 */
import type { LooseMessage, WireEvent } from './wire.js'

export type Status = 'PASS' | 'FAIL' | 'NOT APPLICABLE'

export interface Verdict {
  /** The requirement's id (see the catalogue). */
  id: string
  status: Status
  /** What was observed, one line each; for NOT APPLICABLE, the reason. Never empty. */
  evidence: string[]
  /** Set when the check had nothing to judge because its probe never ran: the session the probe needed (see {@link notReached}). */
  notRun?: string
}

export const pass = (id: string, ...evidence: string[]): Verdict => ({ id, status: 'PASS', evidence })
export const fail = (id: string, ...evidence: string[]): Verdict => ({ id, status: 'FAIL', evidence })
export const notApplicable = (id: string, reason: string): Verdict => ({ id, status: 'NOT APPLICABLE', evidence: [reason] })
/** NOT APPLICABLE because `what` (a probe) did not run; `session` names the session it belongs to. */
export const notRun = (id: string, what: string, session = 'main'): Verdict => ({ id, status: 'NOT APPLICABLE', evidence: [`${what} did not run`], notRun: session })

/**
 * When a session stopped early (no handshake), says so in every verdict whose probe needed that
 * session, instead of leaving the reader to guess why. `why` maps a session to what stopped it.
 */
export function notReached(verdicts: Verdict[], why: Partial<Record<string, string>>): Verdict[] {
  return verdicts.map((verdict) => {
    const reason = verdict.notRun === undefined ? undefined : why[verdict.notRun]
    return reason ? { ...verdict, evidence: [`not reached: ${reason}`] } : verdict
  })
}

/** PASS with `evidence` when `problems` is empty, else FAIL listing the problems first. */
export function judged(id: string, problems: string[], evidence: string[]): Verdict {
  return problems.length ? fail(id, ...problems, ...evidence) : pass(id, ...evidence)
}

/** A short, single-line rendering of a value for evidence (JSON, cut at `max` characters). */
export function brief(value: unknown, max = 160): string {
  let text: string
  try {
    text = JSON.stringify(value) ?? String(value)
  } catch {
    text = String(value)
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

/** One wire event as evidence: `#7 in ui/notifications/tool-input {"arguments":…}`. */
export function describeEvent(event: WireEvent): string {
  const message = (event.message ?? {}) as LooseMessage
  const what =
    typeof message.method === 'string'
      ? `${message.method}${message.id !== undefined ? ` (id ${brief(message.id)})` : ''} ${brief(message.params ?? {}, 120)}`
      : message.error !== undefined
        ? `error response to id ${brief(message.id)}: ${brief(message.error, 120)}`
        : `response to id ${brief(message.id)}: ${brief(message.result, 120)}`
  return `#${event.seq} ${event.kind} ${what}`
}
