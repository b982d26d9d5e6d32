/**
 * Showing a view in the display mode it was granted: `inline` in the conversation, `fullscreen`
 * over the whole window, `pip` as a floating panel, both in the top layer where the browser has
 * one (a manual popover: no ancestor's transform or containment can trap them). The frame also carries
 * `data-display-mode="…"`, so a host can restyle each mode with its own CSS (a rule with
 * `!important` beats these inline styles) or pass its own function to `mountApp` instead.
 *
 * Out of the conversation, the view covers what the host shows; given `onExit`, the host keeps
 * its own way back above it: a bar (`[data-mcp-app-bar]`) along the frame's top, outside the
 * frame (so no control of the view lies under it), holding a button (`button[data-mcp-app-exit]`),
 * and Escape in the host's document for fullscreen. A view cannot hide them, and cannot keep the
 * user in a full-window page that imitates the host. Fullscreen is modal: the page under
 * it is `inert` (no focus, no reading there), and focus left in the page moves to that button
 * (never into the view: a view cannot take the keyboard by asking), and back when it ends. Asked
 * for while the host has a modal dialog open, a mode waits below the dialog until that closes; a
 * dialog opened over fullscreen goes above it.
 */
import type { McpUiDisplayMode } from '../protocol/index.js'

// `margin:0;padding:0` and pip's `inset:auto` undo the popover defaults of the top layer (see below).
// An outline in transparent colour is what forced-colours mode draws where shadows are dropped.
// Inline has no entry here or in ROOM_CSS: it restores the frame's own style instead.
const OVERLAY = 'position:fixed;z-index:2147483000;max-width:none;background:Canvas;margin:0;padding:0;outline:1px solid transparent;'
const MODE_CSS: Record<Exclude<McpUiDisplayMode, 'inline'>, string> = {
  // `100%` of the viewport leaves the page's scrollbar uncovered (`100vw` does not) and follows the
  // small viewport on phones; the padding keeps the view out of a notch or a rounded corner.
  fullscreen: `${OVERLAY}inset:0;width:100%;height:100%;box-sizing:border-box;padding:env(safe-area-inset-top) env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left)`,
  // At most half the viewport's height: beside a floating view the page stays in use, at 400% zoom or on a phone held sideways too.
  pip: `${OVERLAY}inset:auto;right:16px;bottom:16px;width:min(420px,100vw - 32px);height:min(320px,50vh);box-shadow:0 8px 32px #0006;border-radius:8px`,
}
/**
 * With a way back, the frame is moved down to make room for the host's bar above it (48px in
 * fullscreen, below a notch; 40px in pip). Moved, not given a border or padding: testing tools
 * (Playwright) misplace clicks in an out-of-process frame with either.
 */
const ROOM_CSS: Record<Exclude<McpUiDisplayMode, 'inline'>, string> = {
  fullscreen: ';top:calc(48px + env(safe-area-inset-top));height:calc(100% - 48px - env(safe-area-inset-top));padding-top:0',
  pip: ';height:calc(min(320px,50vh) - 40px);border-radius:0 0 8px 8px',
}
// Fixed above the frame (see `place`), the button at its end (the left in a right-to-left page), clear of a notch.
// The outline is what forced-colours mode draws where the shadow is dropped.
const BAR_CSS = 'position:fixed;inset:auto;z-index:2147483001;box-sizing:border-box;display:grid;place-items:center end;border:0;background:Canvas;outline:1px solid transparent;padding:0 calc(8px + env(safe-area-inset-right)) 0 calc(8px + env(safe-area-inset-left));'
const EXIT_CSS = 'width:32px;height:32px;padding:0;border:0;border-radius:50%;background:#000b;color:#fff;font:18px/32px system-ui;cursor:pointer'

/** Options of {@link createDisplayModeApplier}. */
export interface DisplayModeApplierOptions {
  /**
   * Called when the user asks, through the host's own control, to bring the view back inline
   * (`mountApp` sets `displayMode: 'inline'`). Without it no control is shown.
   */
  onExit?: () => void
  /** Accessible name (and tooltip) of that control; default `Back to the conversation`. */
  exitLabel?: string
}

/**
 * Returns the function that puts `frame` into a mode. Leaving `inline` keeps the frame's inline
 * styles aside and returning restores them, so the size the view had in the conversation comes
 * back with it. One view per page is out of the conversation: another one leaving it sends this
 * one back inline first (through `onExit`, so that its view is told).
 */
