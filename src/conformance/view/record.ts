/**
 * What the view driver observed, gathered for the judges (pure functions of this record).
 */
import type { WireEvent } from '../wire.js'
import type { ActOutcome } from './session.js'

export interface ViewSessionRecord {
  name: string
  /** Everything the scripted host received from the view and sent to it. */
  log: WireEvent[]
  /** Uncaught errors in the page during the session. */
  errors: string[]
  /** The browser's console errors during the session (resources refused by the CSP, 404s, ...). */
  consoleErrors?: string[]
  initializeRequest?: WireEvent
  /** The host's answer to `ui/initialize` (posted after a delay). */
  initializeAnswer?: WireEvent
  initialized?: WireEvent
  /** Whether the view exposes `window.mcpAppConformance`. */
  hasProbe: boolean
}

export interface ProbedAction {
  /** The probe action, e.g. `openLink`. */
  action: string
  /** The method that action would put on the wire. */
  method: string
  outcome: ActOutcome
  /** What the view sent for it (nothing, for a refusal before sending). */
  sent: WireEvent[]
}

export interface ViewRecord {
  main: ViewSessionRecord
  /** Only for a view with a probe: the host advertises nothing and offers inline only. */
  minimal?: ViewSessionRecord
  rpc?: { ping?: WireEvent; unknownMethod?: WireEvent; pingAfterUnknownNotification?: WireEvent }
  /** `probeError`: what the probe's `hostContext()` threw instead of returning the context. */
  context?: { change: Record<string, unknown>; before: Record<string, unknown>; probed?: unknown; probeError?: string }
  partials?: { sent: unknown[]; errors: string[]; pingAfter?: WireEvent; probed?: unknown }
  displayMode?: {
    offered: string[]
    pip?: ProbedAction
    /** Fullscreen asked for, the host answering "inline" (the mode the view is in). */
    fullscreen?: ProbedAction
    /** Fullscreen asked for again, the host granting it (a mode the view is not in). */
    granted?: ProbedAction
    notOffered?: ProbedAction
  }
  gating?: { acts: ProbedAction[] }
  origin?: { skipped?: string; answers: string[]; probed?: unknown; forgedLocale: string }
  teardown?: { response?: WireEvent }
}
