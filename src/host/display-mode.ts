/**
 * Showing a view in the display mode it was granted: `inline` in the conversation, `fullscreen`
 * over the whole window, `pip` as a floating panel. The frame also carries
 * `data-display-mode="…"`, so a host can restyle each mode with its own CSS (a rule with
 * `!important` beats these inline styles) or pass its own function to `mountApp` instead.
 */
import type { McpUiDisplayMode } from '../protocol/index.js'

const OVERLAY = 'position:fixed;z-index:2147483000;max-width:none;background:Canvas;'
const MODE_CSS: Record<McpUiDisplayMode, string> = {
  inline: '',
  fullscreen: `${OVERLAY}inset:0;width:100vw;height:100vh`,
  pip: `${OVERLAY}right:16px;bottom:16px;width:min(420px,100vw - 32px);height:min(320px,100vh - 32px);box-shadow:0 8px 32px #0006;border-radius:8px`,
}

/**
 * Returns the function that puts `frame` into a mode. Leaving `inline` keeps the frame's inline
 * styles aside and returning restores them, so the size the view had in the conversation comes
 * back with it.
 */
export function createDisplayModeApplier(frame: HTMLElement): (mode: McpUiDisplayMode) => void {
  let inlineCss: string | undefined
  return (mode) => {
    frame.setAttribute('data-display-mode', mode)
    if (mode === 'inline') {
      if (inlineCss !== undefined) frame.style.cssText = inlineCss
      inlineCss = undefined
    } else {
      inlineCss ??= frame.style.cssText
      frame.style.cssText = `${inlineCss};${MODE_CSS[mode]}`
    }
  }
}
