/**
 * Metrics chart: renders the data its tool returned.
 *
 * The recommended shape of an MCP App with mcp-app-bridge:
 * 1. create the `ViewBridge`, declaring every display mode the app supports;
 * 2. subscribe to the events you need *before* `connect()` (tool data may follow the handshake
 *    at once; the bridge also keeps a one-shot event for the first late listener), and let
 *    `applyHostStyles` follow the host's theme, style variables and fonts;
 * 3. `connect()`. The handshake's host context arrives as a first `hostcontextchanged`, and
 *    auto-resize is on by default.
 */
import { BridgeError, ViewBridge, applyHostStyles, type CallToolResult, type McpUiDisplayMode } from 'mcp-app-bridge/view'
import { renderChart, renderTable, type Formatters, type Point } from './chart.js'

interface Series {
  metric: string
  label: string
  unit: string
  points: Point[]
}

const bridge = new ViewBridge({
  appInfo: { name: 'metrics-chart', title: 'Metrics chart', version: '1.0.0' },
  capabilities: { availableDisplayModes: ['inline', 'fullscreen'] },
})

const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!
let series: Series | undefined
let view: 'chart' | 'table' = 'chart'

bridge.on('toolinput', ({ arguments: args }) => {
  $('#subtitle').textContent = `Loading ${String(args?.metric ?? 'metric').replace('_', ' ')} for ${String(args?.weeks ?? 12)} weeks…`
})
bridge.on('toolresult', (result) => {
  series = readSeries(result)
  if (!series) showError(textOf(result) || 'The tool returned no data.')
  render()
})
bridge.on('toolcancelled', ({ reason }) => showError(`The tool call was cancelled${reason ? `: ${reason}` : '.'}`))
// Theme, style variables and fonts, from the handshake on.
applyHostStyles(bridge)
bridge.on('hostcontextchanged', (context) => {
  // The rest of the context is the app's to use: the language for `lang` and number formats,
  // the display mode for the layout (`[data-display-mode]` in style.css).
  document.documentElement.lang = context.locale ?? 'en'
  document.documentElement.dataset.displayMode = context.displayMode ?? 'inline'
  render()
})

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-view]')) {
  button.addEventListener('click', () => {
    view = button.dataset.view === 'table' ? 'table' : 'chart'
    render()
  })
}
$('#expand').addEventListener('click', toggleFullscreen)
$('#export').addEventListener('click', exportCsv)
// The chart is drawn at the frame's width: redraw when the host resizes the frame.
window.addEventListener('resize', () => render())

bridge.connect().catch((error) => showError(`Could not connect to the host: ${error.message}`))

function render(): void {
  const context = bridge.hostContext
  const expand = $<HTMLButtonElement>('#expand')
  expand.hidden = !context.availableDisplayModes?.includes('fullscreen')
  expand.textContent = context.displayMode === 'fullscreen' ? 'Exit fullscreen' : 'Expand'
  // Offer export only when the host said it can save files (a sandboxed frame cannot).
  $('#export').hidden = !series || !bridge.hostCapabilities?.downloadFile
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-view]')) button.setAttribute('aria-pressed', String(button.dataset.view === view))
  if (!series) return

  const format = formatters(series.unit, context.locale)
  const values = series.points.map((point) => point.value)
  const latest = values[values.length - 1] ?? 0
  const previous = values[values.length - 2] ?? latest
  const average = values.reduce((sum, value) => sum + value, 0) / (values.length || 1)
  const lowerIsBetter = series.unit === 'ms'
  $('#title').textContent = series.label
  $('#subtitle').textContent = `Last ${series.points.length} weeks · ${series.unit}`
  $('#stats').replaceChildren(
    stat('Latest week', format.value(latest), change(latest, previous, lowerIsBetter, context.locale)),
    stat('Weekly average', format.value(average)),
    stat('Peak', format.value(Math.max(...values))),
  )
  const body = $('#body')
  if (view === 'table') return body.replaceChildren(renderTable(series.points, format, series.label))
  // Inline the chart has a fixed height (the view decides its height); fullscreen it fills the frame.
  const height = context.displayMode === 'fullscreen' ? Math.max(240, window.innerHeight - body.getBoundingClientRect().top - 32) : 220
  body.replaceChildren(renderChart(series.points, format, Math.max(280, body.clientWidth), height))
}

async function toggleFullscreen(): Promise<void> {
  const target: McpUiDisplayMode = bridge.hostContext.displayMode === 'fullscreen' ? 'inline' : 'fullscreen'
  try {
    // The host answers with the mode actually in effect, which may not be the one asked for.
    await bridge.requestDisplayMode(target)
  } catch (error) {
    showError(error instanceof BridgeError ? error.message : String(error))
  }
  render()
}

async function exportCsv(): Promise<void> {
  if (!series) return
  const rows = [['week_start', series.metric], ...series.points.map((point) => [point.weekStart, String(point.value)])]
  try {
    await bridge.downloadFile({
      contents: [{ type: 'resource', resource: { uri: `file:///${series.metric}.csv`, mimeType: 'text/csv', text: rows.map((row) => row.join(',')).join('\n') } }],
    })
  } catch (error) {
    // A refusal is the user's or the host's choice, not a failure worth an error banner.
    if (!(error instanceof BridgeError && error.code === 'DENIED')) showError(String(error))
  }
}

function formatters(unit: string, locale: string | undefined): Formatters {
  const week = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' })
  const options: Intl.NumberFormatOptions =
    unit === 'USD' ? { style: 'currency', currency: 'USD' } : unit === 'ms' ? { style: 'unit', unit: 'millisecond' } : {}
  const value = new Intl.NumberFormat(locale, { ...options, maximumFractionDigits: 0 })
  const axis = new Intl.NumberFormat(locale, { ...options, notation: 'compact', maximumFractionDigits: 1 })
  return { value: (n) => value.format(n), axis: (n) => axis.format(n), week: (iso) => week.format(new Date(`${iso}T00:00:00Z`)) }
}

function stat(label: string, value: string, detail?: HTMLElement): HTMLElement {
  const element = document.createElement('div')
  element.className = 'stat'
  element.append(Object.assign(document.createElement('span'), { className: 'stat-label', textContent: label }))
  element.append(Object.assign(document.createElement('strong'), { className: 'stat-value', textContent: value }))
  if (detail) element.append(detail)
  return element
}

function change(latest: number, previous: number, lowerIsBetter: boolean, locale: string | undefined): HTMLElement {
  const ratio = previous ? (latest - previous) / previous : 0
  const good = lowerIsBetter ? ratio <= 0 : ratio >= 0
  const text = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(ratio)
  return Object.assign(document.createElement('span'), { className: `stat-change ${good ? 'good' : 'bad'}`, textContent: `${text} vs previous week` })
}

/** Reads the result defensively: a view must not trust the shape of data it did not make. */
function readSeries(result: CallToolResult): Series | undefined {
  const data = result.structuredContent as Partial<Series> | undefined
  if (result.isError || !data || !Array.isArray(data.points)) return undefined
  const points = data.points.filter((point): point is Point => typeof point?.weekStart === 'string' && Number.isFinite(point?.value))
  return points.length ? { metric: String(data.metric ?? 'metric'), label: String(data.label ?? 'Metric'), unit: String(data.unit ?? ''), points } : undefined
}

function textOf(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : '')).join(' ').trim()
}

function showError(message: string): void {
  $('#subtitle').textContent = ''
  $('#body').replaceChildren(Object.assign(document.createElement('p'), { className: 'notice error', textContent: message }))
}
