/**
 * The two seams between the benchmark drivers and the implementations under test. Each
 * implementation (ours, ours on the window path, the official SDK, raw postMessage) provides a
 * view port and a host port written the way its users would write them; the drivers in
 * `bench/page` do the rest, identically for all of them.
 */

/** In column order (ours-window right after ours), which is also the order they run in. */
export const IMPLEMENTATIONS = ['ours', 'ours-window', 'official', 'raw'] as const
export type Implementation = (typeof IMPLEMENTATIONS)[number]

/** The implementations given a ratio to raw. */
export type Compared = Exclude<Implementation, 'raw'>
export const COMPARED = IMPLEMENTATIONS.filter((impl): impl is Compared => impl !== 'raw')

/**
 * Implementations that run another one's code with a different peer: they have no bundle of
 * their own to measure (the size table says "same as ours").
 */
export const SAME_CODE_AS = { 'ours-window': 'ours' } as const satisfies Partial<Record<Implementation, Implementation>>
/** The implementations with a bundle of their own (`bench/apps/<impl>-<side>.ts`). */
export type Bundled = Exclude<Implementation, keyof typeof SAME_CODE_AS>
export const BUNDLED = IMPLEMENTATIONS.filter((impl): impl is Bundled => !(impl in SAME_CODE_AS))

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
