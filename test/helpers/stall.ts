/** A request handler that never settles until the test says so, exposing its abort signal. */
export interface Stall {
  /** Use as a host or session handler: returns a promise that waits for `finish()`. */
  handler: (params: unknown, context: { signal: AbortSignal }) => Promise<void>
  /** The signal of the latest call, once the handler ran. */
  readonly signal: AbortSignal | undefined
  /** Settles the latest call. */
  finish(): void
}

export function stall(): Stall {
  let signal: AbortSignal | undefined
  let finish: () => void = () => {}
  return {
    handler: (_params, context) => {
      signal = context.signal
      return new Promise<void>((resolve) => (finish = resolve))
    },
    get signal() {
      return signal
    },
    finish: () => finish(),
  }
}
