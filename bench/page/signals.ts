/**
 * The benchmark's side channel between the host page and the view's frame: plain objects under
 * `__bench`, which are not JSON-RPC, so each implementation ignores them (ours and raw quietly;
 * the SDK logs them at debug level). Every implementation sees the same extra messages.
 */

/** Host page → view. */
export type ViewCommand =
  /** Call the `echo` tool `calls` times with `concurrency` calls in flight, then report. */
  | { cmd: 'rpc'; calls: number; concurrency: number }
  /** Report `seen` once the context's `containerDimensions.maxHeight` equals this value. */
  | { cmd: 'expect'; maxHeight: number }
  /** Record each `host-context-changed` message that arrives (bytes and keys) until `probe-end`. */
  | { cmd: 'probe-start' }
  | { cmd: 'probe-end' }

/** View → host page. */
export type ViewSignal =
  | { type: 'rendered' }
  | { type: 'rpc'; ms: number; errors: number; firstError?: string }
  /**
   * The `expect` or `probe-start` command arrived. What the host then sends must wait for it: on
   * a port (ours' channel), a message can overtake one sent earlier through the window.
   */
  | { type: 'expecting' }
  | { type: 'probing' }
  | { type: 'seen'; changes: number }
  | { type: 'probe'; messages: Array<{ bytes: number; keys: string[] }> }
  | { type: 'error'; message: string }

export interface Envelope<T> {
  __bench: T
}

export function unwrap<T>(data: unknown): T | undefined {
  return typeof data === 'object' && data !== null && '__bench' in data ? (data as Envelope<T>).__bench : undefined
}
