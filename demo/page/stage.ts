/**
 * Where views are shown. Inline, a view sits in the conversation and grows to the height it
 * reports; fullscreen and picture-in-picture take it out of the flow (CSS only: moving an iframe
 * in the DOM would reload it) at a fixed size. Only one view may be out of the conversation at a
 * time, as in any chat host: taking a second one out sends the first back inline.
 */
import type { McpUiContainerDimensions, McpUiDisplayMode } from 'mcp-app-bridge/host'

/** The tallest an inline view may grow; beyond it the view scrolls inside. */
export const INLINE_MAX_HEIGHT = 720

export interface StagedView {
  /** Sends the view back to the conversation. */
  returnInline(): void
}

export class Stage {
  #outOfFlow: StagedView | undefined

  /** Records that `view` now shows in `mode`, returning any other out-of-flow view inline. */
  place(view: StagedView, mode: McpUiDisplayMode): void {
    if (mode === 'inline') {
      if (this.#outOfFlow === view) this.#outOfFlow = undefined
      return
    }
    const previous = this.#outOfFlow
    this.#outOfFlow = view
    if (previous && previous !== view) previous.returnInline()
  }

  remove(view: StagedView): void {
    if (this.#outOfFlow === view) this.#outOfFlow = undefined
  }
}

/**
 * The sizing contract for a mode (spec: `width`/`height` fixed, `maxHeight` flexible). Inline the
 * width follows the conversation column and the height is the view's to choose; out of flow,
 * both are fixed by the host's frame.
 */
export function containerDimensions(mode: McpUiDisplayMode, slot: HTMLElement, frame: HTMLElement): McpUiContainerDimensions {
  if (mode === 'inline') return { width: Math.round(slot.clientWidth), maxHeight: INLINE_MAX_HEIGHT }
  const box = frame.getBoundingClientRect()
  return { width: Math.round(box.width), height: Math.round(box.height) }
}
