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
  const scheme = theme === 'light' || theme === 'dark' ? theme : ''
  root.style.colorScheme = scheme // '' removes the declaration
  if (scheme) root.dataset.theme = scheme
  else delete root.dataset.theme
}

/**
 * What each root and document got from us: the variable names set on a root (so that the ones
 * that disappear can be removed), the one `<style>` element holding a document's fonts.
 */
const applied = new WeakMap<object, string[] | HTMLStyleElement>()

/**
 * Sets the host's CSS variables on `root` as inline custom properties and removes the ones set by
 * an earlier call that are gone now. Only custom properties (`--name`) with string values are
 * applied: anything else could restyle the app itself. A value holding `;`, `{` or `}` is skipped
 * too, so a value can never end its declaration and start another one, whatever the DOM.
 */
export function applyHostStyleVariables(variables: McpUiStyles | undefined, root: HTMLElement = document.documentElement): void {
  const values = (variables ?? {}) as Record<string, unknown>
  const names = Object.keys(values).filter((name) => /^--[\w-]+$/.test(name) && typeof values[name] === 'string' && !/[;{}]/.test(values[name]))
  for (const name of (applied.get(root) as string[] | undefined) ?? []) if (!names.includes(name)) root.style.removeProperty(name)
  for (const name of names) root.style.setProperty(name, values[name] as string)
  applied.set(root, names)
}

/**
 * Puts the host's font CSS (`@font-face` / `@import` rules, trusted as the host's own) into one
 * `<style>` element of `doc`, replacing its text when the fonts change and removing it when they
 * are gone. The text is set as `textContent`, never parsed as HTML.
 */
export function applyHostFonts(css: string | undefined, doc: Document = document): void {
  let style = applied.get(doc) as HTMLStyleElement | undefined
  if (typeof css !== 'string' || !css) return style?.remove()
  if (!style) applied.set(doc, (style = doc.createElement('style')))
  if (style.textContent !== css) style.textContent = css
  if (!style.isConnected) (doc.head ?? doc.documentElement).append(style)
}

/** What {@link applyHostStyles} needs of a bridge. */
export interface HostContextSource {
  readonly hostContext: McpUiHostContext
  on(event: 'hostcontextchanged', listener: (context: McpUiHostContext, changed: string[]) => void): () => void
}

/**
 * The {@link applyHostStyles} calls following each root and each document: what calls share (a
 * document's fonts, a root's theme and variables) is removed only when the last of them is undone.
 */
const followers = new WeakMap<object, unknown[]>()

/**
 * Applies the host's theme, variables and fonts to `root` and its document now and after every
 * context change. Returns the function that stops following and removes what was applied, unless
 * another call still follows the same root (theme, variables) or document (fonts): one call per
 * component (a page and a dialog on its own root, or one root from two components) is safe.
 */
export function applyHostStyles(bridge: HostContextSource, root: HTMLElement = document.documentElement): () => void {
  const doc = root.ownerDocument
  const apply = (context: McpUiHostContext, changed: string[]) => {
    if (changed.includes('theme')) applyDocumentTheme(context.theme, root)
    if (changed.includes('styles')) {
      applyHostStyleVariables(context.styles?.variables, root)
      applyHostFonts(context.styles?.css?.fonts, doc)
    }
  }
  apply(bridge.hostContext, Object.keys(bridge.hostContext))
  const off = bridge.on('hostcontextchanged', apply)
  for (const key of [root, doc]) followers.set(key, (followers.get(key) ?? []).concat(off))
  // Takes this call out of `key`'s followers (at most once); returns how many others follow.
  const leave = (key: object) => followers.set(key, followers.get(key)!.filter((other) => other !== off)).get(key)!.length
  return () => {
    off()
    if (!leave(root)) {
      if (bridge.hostContext.theme) applyDocumentTheme(undefined, root)
      applyHostStyleVariables(undefined, root)
    }
    if (!leave(doc)) applyHostFonts(undefined, doc)
  }
}
