/** The top bar: which server the host is connected to, and the settings views receive. */
import type { Implementation } from 'mcp-app-bridge/host'
import { PALETTES } from './palettes.js'
import { LOCALES, type HostSettings } from './settings.js'

export function showServer(state: 'connected' | 'error' | 'closed', info: Implementation | undefined, server: { label: string; kind: string }, detail?: string): void {
  const status = document.getElementById('server-status')!
  status.dataset.connection = state
  const name = info ? `${info.title ?? info.name} ${info.version}` : 'MCP server'
  document.getElementById('server-name')!.textContent = state === 'connected' ? name : state === 'closed' ? `${name} · disconnected` : detail ?? 'Not connected'
  const badge = document.getElementById('server-kind')!
  badge.hidden = false
  badge.textContent = server.kind
  badge.title = server.kind === 'stdio' ? `Started with: ${server.label}` : server.label
}

/** Binds the theme, palette and locale controls; `onChange` gets the updated settings. */
export function bindSettings(settings: HostSettings, onChange: (settings: HostSettings) => void): void {
  const themeButtons = [...document.querySelectorAll<HTMLButtonElement>('#theme [data-theme]')]
  const palette = document.getElementById('palette') as HTMLSelectElement
  const locale = document.getElementById('locale') as HTMLSelectElement
  for (const { id, label } of PALETTES) palette.add(new Option(label, id))
  for (const [tag, label] of LOCALES) locale.add(new Option(label, tag))

  const render = () => {
    for (const button of themeButtons) button.setAttribute('aria-pressed', String(button.dataset.theme === settings.theme))
    palette.value = settings.palette.id
    locale.value = settings.locale
  }
  for (const button of themeButtons) {
    button.addEventListener('click', () => {
      settings.theme = button.dataset.theme === 'dark' ? 'dark' : 'light'
      render()
      onChange(settings)
    })
  }
  palette.addEventListener('change', () => {
    settings.palette = PALETTES.find((candidate) => candidate.id === palette.value) ?? settings.palette
    onChange(settings)
  })
  locale.addEventListener('change', () => {
    settings.locale = locale.value
    onChange(settings)
  })
  render()
}
