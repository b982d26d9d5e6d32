/**
 * The order of tool data sent to a view (PROTOCOL.md A.2), as a small state machine.
 *
 * Before the view says `initialized`, everything is held; afterwards it is sent at once. The view
 * always sees: the latest `tool-input-partial` only if `tool-input` has not been produced yet,
 * `tool-input` exactly once, then exactly one of `tool-result` / `tool-cancelled`. Calls that
 * would break this order throw at the call site instead of confusing the view.
 *
 * A view re-created in its frame (a remount, hot reload: it initializes again) is a new view
 * instance that has seen nothing: `open()` at its `initialized` gives it everything produced so
 * far, in that order, once. So what was produced is kept, as the view would need it, for the bridge's life.
 */
import { BridgeError, TOOL_CANCELLED, TOOL_INPUT, TOOL_INPUT_PARTIAL, TOOL_RESULT } from '../protocol/index.js'
import { sendableCopy } from './sendable.js'

/** Where the tool call stands: nothing yet, streaming arguments, arguments complete, finished. */
export type ToolPhase = 'none' | 'streaming' | 'input' | 'result' | 'cancelled'

/** A notification as sent: its method and params. */
type Outgoing = [method: string, params: Record<string, unknown>]

export interface ToolData {
  /**
   * Where the tool call stands, as far as the view is concerned. A method, not a getter: an object
   * literal with an accessor is kept as a dictionary, a slower and larger object (128 B per view).
   */
  phase(): ToolPhase
  /** The view (a new view instance) is initialized: sends everything produced so far, in order. */
  open(): void
  /** Moves on with `method` (one of the four tool-data notifications), or throws when the order forbids it. */
  next(method: string, params: Record<string, unknown>): void
}

/**
 * The tool data of one view; `send` is given each notification at once, and puts it on the wire
 * when the view is initialized (what it drops before is held here, and `open()` gives it again).
 */
export function createToolData(send: (method: string, params: Record<string, unknown>) => void): ToolData {
  let phase: ToolPhase = 'none'
  /** What a view instance sees, in order, when it initializes. */
  let produced: Outgoing[] = []
  return {
    phase: () => phase,
    open() {
      for (const message of produced) send(...message)
    },
    next(method, params) {
      // The phase each message moves to, and the phases it may follow: a table read here only, made
      // per message (a streamed partial costs a copy of its arguments besides, far more).
      const [to, after] = (
        {
          [TOOL_INPUT_PARTIAL]: ['streaming', ['none', 'streaming']],
          [TOOL_INPUT]: ['input', ['none', 'streaming']],
          [TOOL_RESULT]: ['result', ['input']],
          [TOOL_CANCELLED]: ['cancelled', ['none', 'streaming', 'input']],
        } as Record<string, [ToolPhase, ToolPhase[]]>
      )[method]!
      if (!after.includes(phase)) throw new BridgeError('PROTOCOL', `${method} out of order (after ${phase})`)
      // Copied, held or not: postMessage cannot clone a framework's reactive proxy, which the copy
      // reads as JSON. The phase moves only once the message is on its way (sent, or held and
      // known to be sendable): a send that throws (a value neither copy can make) must leave the
      // order as the view knows it, so the retry is accepted and a result can never follow an
      // input that never arrived.
      params = sendableCopy(method, params)
      send(method, params)
      // Only the latest partial matters, and none once the input exists or the call is cancelled.
      // `concat`, not a spread: an array literal with a spread keeps room to grow (84 B for two
      // pairs, held for the view's life), `concat` makes it to size.
      produced = produced.filter(([sent]) => sent !== TOOL_INPUT_PARTIAL).concat([[method, params]])
      phase = to
    },
  }
}
