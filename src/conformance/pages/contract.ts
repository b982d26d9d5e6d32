/**
 * The contract between the drivers (Node) and the kit's pages (browser): their configuration and
 * the globals they expose to `page.evaluate`. Everything crosses that boundary as JSON.
 */
import type { Implementation, McpUiAppCapabilities, McpUiDisplayMode, McpUiHostCapabilities, McpUiHostContext, McpUiResourceCsp } from '../../protocol/index.js'

/** The scripted view's configuration, embedded in its HTML (it must start talking before any driver call). */
export interface ScriptedViewConfig {
  session: string
  appInfo: Implementation
  appCapabilities: McpUiAppCapabilities
  protocolVersion: string
  /** Send `initialized` as soon as the initialize result arrives; otherwise wait for `initialized()`. */
  autoInitialized: boolean
  /** How long the view takes to answer `ui/resource-teardown`, in ms (a view saving its state). */
  teardownDelayMs: number
}

/** Network requests the scripted view makes to test its frame's CSP. */
export interface NetworkProbe {
  fetch?: string[]
  image?: string[]
  frame?: string[]
  object?: string[]
  /** `<script src>` elements. */
  script?: string[]
  /** `<link rel="stylesheet">` elements. */
  style?: string[]
  /** `FontFace` loads. */
  font?: string[]
  /** `<audio preload="auto">` elements. */
  media?: string[]
  /** A `<base href>` to insert: `base-uri` decides whether it takes effect. */
  base?: string
}

export interface NetworkOutcome {
  /** Per URL: `ok <status>` or `error <message>`. */
  fetch: Record<string, string>
  /** Per URL: `load`, `error` or `timeout`. */
  image: Record<string, string>
  /** `document.baseURI` before and after the `<base>` was inserted. */
  base?: { before: string; after: string }
}

/** `window.__mcpConformanceView`: the scripted view, driven from Node. */
export interface ScriptedViewApi {
  readonly session: string
  /** Posts anything to the parent, exactly as given. */
  post(message: unknown): void
  /** Sends a request with a fresh id; returns the id. */
  request(method: string, params?: Record<string, unknown>): number
  notify(method: string, params?: Record<string, unknown>): void
  /** Sends `ui/notifications/initialized` (when the config holds it back). */
  initialized(): void
  /** The view's viewport: the size the host gave its frame. */
  measure(): { width: number; height: number }
  /** Whether the host page's document is reachable from the view. */
  probeTop(): 'reachable' | 'blocked'
  probeNetwork(probe: NetworkProbe): Promise<NetworkOutcome>
}

/** The scripted host's configuration (`start`). */
export interface ScriptedHostConfig {
  session: string
  /** The view under test. */
  html: string
  /** The resource's declared CSP; without it the spec's restrictive default applies. */
  csp?: McpUiResourceCsp
  /** A `<base href>` to put first in the view's document (where its relative assets are served). */
  base?: string
  hostInfo: Implementation
  hostCapabilities: McpUiHostCapabilities
  hostContext: McpUiHostContext
  /** How long the host takes to answer `ui/initialize`, in ms. */
  initializeDelayMs: number
  /** The mode the host answers to `ui/request-display-mode` until told otherwise (default: the current mode). */
  displayModeAnswer?: McpUiDisplayMode
}

/** `window.__mcpConformanceScriptedHost`: the scripted host, driven from Node. */
export interface ScriptedHostApi {
  start(config: ScriptedHostConfig): void
  post(message: unknown): void
  request(method: string, params?: Record<string, unknown>): number
  notify(method: string, params?: Record<string, unknown>): void
  /** The mode to answer to the following `ui/request-display-mode` requests. */
  answerDisplayMode(mode: McpUiDisplayMode): void
  /** Adds a sibling frame (an attacker page on another origin). */
  addFrame(url: string): void
}

/** What the host page's runtime passes to the adapter (besides the DOM container and the server). */
export interface RuntimeMountConfig {
  session: string
  resource: { uri: string; html: string; csp?: McpUiResourceCsp }
  capabilities: McpUiHostCapabilities
  hostContext: McpUiHostContext
  sandboxOrigin: string
  adapterOptions?: unknown
}

/** What a hook call (or the mount) came to: done, or refused by the host at the call site. */
export type HookOutcome = { ok: true } | { ok: false; error: string }

export type HookName = 'setHostContext' | 'sendToolInputPartial' | 'sendToolInput' | 'sendToolResult' | 'sendToolCancelled' | 'teardown'

/** A frame the host page's runtime adds: a page of another origin, or an opaque srcdoc frame like a view's. */
export interface AddedFrame {
  /** The frame's name, by which the driver finds it. */
  name: string
  url?: string
  srcdoc?: string
  /** The `sandbox` attribute, when set. */
  sandbox?: string
}

/** `window.__mcpConformanceHost`: the host page's runtime around the adapter, driven from Node. */
export interface HostRuntimeApi {
  mount(config: RuntimeMountConfig): Promise<HookOutcome>
  hook(name: HookName, arg: unknown): Promise<HookOutcome>
  /** Adds a sibling frame (an attacker) next to the host's container. */
  addFrame(frame: AddedFrame): void
  /** How many messages the host window received from frames added with `addFrame`. */
  fromAddedFrames(): number
  /** The adapter's name and declared NOT APPLICABLE requirements (`undefined` without an adapter). */
  adapter(): { name: string; notApplicable: Record<string, string> } | undefined
}

export const VIEW_GLOBAL = '__mcpConformanceView'
export const VIEW_CONFIG_GLOBAL = '__mcpConformanceViewConfig'
export const SCRIPTED_HOST_GLOBAL = '__mcpConformanceScriptedHost'
export const RUNTIME_GLOBAL = '__mcpConformanceHost'
/** Where an esbuild-bundled adapter module leaves its exports. */
export const ADAPTER_GLOBAL = '__mcpConformanceAdapter'
