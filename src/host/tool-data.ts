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
    if (this.#phase !== 'none' && this.#phase !== 'streaming') {
      throw new BridgeError('PROTOCOL', `tool-input-partial after ${this.#phase === 'input' ? 'tool-input' : this.#phase}`)
    }
    this.#phase = 'streaming'
    // Only the latest partial matters; an older one still held is replaced.
    this.#held = this.#held.filter((message) => message.method !== TOOL_INPUT_PARTIAL)
    return this.#emit({ method: TOOL_INPUT_PARTIAL, params: { arguments: args } })
  }

  input(args: Record<string, unknown> = {}): Outgoing[] {
    if (this.#phase !== 'none' && this.#phase !== 'streaming') throw new BridgeError('PROTOCOL', 'tool-input was already sent')
    this.#phase = 'input'
    // A held partial is stale once the full input exists: the view never sees a partial after it.
    this.#held = this.#held.filter((message) => message.method !== TOOL_INPUT_PARTIAL)
    return this.#emit({ method: TOOL_INPUT, params: { arguments: args } })
  }

  result(result: CallToolResult): Outgoing[] {
    if (this.#phase === 'result' || this.#phase === 'cancelled') throw new BridgeError('PROTOCOL', `tool-result after ${this.#phase === 'result' ? 'tool-result' : 'tool-cancelled'}`)
    if (this.#phase !== 'input') throw new BridgeError('PROTOCOL', 'tool-result before tool-input: send the input first')
    this.#phase = 'result'
    return this.#emit({ method: TOOL_RESULT, params: result })
  }

  cancelled(params: McpUiToolCancelledParams = {}): Outgoing[] {
    if (this.#phase === 'result' || this.#phase === 'cancelled') throw new BridgeError('PROTOCOL', `tool-cancelled after ${this.#phase === 'result' ? 'tool-result' : 'tool-cancelled'}`)
    this.#phase = 'cancelled'
    this.#held = this.#held.filter((message) => message.method !== TOOL_INPUT_PARTIAL)
    return this.#emit({ method: TOOL_CANCELLED, params })
  }

  /** The view is initialized: returns everything held, in order, and sends directly from now on. */
  open(): Outgoing[] {
    this.#open = true
    const held = this.#held
    this.#held = []
    return held
  }

  #emit(message: Outgoing): Outgoing[] {
    if (this.#open) return [message]
    this.#held.push(message)
    return []
  }
}