export function createDisplayModeApplier(frame: HTMLElement, options: DisplayModeApplierOptions = {}): (mode: McpUiDisplayMode) => void {
  let inlineCss: string | undefined
  let release: (() => void) | undefined
  /** Where the page's focus was before fullscreen took it, kept while a dialog answered over it puts fullscreen back. */
  let returnTo: Element | null | undefined
  const exit = options.onExit && createExitControl(frame, options.onExit, options.exitLabel ?? 'Back to the conversation')
  const leave = () => (options.onExit ? options.onExit() : apply('inline'))
  const apply = (mode: McpUiDisplayMode): void => {
    const doc = frame.ownerDocument
    frame.setAttribute('data-display-mode', mode)
    // Out of the top layer (an open popover closes when it stops being one); back below if the mode wants it.
    frame.removeAttribute('popover')
    exit?.hide()
    release?.()
    release = undefined
    if (mode === 'inline') {
      if (inlineCss !== undefined) frame.style.cssText = inlineCss
      inlineCss = returnTo = undefined
      return
    }
    inlineCss ??= frame.style.cssText
    frame.style.cssText = `${inlineCss};${MODE_CSS[mode]}${exit ? ROOM_CSS[mode] : ''}`
    const before = outOfConversation.get(doc)
    if (before && before !== leave) before()
    outOfConversation.set(doc, leave)
    const undo: Array<() => unknown> = [() => outOfConversation.get(doc) === leave && outOfConversation.delete(doc)]
    release = () => undo.forEach((step) => step())
    // A modal dialog the host has open (a consent, say) stays above: the view must not cover
    // what the user is answering, nor take the focus from it.
    const modal = openModal(doc)
    // Out of the conversation, in the top layer where the browser has one: `position: fixed`
    // alone is placed against a message row that transforms or contains its content (a
    // virtualised list, `content-visibility`), and moving the frame out would reload it.
    if (!modal) showOnTop(frame)
    // After the frame, so that it is above it in the top layer (below the dialog with it).
    exit?.show(mode, !modal)
    // Fullscreen is modal, so the page is watched: a dialog the host opens goes above the view (the
    // view waits below it), and a row the conversation adds meanwhile is inert too.
    const inert = mode === 'fullscreen' && !modal ? makeOthersInert(frame, exit?.bar) : undefined
    const check = () => {
      // Once the user has answered (the dialog closed, or left the page), the view takes its
      // place: on top, and for fullscreen modal, as if it had been asked for then.
      if (modal ? openModal(doc) !== modal : openModal(doc)) apply(mode)
      else inert?.more()
    }
    const watcher = new (doc.defaultView ?? globalThis).MutationObserver(check)
    if (modal || inert) watcher.observe(doc, { childList: true, subtree: true, attributes: true, attributeFilter: ['open'] })
    // A dialog in a shadow root closes where the watcher does not see.
    modal?.addEventListener('close', check)
    undo.push(() => {
      watcher.disconnect()
      modal?.removeEventListener('close', check)
    })
    if (!inert) return
    undo.push(inert.free)
    // Focus left in the page, now inert, goes to the host's way back, not into the view: a view
    // must not be able to take the keyboard (what the user types into the composer) by asking for
    // fullscreen. Leaving, it returns where it was, unless the user took it into the view.
    const previous = doc.activeElement
    if (previous === frame || !exit) return
    // Put back after a dialog, the page's focus is on the body (the button went): the first place counts.
    if (previous !== doc.body) returnTo = previous
    exit.button.focus()
    undo.push(() => {
      const now = doc.activeElement
      if (!now || now === doc.body || now === exit.button) ((returnTo as HTMLElement | undefined)?.isConnected ? (returnTo as HTMLElement) : frame).focus()
    })
  }
  return apply
}

/** Per page, how to send the view that is out of the conversation back into it. */
const outOfConversation = new WeakMap<Document, () => void>()

function showOnTop(element: HTMLElement): void {
  if (element.showPopover && element.isConnected) {
    element.popover = 'manual'
    element.showPopover()
  }
}

