/**
 * The host's look, as the standard MCP Apps style variables. The page paints itself with the
 * same variables it sends to views, so an app that uses them looks native in either theme.
 * Colours are `light-dark()` pairs (spec: hosts SHOULD), resolved by `color-scheme`.
 */
import type { McpUiStyles } from 'mcp-app-bridge/protocol'

export interface Palette {
  id: string
  label: string
  /** `undefined`: the host sends no variables and views fall back to their own defaults. */
  variables: McpUiStyles | undefined
}

const pair = (light: string, dark: string) => `light-dark(${light}, ${dark})`

const SHARED: McpUiStyles = {
  '--font-mono': "ui-monospace, 'SF Mono', 'JetBrains Mono', Menlo, Consolas, monospace",
  '--font-weight-normal': '400',
  '--font-weight-medium': '500',
  '--font-weight-semibold': '600',
  '--font-weight-bold': '700',
  '--font-text-xs-size': '12px',
  '--font-text-sm-size': '13px',
  '--font-text-md-size': '14px',
  '--font-text-lg-size': '16px',
  '--font-text-md-line-height': '1.5',
  '--font-heading-sm-size': '16px',
  '--font-heading-md-size': '20px',
  '--font-heading-lg-size': '24px',
  '--font-heading-xl-size': '28px',
  '--font-heading-sm-line-height': '1.3',
  '--border-width-regular': '1px',
}

const graphite: McpUiStyles = {
  ...SHARED,
  '--color-background-primary': pair('#ffffff', '#17171a'),
  '--color-background-secondary': pair('#f5f5f6', '#202024'),
  '--color-background-tertiary': pair('#ebebee', '#2a2a2f'),
  '--color-background-inverse': pair('#18181b', '#f4f4f5'),
  '--color-background-info': pair('#eef4ff', '#16213d'),
  '--color-background-danger': pair('#fdf0f0', '#3a1517'),
  '--color-background-success': pair('#effaf3', '#12291b'),
  '--color-text-primary': pair('#18181b', '#f2f2f4'),
  '--color-text-secondary': pair('#55555e', '#a3a3ad'),
  '--color-text-tertiary': pair('#7a7a85', '#80808b'),
  '--color-text-inverse': pair('#ffffff', '#111114'),
  '--color-text-info': pair('#2552d0', '#8ab4ff'),
  '--color-text-danger': pair('#bf2a2a', '#ff8a80'),
  '--color-text-success': pair('#177a3c', '#5fd38d'),
  '--color-border-primary': pair('#e6e6ea', '#2f2f35'),
  '--color-border-secondary': pair('#d5d5db', '#404048'),
  '--color-ring-primary': pair('#2f62e6', '#6d9bff'),
  '--font-sans': "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  '--border-radius-sm': '6px',
  '--border-radius-md': '8px',
  '--border-radius-lg': '12px',
  '--border-radius-xl': '16px',
  '--border-radius-full': '999px',
  '--shadow-sm': '0 1px 2px rgb(0 0 0 / 0.06), 0 1px 3px rgb(0 0 0 / 0.04)',
  '--shadow-md': '0 4px 12px rgb(0 0 0 / 0.08)',
  '--shadow-lg': '0 18px 48px rgb(0 0 0 / 0.18)',
}

const paper: McpUiStyles = {
  ...SHARED,
  '--color-background-primary': pair('#fffdf8', '#1d1a16'),
  '--color-background-secondary': pair('#f6f1e7', '#26221c'),
  '--color-background-tertiary': pair('#ece4d4', '#312b23'),
  '--color-background-inverse': pair('#2b2620', '#f6f1e7'),
  '--color-background-info': pair('#eaf3ec', '#1b2a20'),
  '--color-background-danger': pair('#fbeeea', '#3a1c16'),
  '--color-background-success': pair('#eaf3ec', '#1b2a20'),
  '--color-text-primary': pair('#2b2620', '#f3ede2'),
  '--color-text-secondary': pair('#6b6255', '#b6ab99'),
  '--color-text-tertiary': pair('#8d8372', '#918672'),
  '--color-text-inverse': pair('#fffdf8', '#1d1a16'),
  '--color-text-info': pair('#2f6b45', '#8fd1a6'),
  '--color-text-danger': pair('#a8391f', '#ff9b80'),
  '--color-text-success': pair('#2f6b45', '#8fd1a6'),
  '--color-border-primary': pair('#e7dfcf', '#3a3329'),
  '--color-border-secondary': pair('#d6cab4', '#4a4134'),
  '--color-ring-primary': pair('#2f7a4f', '#7fcf9c'),
  '--font-sans': "'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, serif",
  '--border-radius-sm': '3px',
  '--border-radius-md': '4px',
  '--border-radius-lg': '6px',
  '--border-radius-xl': '8px',
  '--border-radius-full': '999px',
  '--shadow-sm': '0 1px 0 rgb(60 40 10 / 0.08)',
  '--shadow-md': '0 3px 10px rgb(60 40 10 / 0.10)',
  '--shadow-lg': '0 16px 40px rgb(30 20 5 / 0.22)',
}

export const PALETTES: Palette[] = [
  { id: 'graphite', label: 'Graphite', variables: graphite },
  { id: 'paper', label: 'Paper', variables: paper },
  { id: 'none', label: 'No host styles', variables: undefined },
]

/** The page itself always needs a palette; with "no host styles" it keeps the default one. */
export function pagePalette(palette: Palette): McpUiStyles {
  return palette.variables ?? graphite
}
