/**
 * Applies the host's look to the document: theme, style variables, fonts, language, and the
 * display mode as `data-display-mode` on `<html>` so CSS can lay the app out for it.
 *
 * The host sends `theme` and, optionally, any subset of the 76 standard CSS variables (colours
 * often as `light-dark()` pairs, which only resolve once `color-scheme` matches the theme). The
 * app's CSS reads each variable with a fallback, so it looks right with any subset, or none.
 *
 * Kept in the examples until the view entry ships its own style helpers.
 */
import type { McpUiHostContext } from 'mcp-app-bridge/view'

const applied = new WeakMap<HTMLElement, Set<string>>()

export function applyHostStyles(context: McpUiHostContext, root: HTMLElement = document.documentElement): void {
  if (context.theme === 'light' || context.theme === 'dark') {
    root.dataset.theme = context.theme
    root.style.colorScheme = context.theme
  }
  if (context.locale) root.lang = context.locale
  root.dataset.displayMode = context.displayMode ?? 'inline'

  // Only standard custom properties, and remove the ones the host stopped sending, so a host
  // switching to a smaller palette does not leave stale colours behind.
  const variables = Object.entries(context.styles?.variables ?? {}).filter(
    (entry): entry is [string, string] => entry[0].startsWith('--') && typeof entry[1] === 'string',
  )
  const previous = applied.get(root) ?? new Set<string>()
  const current = new Set(variables.map(([name]) => name))
  for (const name of previous) if (!current.has(name)) root.style.removeProperty(name)
  for (const [name, value] of variables) root.style.setProperty(name, value)
  applied.set(root, current)

  const fonts = context.styles?.css?.fonts
  let style = document.getElementById('host-fonts')
  if (typeof fonts === 'string' && fonts) {
    style ??= document.head.appendChild(Object.assign(document.createElement('style'), { id: 'host-fonts' }))
    if (style.textContent !== fonts) style.textContent = fonts
  } else style?.remove()
}

/** The host's locale, else the browser's: format numbers and dates with it. */
export function hostLocale(context: McpUiHostContext): string {
  return context.locale || navigator.language || 'en-US'
}
