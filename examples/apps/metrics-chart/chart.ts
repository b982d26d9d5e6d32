/**
 * Draws the series as an SVG bar chart or an HTML table. Pure DOM, no chart library: the whole
 * app must fit in one HTML file, and a bar chart is a few rectangles.
 */
export interface Point {
  weekStart: string
  value: number
}

export interface Formatters {
  value(value: number): string
  axis(value: number): string
  week(isoDate: string): string
}

const SVG = 'http://www.w3.org/2000/svg'

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value))
  if (text !== undefined) element.textContent = text
  return element
}

/** Drawn at its real pixel size (no viewBox scaling), so labels keep their size at any width. */
export function renderChart(points: Point[], format: Formatters, width: number, height: number): SVGSVGElement {
  const pad = { top: 12, right: 8, bottom: 28, left: 56 }
  const max = niceMax(Math.max(...points.map((point) => point.value), 1))
  const plotWidth = width - pad.left - pad.right
  const plotHeight = height - pad.top - pad.bottom
  const step = plotWidth / points.length
  const root = svg('svg', { width, height, viewBox: `0 0 ${width} ${height}`, class: 'chart', role: 'img', 'aria-label': 'Bar chart' })

  for (let i = 0; i <= 4; i++) {
    const value = (max / 4) * i
    const y = pad.top + plotHeight - (value / max) * plotHeight
    root.append(svg('line', { x1: pad.left, x2: width - pad.right, y1: y, y2: y, class: 'grid' }))
    root.append(svg('text', { x: pad.left - 8, y: y + 4, 'text-anchor': 'end', class: 'axis' }, format.axis(value)))
  }

  // As many week labels as fit, about one per 80 px.
  const labelEvery = Math.ceil(points.length / Math.max(2, Math.floor(plotWidth / 80)))
  points.forEach((point, i) => {
    const barHeight = (point.value / max) * plotHeight
    const x = pad.left + i * step + step * 0.18
    const bar = svg('rect', { x, y: pad.top + plotHeight - barHeight, width: step * 0.64, height: barHeight, rx: 3, class: i === points.length - 1 ? 'bar latest' : 'bar' })
    bar.append(svg('title', {}, `${format.week(point.weekStart)}: ${format.value(point.value)}`))
    root.append(bar)
    if (i % labelEvery === 0 || i === points.length - 1) {
      root.append(svg('text', { x: x + step * 0.32, y: height - 8, 'text-anchor': 'middle', class: 'axis' }, format.week(point.weekStart)))
    }
  })
  return root
}

export function renderTable(points: Point[], format: Formatters, valueLabel: string): HTMLTableElement {
  const table = document.createElement('table')
  table.className = 'table'
  const head = table.createTHead().insertRow()
  for (const label of ['Week of', valueLabel]) head.append(Object.assign(document.createElement('th'), { textContent: label }))
  const body = table.createTBody()
  for (const point of [...points].reverse()) {
    const row = body.insertRow()
    row.insertCell().textContent = format.week(point.weekStart)
    row.insertCell().textContent = format.value(point.value)
  }
  return table
}

/**
 * The axis maximum: four equal grid steps, each a round number (1, 2, 2.5, 3, 4, 5, 6 or 8 times a
 * power of ten), just above the data. Rounding the maximum itself instead can double it (101K → 200K)
 * and leave half the chart empty.
 */
function niceMax(value: number): number {
  const step = value / 4
  const magnitude = 10 ** Math.floor(Math.log10(step))
  return ([1, 2, 2.5, 3, 4, 5, 6, 8, 10].find((factor) => factor * magnitude >= step) ?? 10) * magnitude * 4
}
