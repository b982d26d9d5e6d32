/**
 * The order of tool data sent to a view (PROTOCOL.md A.2), as a small state machine.
 *
 * Before the view says `initialized`, everything is held; afterwards it is sent at once. The view
 * always sees: the latest `tool-input-partial` only if `tool-input` has not been produced yet,
 * `tool-input` exactly once, then exactly one of `tool-result` / `tool-cancelled`. Calls that
 * would break this order throw at the call site instead of confusing the view.
 */
import { BridgeError, TOOL_CANCELLED, TOOL_INPUT, TOOL_INPUT_PARTIAL, TOOL_RESULT } from '../protocol/index.js'

/** Where the tool call stands: nothing yet, streaming arguments, arguments complete, finished. */
export type ToolPhase = 'none' | 'streaming' | 'input' | 'result' | 'cancelled'

interface Outgoing {
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
  /** What waits for the view to be initialized; `undefined` once it is, when everything goes at once. */
  #held: Outgoing[] | undefined = []
  readonly #send: (method: string, params: Record<string, unknown>) => void

  /** `send` puts one notification on the wire. */
  constructor(send: (method: string, params: Record<string, unknown>) => void) {
    this.#send = send
  }

  get phase(): ToolPhase {
    return this.#phase
  }

  /** The view is initialized: sends everything held, in order, and sends directly from now on. */
  open(): void {
    const held = this.#held ?? []
    this.#held = undefined
    for (const { method, params } of held) this.#send(method, params)
  }

  /** Moves on with `method` (one of the four tool-data notifications), or throws when the order forbids it. */
  next(method: string, params: Record<string, unknown>): void {
    const [phase, after] = STEPS[method]!
    if (!after.includes(this.#phase)) {
      throw new BridgeError('PROTOCOL', `${method} out of order (after ${this.#phase})`)
    }
    this.#phase = phase
    if (!this.#held) return this.#send(method, params)
    // Only the latest partial matters, and none once the input exists or the call is cancelled.
    this.#held = this.#held.filter((message) => message.method !== TOOL_INPUT_PARTIAL)
    this.#held.push({ method, params })
  }
}
