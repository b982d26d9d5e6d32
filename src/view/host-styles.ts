/**
 * Helpers that apply the host's look (`hostContext.theme` and `hostContext.styles`) to the
 * document: the theme, the CSS variables, the host's fonts. Each helper replaces what it applied
 * before, so calling it again with the next context is always right (values that disappeared are
 * removed, fonts are replaced, not injected once).
 */
import type { McpUiHostContext, McpUiStyles, McpUiTheme } from '../protocol/index.js'

/**
 * Sets `data-theme` and `color-scheme` on `root` (so `light-dark()` follows the host), or removes
 * both when `theme` is neither `light` nor `dark`.
 */
export function applyDocumentTheme(theme: McpUiTheme | undefined, root: HTMLElement = document.documentElement): void {
  if (theme === 'light' || theme === 'dark') {
    root.setAttribute('data-theme', theme)
    root.style.colorScheme = theme
  } else {
    root.removeAttribute('data-theme')
    root.style.removeProperty('color-scheme')
  }
}

/** The variables each root got from us, so that the ones that disappear can be removed. */
const appliedVariables = new WeakMap<HTMLElement, string[]>()

/**
 * Sets the host's CSS variables on `root` as inline custom properties and removes the ones set by
 * an earlier call that are gone now. Only custom properties (`--name`) with string values are
 * applied: anything else could restyle the app itself. A value holding `;`, `{` or `}` is skipped
 * too, so a value can never end its declaration and start another one, whatever the DOM.
 */
export function applyHostStyleVariables(variables: McpUiStyles | undefined, root: HTMLElement = document.documentElement): void {
  const applied: string[] = []
  for (const [name, value] of Object.entries(variables ?? {})) {
    if (/^--[\w-]+$/.test(name) && typeof value === 'string' && !/[;{}]/.test(value)) {
      root.style.setProperty(name, value)
      applied.push(name)
    }
  }
  for (const name of appliedVariables.get(root) ?? []) if (!applied.includes(name)) root.style.removeProperty(name)
  appliedVariables.set(root, applied)
}

/** The one `<style>` element holding each document's host fonts. */
const fontStyles = new WeakMap<Document, HTMLStyleElement>()

/**
 * Puts the host's font CSS (`@font-face` / `@import` rules, trusted as the host's own) into one
 * `<style>` element of `doc`, replacing its text when the fonts change and removing it when they
 * are gone. The text is set as `textContent`, never parsed as HTML.
 */
export function applyHostFonts(css: string | undefined, doc: Document = document): void {
  let style = fontStyles.get(doc)
  if (typeof css !== 'string' || !css) {
    style?.remove()
    return
  }
  if (!style) fontStyles.set(doc, (style = doc.createElement('style')))
  if (style.textContent !== css) style.textContent = css
  if (!style.isConnected) (doc.head ?? doc.documentElement).append(style)
}

/** What {@link applyHostStyles} needs of a bridge. */
export interface HostContextSource {
  readonly hostContext: McpUiHostContext
  on(event: 'hostcontextchanged', listener: (context: McpUiHostContext, changed: string[]) => void): () => void
}

/**
 * Applies the host's theme, variables and fonts to `root` and its document now and after every
 * context change. Returns the function that stops following and removes what was applied.
 */
export function applyHostStyles(bridge: HostContextSource, root: HTMLElement = document.documentElement): () => void {
  const apply = (context: McpUiHostContext, changed: string[]) => {
    if (changed.includes('theme')) applyDocumentTheme(context.theme, root)
    if (changed.includes('styles')) {
      applyHostStyleVariables(context.styles?.variables, root)
      applyHostFonts(context.styles?.css?.fonts, root.ownerDocument)
    }
  }
  apply(bridge.hostContext, Object.keys(bridge.hostContext))
  const off = bridge.on('hostcontextchanged', apply)
  return () => {
    off()
    apply({}, bridge.hostContext.theme ? ['theme', 'styles'] : ['styles'])
  }
}
