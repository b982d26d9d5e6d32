/**
 * Diagnostic, not part of `npm run bench`: what the host page's heap holds per live view, by kind
 * of object, for every implementation (the teardown metric's "live" row, taken apart).
 *
 *   npx tsx bench/diagnose/live-memory.ts [views=20] [top=40] [impl...]
 *
 * Per implementation: one page, a warm-up round of `views` live views, then a heap snapshot (CDP
 * `HeapProfiler.takeHeapSnapshot`, after forced GC) before and while `views` are open. Node ids
 * are stable across snapshots of one page, so the objects the views added are those of the second
 * snapshot whose id the first lacks. Their self sizes are summed by kind: constructor name for
 * objects, function name for closures, "context of f" for a closure's context (named after the
 * closures that share it), "props/elements of X" for the backing stores of X. The host bundle is
 * built unminified so that the names mean something (same objects, same sizes).
 */
import type { CDPSession } from 'playwright-core'
import { IMPLEMENTATIONS, type Implementation } from '../impl/ports.js'
import { collectGarbage, ensureChromium, heapUsed, launch, openPage } from '../lib/chromium.js'
import { buildPageFiles } from '../lib/page-files.js'
import { serve } from '../lib/server.js'

const args = process.argv.slice(2)
const [views = 20, top = 40] = args.filter((arg) => /^\d+$/.test(arg)).map(Number)
const chosen = args.filter((arg) => (IMPLEMENTATIONS as readonly string[]).includes(arg)) as Implementation[]

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]]; location_fields?: string[] }; node_count: number }
  nodes: number[]
  edges: number[]
  strings: string[]
  /** Per closure: the fields `location_fields` names (its node's offset in `nodes`, line and column, 0-based). */
  locations?: number[]
}

async function takeSnapshot(cdp: CDPSession): Promise<Snapshot> {
  const chunks: string[] = []
  const onChunk = ({ chunk }: { chunk: string }) => void chunks.push(chunk)
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk)
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk)
  return JSON.parse(chunks.join('')) as Snapshot
}

/** One node of a snapshot, as far as this diagnostic reads it. */
interface Node {
  type: string
  name: string
  id: number
  size: number
}

/** Where a function starts in the host bundle, as the start of its source text. */
let sourceAt: (line: number, column: number) => string = () => ''

function readNodes(heap: Snapshot): { nodes: Node[]; label: (index: number) => string } {
  const { node_fields, node_types, edge_fields, edge_types } = heap.snapshot.meta
  const width = node_fields.length
  const edgeWidth = edge_fields.length
  const [TYPE, NAME, ID, SIZE, EDGES] = ['type', 'name', 'id', 'self_size', 'edge_count'].map((field) => node_fields.indexOf(field)) as [number, number, number, number, number]
  const [EDGE_TYPE, EDGE_NAME, TO] = ['type', 'name_or_index', 'to_node'].map((field) => edge_fields.indexOf(field)) as [number, number, number]
  const nodes: Node[] = []
  for (let at = 0; at < heap.nodes.length; at += width) {
    nodes.push({ type: node_types[0][heap.nodes[at + TYPE]!]!, name: heap.strings[heap.nodes[at + NAME]!]!, id: heap.nodes[at + ID]!, size: heap.nodes[at + SIZE]! })
  }
  // Who holds what: a closure's context, an object's property and element stores.
  const owners = new Map<number, string>()
  const keys = new Map<number, string[]>()
  let edge = 0
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index]!
    const count = heap.nodes[index * width + EDGES]!
    for (let n = 0; n < count; n++, edge += edgeWidth) {
      const type = edge_types[0][heap.edges[edge + EDGE_TYPE]!]
      const name = type === 'element' || type === 'hidden' ? '' : heap.strings[heap.edges[edge + EDGE_NAME]!]
      const target = heap.edges[edge + TO]! / width
      let label: string | undefined
      // A plain object is named by its first keys.
      if (node.type === 'object' && node.name === 'Object' && type === 'property' && !name?.startsWith('__') && (keys.get(index)?.length ?? 0) < 4) keys.set(index, [...(keys.get(index) ?? []), name!])
      if (node.type === 'closure' && name === 'context') label = `context of ${node.name || '(anonymous)'}`
      else if (name === 'properties' || name === 'elements') label = `${name} of ${node.name}`
      else if (name === 'table' && node.name === 'Map') label = 'table of Map'
      if (!label) continue
      const known = owners.get(target)
      if (!known) owners.set(target, label)
      else if (!known.split(' | ').includes(label.replace(/^context of /, '')) && known.length < 120) owners.set(target, `${known} | ${label.replace(/^context of /, '')}`)
    }
  }
  // Anonymous closures are named by their source text instead.
  const fields = heap.snapshot.meta.location_fields ?? []
  const [OBJECT, LINE, COLUMN] = ['object_index', 'line', 'column'].map((field) => fields.indexOf(field)) as [number, number, number]
  for (let at = 0; at < (heap.locations?.length ?? 0); at += fields.length) {
    const node = nodes[heap.locations![at + OBJECT]! / width]
    const [line, column] = [heap.locations![at + LINE]!, heap.locations![at + COLUMN]!]
    if (node?.type === 'closure' && !node.name) node.name = `@ ${sourceAt(line, column)}`
  }
  const label = (index: number) => {
    const node = nodes[index]!
    const owner = owners.get(index)
    if (owner) return owner
    if (node.type === 'closure') return `closure ${node.name || '(anonymous)'}`
    if (node.type === 'string' || node.type === 'concatenated string' || node.type === 'sliced string') return '(string)'
    if (node.type === 'number') return '(heap number)'
    if (keys.has(index)) return `Object {${keys.get(index)!.join(', ')}}`
    return `${node.type === 'object' ? '' : `${node.type} `}${node.name.slice(0, 80)}`
  }
  return { nodes, label }
}

