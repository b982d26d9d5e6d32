/**
 * Size: the minimal view and the minimal host of each implementation (bench/apps), bundled with
 * esbuild --bundle --minify, every dependency included. For mcp-app-bridge the MCP SDK (the
 * host's optional peer) is left out, as the target says; the minimal host does not import it.
 */
import { BUNDLED, type Bundled } from '../impl/ports.js'
import { bundle, packageOf, type Bundle } from '../lib/build.js'
import { row } from '../lib/runner.js'
import { KB, TARGETS } from '../config.js'
import type { MetricResult } from './types.js'

const kb = (bytes: number) => `${(bytes / KB).toFixed(2)} KB`

export async function measureSize(): Promise<MetricResult> {
  const built = {} as Record<'view' | 'host', Record<Bundled, Bundle>>
  for (const side of ['view', 'host'] as const) {
    built[side] = {} as Record<Bundled, Bundle>
    // ours-window is ours' bundle: no row of its own ("same as ours" in the table).
    for (const impl of BUNDLED) {
      built[side][impl] = await bundle({ entry: { file: `apps/${impl}-${side}.ts` }, external: impl === 'ours' ? ['@modelcontextprotocol/sdk'] : [] })
    }
  }
  const series = (side: 'view' | 'host', field: 'bytes' | 'gzipBytes') =>
    Object.fromEntries(BUNDLED.map((impl) => [impl, [built[side][impl][field]]])) as Record<Bundled, number[]>
  const rows = [
    row('Minimal view, minified', 'bytes', 'lower', series('view', 'bytes')),
    row('Minimal view, gzip -9', 'bytes', 'lower', series('view', 'gzipBytes')),
    row('Minimal host, minified', 'bytes', 'lower', series('host', 'bytes')),
    row('Minimal host, gzip -9', 'bytes', 'lower', series('host', 'gzipBytes')),
  ]
  const notes: string[] = []
  for (const side of ['view', 'host'] as const) {
    const official = built[side].official
    const byPackage = new Map<string, number>()
    for (const input of official.inputs) {
      const name = packageOf(input.path) ?? '(entry)'
      byPackage.set(name, (byPackage.get(name) ?? 0) + input.bytes)
    }
    const parts = [...byPackage].sort((a, b) => b[1] - a[1]).map(([name, bytes]) => `${name} ${kb(bytes)}`)
    notes.push(`Official ${side}, minified bytes by package: ${parts.join(', ')}.`)
    const ours = built[side].ours
    const top = ours.inputs.slice(0, 6).map((input) => `${input.path} ${input.bytes}`)
    notes.push(`Ours ${side}, largest inputs (minified bytes): ${top.join(', ')}.`)
  }
  const view = built.view.ours.gzipBytes
  const host = built.host.ours.gzipBytes
  return {
    id: 'size',
    title: 'Size',
    method: 'bench/apps/<impl>-<view|host>.ts bundled by esbuild `--bundle --minify --format=iife --platform=browser`, every dependency included (ours: without @modelcontextprotocol/sdk); gzip at level 9. 1 KB = 1,000 bytes.',
    rows,
    verdicts: [
      { target: `View ≤ ${kb(TARGETS.viewGzipBytes)} gzip`, measured: `${view} B (${kb(view)})`, pass: view <= TARGETS.viewGzipBytes },
      { target: `Host ≤ ${kb(TARGETS.hostGzipBytes)} gzip, without @modelcontextprotocol/sdk`, measured: `${host} B (${kb(host)})`, pass: host <= TARGETS.hostGzipBytes },
    ],
    notes,
    raw: Object.fromEntries(
      (['view', 'host'] as const).map((side) => [side, Object.fromEntries(BUNDLED.map((impl) => [impl, { bytes: built[side][impl].bytes, gzipBytes: built[side][impl].gzipBytes, inputs: built[side][impl].inputs.slice(0, 30) }]))]),
    ),
  }
}
