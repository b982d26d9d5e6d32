/**
 * Showing a view in the display mode it was granted: `inline` in the conversation, `fullscreen`
 * over the whole window, `pip` as a floating panel, both in the top layer where the browser has
 * one (a manual popover: no ancestor's transform or containment can trap them). The frame also carries
 * `data-display-mode="…"`, so a host can restyle each mode with its own CSS (a rule with
 * `!important` beats these inline styles) or pass its own function to `mountApp` instead.
 */
import type { McpUiDisplayMode } from '../protocol/index.js'

// `padding:0`, and `inset:auto;margin:0` for pip, undo the popover defaults of the top layer (see below).
const OVERLAY = 'position:fixed;z-index:2147483000;max-width:none;background:Canvas;padding:0;'
const MODE_CSS: Record<McpUiDisplayMode, string> = {
  inline: '',
  fullscreen: `${OVERLAY}inset:0;width:100vw;height:100vh`,
  pip: `${OVERLAY}inset:auto;margin:0;right:16px;bottom:16px;width:min(420px,100vw - 32px);height:min(320px,100vh - 32px);box-shadow:0 8px 32px #0006;border-radius:8px`,
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
    // Out of the top layer (an open popover closes when it stops being one); back below if the mode wants it.
    frame.removeAttribute('popover')
    if (mode === 'inline') {
      if (inlineCss !== undefined) frame.style.cssText = inlineCss
      inlineCss = undefined
    } else {
      inlineCss ??= frame.style.cssText
      frame.style.cssText = `${inlineCss};${MODE_CSS[mode]}`
      // Out of the conversation, in the top layer where the browser has one: `position: fixed`
      // alone is placed against a message row that transforms or contains its content (a
      // virtualised list, `content-visibility`), and moving the frame out would reload it.
      if (frame.showPopover && frame.isConnected) {
        frame.popover = 'manual'
        frame.showPopover()
      }
    }
  }
}
