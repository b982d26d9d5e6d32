/**
 * The order of tool data sent to a view (PROTOCOL.md A.2), as a small state machine.
 *
 * Before the view says `initialized`, everything is held; afterwards it is sent at once. The view
 * always sees: the latest `tool-input-partial` only if `tool-input` has not been produced yet,
 * `tool-input` exactly once, then exactly one of `tool-result` / `tool-cancelled`. Calls that
 * would break this order throw at the call site instead of confusing the view.
 */
import {
  BridgeError,
  TOOL_CANCELLED,
  TOOL_INPUT,
  TOOL_INPUT_PARTIAL,
  TOOL_RESULT,
  type CallToolResult,
  type McpUiToolCancelledParams,
} from '../protocol/index.js'

/** Where the tool call stands: nothing yet, streaming arguments, arguments complete, finished. */
export type ToolPhase = 'none' | 'streaming' | 'input' | 'result' | 'cancelled'

export interface Outgoing {
  method: string
  params: Record<string, unknown>
}

/** The phase each message moves to, and the phases it may follow. */
const STEPS: Record<string, [ToolPhase, ToolPhase[]]> = {
  [TOOL_INPUT_PARTIAL]: ['streaming', ['none', 'streaming']],
  [TOOL_INPUT]: ['input', ['none', 'streaming']],
  [TOOL_RESULT]: ['result', ['input']],
  [TOOL_CANCELLED]: ['cancelled', ['none', 'streaming', 'input']],
}

export class ToolData {
  #phase: ToolPhase = 'none'
  #held: Outgoing[] = []
  #open = false

  get phase(): ToolPhase {
    return this.#phase
  }

  /** Messages held until the view is initialized (for invariant checks). */
  get held(): readonly Outgoing[] {
    return this.#held
  }

  partial(args: Record<string, unknown>): Outgoing[] {
    return this.#next(TOOL_INPUT_PARTIAL, { arguments: args })
  }

  input(args: Record<string, unknown> = {}): Outgoing[] {
    return this.#next(TOOL_INPUT, { arguments: args })
  }

  result(result: CallToolResult): Outgoing[] {
    return this.#next(TOOL_RESULT, result)
  }

  cancelled(params: McpUiToolCancelledParams = {}): Outgoing[] {
    return this.#next(TOOL_CANCELLED, params)
  }

  /** The view is initialized: returns everything held, in order, and sends directly from now on. */
  open(): Outgoing[] {
    this.#open = true
    const held = this.#held
    this.#held = []
    return held
  }

  #next(method: string, params: Record<string, unknown>): Outgoing[] {
    const [phase, after] = STEPS[method]!
    if (!after.includes(this.#phase)) {
      throw new BridgeError('PROTOCOL', `${method} out of order (after ${this.#phase})`)
    }
    this.#phase = phase
    // Only the latest partial matters, and none once the input exists or the call is cancelled.
    this.#held = this.#held.filter((message) => message.method !== TOOL_INPUT_PARTIAL)
    const message = { method, params }
    if (this.#open) return [message]
    this.#held.push(message)
    return []
  }
}
