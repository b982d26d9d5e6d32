/**
 * `show_metrics`: a tool whose view renders the data it returns.
 *
 * The pattern: `content` says in words what the model needs (MCP Apps require meaningful content,
 * and hosts without UI show only this); `structuredContent` carries the full data set for the
 * view, which draws it. The view never asks the server for anything.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { builtAppFile, registerAppResource, uiToolMeta } from './app-resource.js'

const VIEW_URI = 'ui://examples/metrics-chart.html'

const METRICS = {
  revenue: { label: 'Revenue', unit: 'USD', base: 84_000, swing: 0.18, trend: 0.012 },
  active_users: { label: 'Weekly active users', unit: 'users', base: 12_400, swing: 0.08, trend: 0.02 },
  latency_p95: { label: 'API latency (p95)', unit: 'ms', base: 240, swing: 0.22, trend: -0.01 },
} as const

export type MetricName = keyof typeof METRICS

/** What the view receives in `structuredContent`. */
export interface MetricsSeries {
  metric: MetricName
  label: string
  unit: string
  points: Array<{ weekStart: string; value: number }>
}

export function registerMetricsTool(server: McpServer): void {
  registerAppResource(server, {
    uri: VIEW_URI,
    name: 'metrics-chart',
    title: 'Metrics chart',
    description: 'Bar chart and table of a weekly metric.',
    htmlFile: builtAppFile('metrics-chart'),
  })

  server.registerTool(
    'show_metrics',
    {
      title: 'Show metrics',
      description: 'Shows a weekly business metric as an interactive chart.',
      inputSchema: {
        metric: z.enum(Object.keys(METRICS) as [MetricName, ...MetricName[]]).default('revenue').describe('Which metric to chart'),
        weeks: z.number().int().min(4).max(26).default(12).describe('How many recent weeks'),
      },
      _meta: uiToolMeta(VIEW_URI),
    },
    async ({ metric, weeks }) => {
      const series = weeklySeries(metric, weeks)
      return { content: [{ type: 'text', text: describeSeries(series) }], structuredContent: { ...series } }
    },
  )
}

/** A stable, plausible series: the same metric and week always give the same value. */
export function weeklySeries(metric: MetricName, weeks: number, today = new Date()): MetricsSeries {
  const { label, unit, base, swing, trend } = METRICS[metric]
  const monday = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - ((today.getUTCDay() + 6) % 7)))
  const points = Array.from({ length: weeks }, (_, i) => {
    const weekStart = new Date(monday.getTime() - (weeks - 1 - i) * 7 * 86_400_000)
    const noise = pseudoRandom(`${metric}:${weekStart.toISOString().slice(0, 10)}`) * 2 - 1
    const value = base * (1 + trend * i) * (1 + swing * noise * 0.5)
    return { weekStart: weekStart.toISOString().slice(0, 10), value: Math.round(value) }
  })
  return { metric, label, unit, points }
}

function describeSeries({ label, unit, points }: MetricsSeries): string {
  const values = points.map((point) => point.value)
  const first = values[0] ?? 0
  const last = values[values.length - 1] ?? 0
  const average = Math.round(values.reduce((sum, value) => sum + value, 0) / (values.length || 1))
  const change = first ? (((last - first) / first) * 100).toFixed(1) : '0'
  return `${label} for the last ${points.length} weeks (${unit}): weekly average ${average}, latest ${last}, ${change}% change since ${points[0]?.weekStart}.`
}

/** A number in [0, 1) from a string (FNV-1a), so the demo needs no stored data. */
function pseudoRandom(seed: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < seed.length; i++) hash = Math.imul(hash ^ seed.charCodeAt(i), 0x01000193)
  return (hash >>> 0) / 2 ** 32
}