async function measure(cdp: CDPSession, page: import('playwright-core').Page, impl: Implementation) {
  await page.evaluate(() => window.bench.keepWarm())
  // Warm-up round: compiled code, feedback vectors, shapes and caches stay.
  await page.evaluate(([i, n]) => window.bench.live(i, n), [impl, views] as const)
  await page.evaluate(() => window.bench.endLive())
  await collectGarbage(cdp)
  const usedBefore = await heapUsed(cdp)
  const before = await takeSnapshot(cdp)
  await page.evaluate(([i, n]) => window.bench.live(i, n), [impl, views] as const)
  await collectGarbage(cdp)
  const usedOpen = await heapUsed(cdp)
  const open = await takeSnapshot(cdp)
  await page.evaluate(() => window.bench.endLive())

  const known = new Set(readNodes(before).nodes.map((node) => node.id))
  const { nodes, label } = readNodes(open)
  const kinds = new Map<string, { count: number; bytes: number }>()
  const strings = new Map<string, { count: number; bytes: number }>()
  let added = 0
  nodes.forEach((node, index) => {
    // Blink's C++ objects (the iframe element and its frame) are not on the V8 heap the metric reads.
    if (known.has(node.id) || node.type === 'synthetic' || node.type === 'native') return
    const kind = label(index)
    const entry = kinds.get(kind) ?? { count: 0, bytes: 0 }
    entry.count++
    entry.bytes += node.size
    kinds.set(kind, entry)
    added += node.size
    if (kind === '(string)') {
      const text = strings.get(node.name) ?? { count: 0, bytes: 0 }
      text.count++
      text.bytes += node.size
      strings.set(node.name, text)
    }
  })
  return { heapPerView: (usedOpen - usedBefore) / views, addedPerView: added / views, kinds, strings }
}

async function main() {
  ensureChromium(console.log)
  const files = await buildPageFiles({ minify: false })
  const lines = files['/host.js']!.split('\n')
  sourceAt = (line, column) => lines[line]?.slice(column, column + 60).trim() ?? '?'
  const server = await serve(files)
  const browser = await launch()
  for (const impl of chosen.length ? chosen : IMPLEMENTATIONS) {
    const { page, cdp, close } = await openPage(browser, server.url)
    const { heapPerView, addedPerView, kinds, strings } = await measure(cdp, page, impl)
    await close()
    console.log(`\n${impl}: ${heapPerView.toFixed(0)} B per view (Runtime.getHeapUsage), ${addedPerView.toFixed(0)} B per view in new objects (snapshot)`)
    console.log(`  ${'B/view'.padStart(8)} ${'n/view'.padStart(7)}  kind`)
    const sorted = [...kinds].sort((a, b) => b[1].bytes - a[1].bytes)
    for (const [kind, { count, bytes }] of sorted.slice(0, top)) {
      console.log(`  ${(bytes / views).toFixed(0).padStart(8)} ${(count / views).toFixed(1).padStart(7)}  ${kind}`)
    }
    const rest = sorted.slice(top).reduce((sum, [, { bytes }]) => sum + bytes, 0)
    if (rest) console.log(`  ${(rest / views).toFixed(0).padStart(8)}          (${sorted.length - top} more kinds)`)
    console.log(`  new strings, most bytes first:`)
    for (const [text, { count, bytes }] of [...strings].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, 12)) {
      console.log(`  ${(bytes / views).toFixed(0).padStart(8)} ${(count / views).toFixed(1).padStart(7)}  ${JSON.stringify(text.slice(0, 70))}`)
    }
  }
  await browser.close()
  await server.close()
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
