/**
 * What the host driver observed, gathered for the judges: one record per session, plus what each
 * category's probe found. Judges are pure functions of this record.
 */
import type { McpUiHostContext } from '../../protocol/index.js'
import type { WireEvent } from '../wire.js'
import type { ContextObservation } from './checks/context.js'
import type { VisibilityObservation } from './checks/visibility.js'
import type { GatingObservation } from './checks/capabilities.js'
import type { ActionsObservation } from './checks/actions.js'
import type { DisplayModeObservation } from './checks/display-mode.js'
import type { SizeObservation } from './checks/size.js'
import type { TeardownObservation } from './checks/teardown.js'
import type { RpcObservation } from './checks/rpc.js'
import type { SandboxObservation } from './checks/sandbox.js'
import type { OriginObservation } from './checks/origin.js'
import type { OrderingObservation } from './checks/ordering.js'

export interface SessionRecord {
  name: string
  /** The mount failed: the adapter's error. */
  mountError?: string
  /** Everything the scripted view received and sent, and its marks. */
  view: WireEvent[]
  /** The host page runtime's marks: hook outcomes, server calls, effects. */
  runtime: WireEvent[]
  /** Uncaught errors in the page. */
  errors: string[]
  initializeRequest?: WireEvent
  initializeResponse?: WireEvent
  /** The view's position when it sent `initialized` (`Infinity` if it never did). */
  initializedSeq: number
  /** The protocol version the view asked for. */
  requestedVersion: string
  /** What the view's frame declared (`appCapabilities.availableDisplayModes`). */
  viewDisplayModes: string[]
}

export interface HostRecord {
  main: SessionRecord
  minimal?: SessionRecord
  /** The handshake-only session whose view asks for an unknown protocol version. */
  version?: SessionRecord
  /** The host context the view holds after the handshake (from the initialize result). */
  initialContext: McpUiHostContext
  /** The main session's hold before `initialized`. */
  ordering?: OrderingObservation
  context?: ContextObservation
  visibility?: VisibilityObservation
  gating?: GatingObservation
  actions?: ActionsObservation
  displayMode?: DisplayModeObservation
  size?: SizeObservation
  teardown?: TeardownObservation
  rpc?: RpcObservation
  sandbox?: SandboxObservation
  origin?: OriginObservation
}
