/**
 * The two seams between the benchmark drivers and the implementations under test. Each
 * implementation (ours, the official SDK, raw postMessage) provides a view port and a host port
 * written the way its users would write them; the drivers in `bench/page` do the rest, identically
 * for all three.
 */

export const IMPLEMENTATIONS = ['ours', 'official', 'raw'] as const
export type Implementation = (typeof IMPLEMENTATIONS)[number]

export interface ToolResultLike {
  content: Array<{ type: string; text?: string }>
}

/** What the view driver needs, inside the frame. */
export interface ViewPort {
  /** Performs the handshake; resolves once `ui/notifications/initialized` has been sent. */
  connect(): Promise<void>
  onToolResult(listener: (result: ToolResultLike) => void): void
  /** Called after each host-context change with the merged context. */
  onHostContext(listener: (context: Record<string, unknown>) => void): void
  callTool(name: string, args: Record<string, unknown>): Promise<unknown>
  sendMessage(text: string): Promise<unknown>
  updateModelContext(text: string): Promise<unknown>
}

/** What the host driver needs, in the host page. */
export interface HostPort {
  /**
   * Connects a bridge to an iframe already in the document (its script has not run yet), serves
   * the view, sends the tool input and result once the view is initialized, applies size to the
   * iframe's height, and calls `onInitialized` when the view's `initialized` arrives.
   */
  mount(iframe: HTMLIFrameElement, onInitialized: () => void): HostSession
}

export interface HostSession {
  /** Changes one top-level host-context key; the implementation decides what to send. */
  update(key: string, value: unknown): void
  /** Polite teardown: `ui/resource-teardown`, wait for the answer, then release everything. */
  teardown(): Promise<void>
}
