/**
 * Sizing a view's frame from its `size-changed` reports (spec "Container Dimensions": with
 * flexible dimensions the host MUST follow them).
 *
 * Height follows the view by default; width only ever narrows the frame (`max-width`), because a
 * view that reports its viewport width would otherwise pin the frame at its first width forever;
 * and a report as wide as the frame lifts the narrowing, so the frame follows its container again.
 * Each value is clamped to the host's limits and to `containerDimensions`, a fixed dimension wins
 * over any report, and a value equal to the one applied is not applied again: a view whose report
 * follows its own viewport settles after one round instead of looping, and one that keeps growing
 * stops at the maximum.
 */
import type { McpUiContainerDimensions, McpUiSizeChangedParams } from '../protocol/index.js'

export interface FrameSizeOptions {
  /** Follow the view's reported height (default `true`). */
  height?: boolean
  /** Use the view's reported width as the frame's `max-width` (default `false`). */
  width?: boolean
  /** Smallest height applied, in CSS px (default 0). */
  minHeight?: number
  /** Largest height applied, in CSS px (default 10 000; `containerDimensions.maxHeight` lowers it). */
  maxHeight?: number
  /** Largest width applied, in CSS px (`containerDimensions.maxWidth` lowers it). */
  maxWidth?: number
  /**
   * `mountApp`'s height for the frame until the view reports one, in CSS px (default 150, an
   * iframe's own), within the limits above. A view sized to its viewport (`100vh`, as the official
   * wiki explorer is) reports the height its frame has, so it keeps this one: a host that expects
   * such apps starts higher (the official example host starts at 600).
   */
  initialHeight?: number
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max)

/**
 * Returns the function that applies one size report to `frame`, within the current
 * `containerDimensions` of the host context: those it is given, else those `dimensions` gives.
 */
export function createFrameSizer(
  frame: HTMLElement,
  options: FrameSizeOptions = {},
  dimensions?: () => McpUiContainerDimensions | undefined,
): (size: McpUiSizeChangedParams, box?: McpUiContainerDimensions) => void {
  const style = frame.style
  return ({ width, height = parseFloat(style.height) }, given) => {
    const box = given ?? dimensions?.() ?? {}
    let next: string | undefined
    if (typeof box.height === 'number') next = `${box.height}px`
    // Without a reported height the current one is clamped again (limits that changed apply now).
    else if (options.height !== false && !Number.isNaN(height)) {
      next = `${Math.ceil(clamp(height, options.minHeight ?? 0, Math.min(options.maxHeight ?? 10_000, box.maxHeight ?? Infinity)))}px`
    }
    if (next && style.height !== next) style.height = next
    if (options.width && width !== undefined && typeof box.width !== 'number') {
      const limit = Math.min(options.maxWidth ?? Infinity, box.maxWidth ?? Infinity)
      // A report as wide as the frame is a view filling it (the official App reports its viewport's
      // width): only the limit applies then, or a frame once narrowed could never grow back.
      const fills = frame.clientWidth > 0 && width >= frame.clientWidth
      const max = fills ? (limit < Infinity ? `${limit}px` : '') : `${Math.ceil(clamp(width, 0, limit))}px`
      if (style.maxWidth !== max) style.maxWidth = max
    }
  }
}
