/**
 * Seed-driven leniency, end to end: tool arguments and structured content that arrive as a JSON
 * string (a bug seen in the field) are parsed once and reported as a warning, on both sides, for
 * every path that carries them. The guard is `objectOrJson` in src/protocol/guards.ts; these
 * tests prove each path uses it, and that a property holds for any JSON object, not one example.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { CallToolResult } from '../../src/protocol/index.js'
import { createBridgePair } from '../helpers/bridges.js'
import { TOOLS } from './mcp-ui-helpers.js'
import { hostsClosedAfterEach } from '../host/helpers.js'

const setupHost = hostsClosedAfterEach()

const variant = (message: string) => ({ code: 'VARIANT', message })

function pair(structuredFromServer?: unknown) {
  const seen: { arguments?: unknown } = {}
  const p = createBridgePair({
    host: {
      capabilities: { serverTools: {}, updateModelContext: { structuredContent: {} } },
      tools: TOOLS,
      client: {
        callTool: async (params) => {
          seen.arguments = (params as { arguments?: unknown }).arguments
          return { content: [], structuredContent: structuredFromServer ?? { ok: true } }
        },
        listTools: async () => ({ tools: TOOLS }),
        readResource: async () => ({}),
      },
    },
  })
  return { ...p, seen }
}

describe('double-encoded JSON, view → host', () => {
  it('tools/call arguments reach the server as an object; the host warns', async () => {
    const { view, connect, seen, warnings } = pair()
    await connect()
    await view.callServerTool({ name: 'add', arguments: '{"a":1,"b":2}' as never })
    expect(seen.arguments).toStrictEqual({ a: 1, b: 2 })
    expect(warnings.host).toStrictEqual([variant('tools/call params: arguments JSON-encoded')])
  })

  it('ui/update-model-context structuredContent is stored as an object; the host warns', async () => {
    const { host, view, connect, warnings } = pair()
    await connect()
    await view.updateModelContext({ structuredContent: '{"step":2}' as never })
    expect(host.modelContext).toStrictEqual({ structuredContent: { step: 2 } })
    expect(warnings.host).toStrictEqual([variant('ui/update-model-context params: structuredContent JSON-encoded')])
  })

  it('a view tool\'s structuredContent reaches the host as an object (our view writes strictly: it parses and warns)', async () => {
    const { host, view, connect, warnings } = pair()
    view.registerTool('pick', {}, () => ({ content: [], structuredContent: '{"picked":"b"}' }) as unknown as CallToolResult)
    await connect()
    const result = await host.callTool({ name: 'pick', arguments: {} })
    expect(result.structuredContent).toStrictEqual({ picked: 'b' })
    expect(warnings.view).toStrictEqual([variant('tools/call result: structuredContent JSON-encoded')])
    expect(warnings.host).toStrictEqual([])
  })
  it('…and from a view that does not (a raw one), the host parses it and warns', async () => {
    const { bridge, view, warnings } = setupHost()
    view.answer('tools/call', () => ({ content: [], structuredContent: '{"picked":"c"}' }))
    await view.initialize({ appCapabilities: { tools: {} } })
    const result = await bridge.callTool({ name: 'pick', arguments: {} })
    expect(result.structuredContent).toStrictEqual({ picked: 'c' })
    expect(warnings).toStrictEqual([variant('tools/call result: structuredContent JSON-encoded')])
  })
})

describe('double-encoded JSON, host → view', () => {
  it('tool-input arguments and tool-result structuredContent reach the app as objects; the view warns', async () => {
    const { host, view, connect, warnings } = pair()
    const seen: unknown[] = []
    view.on('toolinput', (params) => void seen.push(params.arguments))
    view.on('toolresult', (result) => void seen.push(result.structuredContent))
    await connect()
    host.sendToolInput('{"city":"Rome"}' as never)
    host.sendToolResult({ content: [], structuredContent: '{"temp":30}' as never })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(seen).toStrictEqual([{ city: 'Rome' }, { temp: 30 }])
    expect(warnings.view).toStrictEqual([
      variant('ui/notifications/tool-input: arguments JSON-encoded'),
      variant('ui/notifications/tool-result: structuredContent JSON-encoded'),
    ])
  })

  it('a server result forwarded to the view: structuredContent parsed by the view, which warns', async () => {
    const { view, connect, warnings } = pair('{"sum":3}')
    await connect()
    const result = await view.callServerTool({ name: 'add', arguments: {} })
    expect(result.structuredContent).toStrictEqual({ sum: 3 })
    expect(warnings.view).toStrictEqual([variant('tools/call result: structuredContent JSON-encoded')])
  })
})

describe('for any JSON object', () => {
  it('one level of encoding is undone exactly, with one warning; a second level is refused, never parsed twice', async () => {
    const { view, connect, seen, warnings } = pair()
    await connect()
    const objects = fc.dictionary(fc.string({ maxLength: 8 }).filter((key) => key !== '__proto__'), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 })
    await fc.assert(
      fc.asyncProperty(objects, async (object) => {
        const expected = JSON.parse(JSON.stringify(object))
        warnings.host.length = 0
        await view.callServerTool({ name: 'add', arguments: JSON.stringify(object) as never })
        expect(seen.arguments).toStrictEqual(expected)
        expect(warnings.host).toStrictEqual([variant('tools/call params: arguments JSON-encoded')])
        await expect(view.callServerTool({ name: 'add', arguments: JSON.stringify(JSON.stringify(object)) as never })).rejects.toMatchObject({ code: 'INVALID_PARAMS' })
      }),
      { numRuns: 40, seed: 1865 },
    )
  })
})
