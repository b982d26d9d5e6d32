/**
 * The host's user-facing settings: theme, palette and locale. They feed both the page's own
 * look and the host context every view receives, and survive a reload.
 */
import type { McpUiHostContext, McpUiTheme } from 'mcp-app-bridge/host'
import { PALETTES, pagePalette, type Palette } from './palettes.js'

export interface HostSettings {
  theme: McpUiTheme
  palette: Palette
  locale: string
}

export const LOCALES: Array<[tag: string, label: string]> = [
  ['en-US', 'English (US)'],
  ['en-GB', 'English (UK)'],
  ['fr-FR', 'Français'],
  ['de-DE', 'Deutsch'],
  ['ja-JP', '日本語'],
]

const STORAGE_KEY = 'mcp-app-bridge-demo:settings'

export function loadSettings(): HostSettings {
  const saved = readSaved()
  const prefersDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches
  const theme: McpUiTheme = saved.theme === 'dark' || saved.theme === 'light' ? saved.theme : prefersDark ? 'dark' : 'light'
  const palette = PALETTES.find((candidate) => candidate.id === saved.palette) ?? PALETTES[0]!
  const locale = LOCALES.some(([tag]) => tag === saved.locale) ? saved.locale! : LOCALES.find(([tag]) => tag === navigator.language)?.[0] ?? 'en-US'
  return { theme, palette, locale }
}

export function saveSettings(settings: HostSettings): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ theme: settings.theme, palette: settings.palette.id, locale: settings.locale }))
  } catch {
    // Private mode or disabled storage: settings just do not persist.
  }
}

/** The part of the host context the settings decide. */
export function settingsContext(settings: HostSettings): McpUiHostContext {
  return {
    theme: settings.theme,
    // `{}` rather than leaving `styles` out: a key the host drops is never sent, so live views
    // would keep the previous palette; an empty `styles` makes them remove its variables.
    styles: settings.palette.variables ? { variables: settings.palette.variables } : {},
    locale: settings.locale,
  }
}

/** Paints the page itself with the same variables the views receive. */
export function applySettingsToPage(settings: HostSettings): void {
  const root = document.documentElement
  root.dataset.theme = settings.theme
  root.style.colorScheme = settings.theme
  root.lang = settings.locale
  for (const [name, value] of Object.entries(pagePalette(settings.palette) as Record<string, string | undefined>)) if (value) root.style.setProperty(name, value)
}

function readSaved(): Partial<{ theme: string; palette: string; locale: string }> {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}')
    return typeof value === 'object' && value ? value : {}
  } catch {
    return {}
  }
}
