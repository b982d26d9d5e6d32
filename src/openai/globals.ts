/**
 * The `window.openai` globals of the OpenAI Apps SDK, and how each one is read from an MCP Apps
 * host context. Tool data (`toolInput`, `toolOutput`, `toolResponseMetadata`) and `widgetState`
 * come from the tool notifications and the app itself (`shim.ts`).
 */
import type { McpUiDisplayMode, McpUiHostContext } from '../protocol/index.js'

export type OpenAiDeviceType = 'mobile' | 'tablet' | 'desktop' | 'unknown'

export interface OpenAiGlobals {
  theme: 'light' | 'dark'
  /** BCP 47 locale (`en-US` when the host gives none). */
  locale: string
  displayMode: McpUiDisplayMode
  /** The host's `containerDimensions.maxHeight` (or its fixed `height`); `undefined` when unbounded. */
  maxHeight: number | undefined
  safeArea: { insets: { top: number; right: number; bottom: number; left: number } }
  /** `device.type` from the host's `platform` (`mobile`, else `desktop`; `unknown` without one). */
  userAgent: { device: { type: OpenAiDeviceType }; capabilities: { hover: boolean; touch: boolean } }
  /**
   * The view ChatGPT shows: its mode (ChatGPT's own `modal` never happens here: `requestModal` is
   * not supported) and the params a modal was opened with (never here). Always an object, as in
   * ChatGPT: hooks read `view.mode` without a check.
   */
  view: { mode: McpUiDisplayMode; params?: Record<string, unknown> }
  /** The tool's arguments (`{}` until they arrive). */
  toolInput: Record<string, unknown>
  /** The tool result's `structuredContent`. */
  toolOutput: Record<string, unknown> | null
  /** The tool result's `_meta` (for the widget, never for the model). */
  toolResponseMetadata: Record<string, unknown> | null
  /** The state the app last set, or the state the host restored. */
  widgetState: unknown
}

/** The globals a host context determines. */
export function contextGlobals(context: McpUiHostContext): Pick<OpenAiGlobals, 'theme' | 'locale' | 'displayMode' | 'maxHeight' | 'safeArea' | 'userAgent' | 'view'> {
  const { containerDimensions: box, platform, deviceCapabilities: device } = context
  const displayMode = context.displayMode ?? 'inline'
  return {
    theme: context.theme ?? 'light',
    locale: context.locale ?? 'en-US',
    displayMode,
    view: { mode: displayMode },
    maxHeight: box?.maxHeight ?? box?.height,
    safeArea: { insets: { top: 0, right: 0, bottom: 0, left: 0, ...context.safeAreaInsets } },
    userAgent: {
      device: { type: platform === 'mobile' ? 'mobile' : platform ? 'desktop' : 'unknown' },
      capabilities: { hover: device?.hover ?? true, touch: device?.touch ?? false },
    },
  }
}