/** The modal dialog open in the page: in the document, or where the focus is inside shadow roots (none: null or undefined). */
function openModal(doc: Document): Element | null | undefined {
  try {
    let focused = doc.activeElement
    while (focused?.shadowRoot?.activeElement) focused = focused.shadowRoot.activeElement
    // `dialog:modal`, not `:modal`: a page in the browser's fullscreen (Fullscreen API) is no dialog.
    return doc.querySelector('dialog:modal') ?? focused?.closest('dialog:modal')
  } catch {
    return undefined // a browser without `:modal` has no modal dialogs either (or cannot tell)
  }
}

/**
 * Makes everything in the page `inert` but `frame` and the host's bar (each ancestor's other
 * children): `more()` does it again for what was added since, `free()` frees only what was not
 * inert before.
 */
function makeOthersInert(frame: HTMLElement, bar: HTMLElement | undefined) {
  const made: HTMLElement[] = []
  const more = () => {
    let node: Element | undefined = frame
    for (let parent = node.parentNode; node && parent && parent.nodeType !== 9; parent = node.parentNode) {
      for (const sibling of (parent as ParentNode).children as Iterable<HTMLElement>) {
        if (sibling === node || sibling === bar || sibling.inert !== false) continue
        sibling.inert = true
        made.push(sibling)
      }
      // Out of a shadow root, on to its host and the host's siblings.
      node = parent.nodeType === 11 ? (parent as ShadowRoot).host : (parent as Element)
    }
  }
  more()
  return {
    more,
    free() {
      for (const element of made) element.inert = false
    },
  }
}

/** The host's bar above a frame out of the conversation, with its button at the right end. */
function createExitControl(frame: HTMLElement, onExit: () => void, label: string) {
  const doc = frame.ownerDocument
  const win = doc.defaultView
  const bar = doc.createElement('div')
  bar.setAttribute('data-mcp-app-bar', '')
  const button = doc.createElement('button')
  button.type = 'button'
  button.textContent = '✕'
  button.title = label
  button.setAttribute('aria-label', label)
  button.setAttribute('data-mcp-app-exit', '')
  button.style.cssText = EXIT_CSS
  bar.append(button)
  const exit = () => {
    // Focus on the button would fall to the page's body when it goes: where it was before
    // fullscreen (see above), else the view.
    const focused = doc.activeElement === button
    onExit()
    if (focused && (!doc.activeElement || doc.activeElement === doc.body)) frame.focus()
  }
  button.onclick = exit
  const place = () => {
    // Fullscreen's bar is the window's top, over a notch, wherever a host's stylesheet put the
    // frame. Pip's is on its frame, in CSS pixels (a page scaled with `zoom` measures its boxes
    // zoomed), and inside the window: a frame a stylesheet moved to the top then lies under it.
    const zoom = (bar as { currentCSSZoom?: number }).currentCSSZoom || 1
    const { left, top, width } = frame.getBoundingClientRect()
    bar.style.cssText = `${BAR_CSS}${fullscreen ? 'top:0;left:0;width:100%;height:calc(48px + env(safe-area-inset-top));padding-top:env(safe-area-inset-top)' : `left:${left / zoom}px;width:${width / zoom}px;top:${Math.max(0, top / zoom - 40)}px;height:40px;border-radius:8px 8px 0 0;box-shadow:0 -6px 24px -6px #0006`}`
  }
  // A scrollbar that comes or goes moves pip's frame without resizing the window.
  const resized = win?.ResizeObserver && new win.ResizeObserver(place)
  // Only over the whole window: in pip the host's page is in use, and its Escape belongs to it.
  const onKey = (event: KeyboardEvent) => event.key === 'Escape' && !event.defaultPrevented && exit()
  let fullscreen = false
  return {
    bar,
    button,
    show(mode: Exclude<McpUiDisplayMode, 'inline'>, onTop: boolean) {
      // A frame out of the document has nowhere to put the bar.
      if (!frame.isConnected) return
      fullscreen = mode === 'fullscreen'
      frame.after(bar)
      place()
      if (onTop) showOnTop(bar)
      win?.addEventListener('resize', place)
      resized?.observe(doc.documentElement)
      // Not while below a dialog: its Escape is the dialog's.
      if (fullscreen && onTop) doc.addEventListener('keydown', onKey)
    },
    hide() {
      win?.removeEventListener('resize', place)
      resized?.disconnect()
      doc.removeEventListener('keydown', onKey)
      bar.removeAttribute('popover')
      bar.remove()
    },
  }
}
