/**
 * The contract between the Node side of the browser tests and the pages they drive.
 *
 * Both test hosts (ours on `HostBridge`, the official `AppBridge`) expose the same `window.testHost`
 * and both test views (ours on the shipped IIFE bundle, the official `App`) the same
 * `window.testApp`, so one scenario with one set of assertions runs in every direction of the
 * interop matrix. Everything here crosses `page.evaluate`, so it is plain JSON.
 */
import type { McpUiHostCapabilities, McpUiHostContext, McpUiResourceCsp, McpUiResourcePermissions } from '../../../src/protocol/types.js'
import type { CspRelaxations } from '../../../src/protocol/csp.js'
import type { CallToolResult } from '../../../src/protocol/mcp-types.js'
import type { FrameSizeOptions } from '../../../src/host/frame-size.js'

export type FrameMode = 'srcdoc' | 'proxy'

/** How the host answers the view's actions. */
export interface HostPolicy {
  /** `ui/message` (default accept). */
  message?: 'accept' | 'deny'
  /** `ui/open-link` (default accept). */
  openLink?: 'accept' | 'deny'
  /** `ui/request-display-mode` (default grant). */
  displayMode?: 'grant' | 'keep'
}

export interface MountConfig {
  /** Same-origin URL of the view's HTML (the host fetches it, as it would read the `ui://` resource). */
  viewUrl: string
  /** The resource's `_meta.ui.csp`, if any. */
  csp?: McpUiResourceCsp
  permissions?: McpUiResourcePermissions
  /** CSP relaxations the host turns on for this server (ours only; added to the tests' `loopbackOrigins`). */
  cspRelaxations?: CspRelaxations
  frameMode: FrameMode
  /** The sandbox proxy page's URL (proxy mode only; `openHost` fills in the test server's). */
  proxyUrl?: string
  /** Give `mountApp` the proxy URL as a function of the resource (checked then, not at the call). */
  proxyUrlPerResource?: boolean
  capabilities: McpUiHostCapabilities
  hostContext: McpUiHostContext
  /** The Node-side MCP session the host's client forwards to (`/mcp/<id>`). */
  mcpSession?: string
  policy?: HostPolicy
  /** The frame's accessible name (`mountApp`'s `title`; ours only). */
  title?: string
  /** `mountApp`'s `hideUntilInitializedMs` (ours only). */
  hideUntilInitializedMs?: number
  /** `mountApp`'s `size` (ours only). */
  size?: FrameSizeOptions
  /**
   * Host calls made synchronously right after the frame is created, before the view can have
   * initialized (ours only): shows what the host holds until `initialized`.
   */
  beforeInitialized?: Array<{ call: 'setHostContext' | 'toolInputPartial' | 'toolInput' | 'toolResult'; arg: unknown }>
  /** HostBridge options passed through (ours only). */
  bridgeOptions?: { rateLimits?: Record<string, { burst: number; perSecond: number }>; timeoutMs?: number; limits?: { maxBytes?: number; maxDepth?: number } }
}

/** One thing the host saw, in order. `at` is `performance.now()` in the host page. */
export interface HostEvent {
  kind: HostEventKind
  data?: unknown
  at: number
}

export type HostEventKind =
  | 'initialized'
  | 'ready'
  | 'early'
  | 'sizechange'
  | 'resized'
  | 'message'
  | 'openLink'
  | 'modelcontext'
  | 'log'
  | 'displaymode'
  | 'requestteardown'
  | 'callTool'
  | 'callToolAborted'
  | 'warning'
  | 'teardown'
  | 'close'
  | 'error'

/** What the test host pages expose as `window.testHost`. */
export interface TestHostApi {
  /** Which implementation serves the view: `ours` (HostBridge) or `official` (AppBridge). */
  readonly kind: 'ours' | 'official'
  mount(config: MountConfig): Promise<void>
  readonly events: HostEvent[]
  /** Resolves with the `count`-th event of `kind` (1-based), waiting for it if needed. */
  waitFor(kind: HostEventKind, count?: number): Promise<HostEvent>
  /** Number of incoming JSON-RPC messages from the view, by method (responses under `response`). */
  readonly received: Record<string, number>
  setHostContext(change: McpUiHostContext): void
  toolInputPartial(args: Record<string, unknown>): void
  toolInput(args: Record<string, unknown>): void
  toolResult(result: CallToolResult): void
  toolCancelled(reason: string): void
  teardown(reason: string): Promise<void>
  /** The view's iframe as laid out now, or `null` once it was removed. */
  frame(): { width: number; height: number; displayMode: string | null } | null
  /** The latest model context the view set (ours: `bridge.modelContext`). */
  modelContext(): unknown
  /**
   * Every `message` event the host window received, whoever sent it, seen by a listener that
   * runs before the bridge's: lets a test wait until forged messages were delivered (and
   * ignored) instead of sleeping. Kept to the last 1,000; `rawCount` counts all, by origin.
   */
  readonly raw: RawMessage[]
  readonly rawCount: Record<string, number>
  /** Starts measuring the host page's event-loop stalls; `stopLagMonitor` returns the longest, in ms. */
  startLagMonitor(): void
  stopLagMonitor(): number
  /** Frames the library's message hub routes for this window (ours only; 0 = no `message` listener left). */
  listenedFrames(): number
  /** Removes the view's iframe from the document, without teardown (ours only). */
  removeFrame(): void
  /**
   * Moves the view's iframe to the end of its parent, as a keyed list reorder does: with
   * `Element.moveBefore` (the document stays) or with `appendChild` (the document reloads). Ours only.
   */
  moveFrame(withMoveBefore: boolean): void
}

/** A `message` event as a test page saw it. */
export interface RawMessage {
  origin: string
  /** Host: sent by the view's frame. View: sent by its parent. */
  trusted: boolean
  method?: string
  id?: unknown
}

/** One thing the view saw or did. */
export interface ViewEvent {
  kind: ViewEventKind
  data?: unknown
}

export type ViewEventKind =
  | 'connected'
  | 'toolinputpartial'
  | 'toolinput'
  | 'toolresult'
  | 'toolcancelled'
  | 'hostcontextchanged'
  | 'teardown'
  | 'error'

/** What a view's action resolved to: its value, or the error's code and message. */
export type ActionOutcome = { ok: true; value: unknown } | { ok: false; code: string | number | undefined; message: string }

export type ViewAction =
  | { action: 'sendMessage'; text: string }
  | { action: 'updateModelContext'; text: string; structured?: Record<string, unknown> }
  | { action: 'callServerTool'; name: string; arguments?: Record<string, unknown> }
  | { action: 'openLink'; url: string }
  | { action: 'requestDisplayMode'; mode: 'inline' | 'fullscreen' | 'pip' }
  | { action: 'sendLog'; text: string }
  | { action: 'grow'; height: number }
  | { action: 'requestTeardown' }

/** What the test views expose as `window.testApp`. */
export interface TestAppApi {
  readonly kind: 'ours' | 'official'
  readonly events: ViewEvent[]
  waitFor(kind: ViewEventKind, count?: number): Promise<ViewEvent>
  run(action: ViewAction): Promise<ActionOutcome>
  /** The theme the view shows (`data-theme` on `<html>`) and the body's computed background. */
  appearance(): { theme: string | null; background: string }
  /** Every `message` event the view received (last 1,000), seen before the bridge's listener. */
  readonly raw: RawMessage[]
}
