/**
 * The view's server requests, proxied through a real MCP `Client` (`@modelcontextprotocol/sdk`)
 * to a real `McpServer` over an in-memory transport: visibility enforced before the server sees a
 * call, cancellation and progress relayed, host handlers composed with forwarding.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { z } from 'zod'
import { filterModelTools, getToolUiResourceUri, type HostBridgeOptions, type Tool } from '../../src/host/index.js'
import { expectCancelReachesServer, expectForwardEndsAsAborted, expectProgressRelayed } from './forwarding-checks.js'
import { setupHost, type HostSetup } from './helpers.js'

const calls: string[] = []
let slowAborted = false
let seenProgressTokens: unknown[] = []

function visibilityMeta(visibility: unknown) {
  return { ui: { resourceUri: 'ui://demo/app', visibility } }
}

async function startServer() {
  const server = new McpServer({ name: 'demo-server', version: '1.0.0' }, { capabilities: { logging: {} } })
  const tool = (name: string, meta: Record<string, unknown> | undefined) =>
    server.registerTool(name, { description: name, inputSchema: { n: z.number().optional() }, ...(meta && { _meta: meta }) }, async ({ n }) => {
      calls.push(name)
      return { content: [{ type: 'text', text: `${name}:${n ?? ''}` }] }
    })
  tool('both', undefined)
  tool('app_only', visibilityMeta(['app']))
  tool('model_only', visibilityMeta(['model']))
  tool('vis_string', visibilityMeta('app'))
  tool('vis_empty', visibilityMeta([]))
  tool('vis_case', visibilityMeta(['APP']))
  tool('vis_null', visibilityMeta(null))
  tool('vis_numbers', visibilityMeta([1, 2]))
  server.registerTool('slow', { description: 'slow', _meta: visibilityMeta(['app']) }, async (extra) => {
    calls.push('slow')
    seenProgressTokens.push(extra._meta?.progressToken)
    const token = extra._meta?.progressToken
    if (token !== undefined) {
      await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: 1, total: 2, message: 'half' } })
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 300)
      extra.signal.addEventListener('abort', () => {
        slowAborted = true
        clearTimeout(timer)
        resolve()
      })
    })
    return { content: [{ type: 'text', text: 'done' }] }
  })
  server.registerTool('hang', { description: 'hang', _meta: visibilityMeta(['app']) }, () => new Promise(() => {}))
  server.registerResource('app', 'ui://demo/app', { mimeType: 'text/html;profile=mcp-app' }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/html;profile=mcp-app', text: '<!doctype html><p>app</p>' }],
  }))
  server.registerPrompt('greet', { description: 'greet' }, () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }] }))
  const client = new Client({ name: 'test-host', version: '1.0.0' })
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await Promise.all([server.connect(serverSide), client.connect(clientSide)])
  return { server, client }
}

let mcp: Awaited<ReturnType<typeof startServer>>
let setup: HostSetup | undefined
const CAPS = { serverTools: {}, serverResources: {} }

beforeEach(async () => {
  calls.length = 0
  slowAborted = false
  seenProgressTokens = []
  mcp = await startServer()
})
afterEach(async () => {
  setup?.bridge.close()
  setup?.pair.close()
  setup = undefined
  await mcp.client.close()
  await mcp.server.close()
})

async function connect(options: Partial<HostBridgeOptions> = {}) {
  setup = setupHost({ client: mcp.client, capabilities: CAPS, ...options })
  await setup.view.initialize()
  return setup
}

describe('visibility is enforced before the server sees a call', () => {
  it('serves tools the app may call', async () => {
    const { view } = await connect()
    expect((await view.request('tools/call', { name: 'both', arguments: { n: 1 } })).result.content).toEqual([{ type: 'text', text: 'both:1' }])
    expect((await view.request('tools/call', { name: 'app_only', arguments: {} })).result.content[0].text).toBe('app_only:')
    expect(calls).toEqual(['both', 'app_only'])
  })

  it('rejects a model-only tool, an unknown tool and every malformed visibility', async () => {
    const { view } = await connect()
    for (const name of ['model_only', 'nonexistent', 'vis_string', 'vis_empty', 'vis_case', 'vis_null', 'vis_numbers']) {
      const response = await view.request('tools/call', { name, arguments: {} })
      expect(response.error, name).toMatchObject({ code: -32000 })
    }
    expect(calls).toEqual([])
  })

  it('answers a hidden tool exactly as an unknown one, so a view cannot find out which model-only tools exist', async () => {
    const { view } = await connect()
    const hidden = await view.request('tools/call', { name: 'model_only', arguments: {} })
    const unknown = await view.request('tools/call', { name: 'nonexistent', arguments: {} })
    expect(hidden.error.message.replace('model_only', 'NAME')).toBe(unknown.error.message.replace('nonexistent', 'NAME'))
    expect(hidden.error.code).toBe(unknown.error.code)
  })

  it('never lets a host handler see a call visibility refused', async () => {
    const callTool = vi.fn((_params, context) => context.forward())
    const { view } = await connect({ handlers: { callTool } })
    expect((await view.request('tools/call', { name: 'model_only' })).error.code).toBe(-32000)
    expect((await view.request('tools/call', { name: 'both', arguments: { n: 2 } })).result.content[0].text).toBe('both:2')
    expect(callTool).toHaveBeenCalledTimes(1)
  })

  it('checks against the list the host gave, without asking the server', async () => {
    const listTools = vi.spyOn(mcp.client, 'listTools')
    const tools: Tool[] = [{ name: 'both', inputSchema: { type: 'object' }, _meta: { ui: { visibility: ['model'] } } }]
    const { view } = await connect({ tools })
    // The host's own (stricter) view of the tool wins over the server's.
    expect((await view.request('tools/call', { name: 'both' })).error.code).toBe(-32000)
    expect(listTools).not.toHaveBeenCalled()
    expect(calls).toEqual([])
  })

  it('refreshes the list on a miss at most every few seconds', async () => {
    const listTools = vi.spyOn(mcp.client, 'listTools')
    const { view } = await connect()
    for (let i = 0; i < 10; i++) await view.request('tools/call', { name: `made_up_${i}` })
    expect(listTools).toHaveBeenCalledTimes(1)
  })

  it("asks at most every few seconds while the server's tools/list fails too, and refuses meanwhile", async () => {
    const listTools = vi.spyOn(mcp.client, 'listTools').mockRejectedValue(new Error('tools/list failed'))
    const { view } = await connect()
    const answers = []
    for (let i = 0; i < 10; i++) answers.push(await view.request('tools/call', { name: i ? `made_up_${i}` : 'both' }))
    expect(listTools).toHaveBeenCalledTimes(1)
    expect(answers.every((answer) => answer.error)).toBe(true)
    expect(calls).toEqual([])
  })

  it('fetches the list once for all the views of one server', async () => {
    const listTools = vi.spyOn(mcp.client, 'listTools')
    const { view } = await connect()
    const second = setupHost({ client: mcp.client, capabilities: CAPS })
    await second.view.initialize()
    expect((await view.request('tools/call', { name: 'both' })).result).toBeDefined()
    expect((await second.view.request('tools/call', { name: 'app_only' })).result).toBeDefined()
    expect(listTools).toHaveBeenCalledTimes(1)
    second.bridge.close()
    second.pair.close()
  })

  it('fetches the list again after the host relays a tools list change', async () => {
    const listTools = vi.spyOn(mcp.client, 'listTools')
    const { view, bridge } = await connect()
    await view.request('tools/call', { name: 'both' })
    bridge.sendListChanged('tools')
    await view.request('tools/call', { name: 'both' })
    expect(listTools).toHaveBeenCalledTimes(2)
  })
})

describe('forwarding', () => {
  it('relays progress under the view\'s own token, never passing the view\'s token to the server', async () => {
    await expectProgressRelayed(await connect(), seenProgressTokens)
  })

  it('cancels the server call when the view cancels its request', async () => {
    await expectCancelReachesServer(await connect(), () => calls.includes('slow'), () => slowAborted)
  })

  it("ends a host handler's forward() as CANCELLED when the view cancels, CLOSED when the bridge closes (not as the client's timeout)", async () => {
    await expectForwardEndsAsAborted(connect, () => calls.filter((name) => name === 'slow').length)
  })

  it('times out a forwarded call with the bridge timeout', async () => {
    const { view } = await connect({ timeoutMs: 100 })
    const response = await view.request('tools/call', { name: 'hang', arguments: {} })
    expect(response.error.code).toBe(-32001)
  })

  it('refuses calls beyond the concurrency cap', async () => {
    const { view } = await connect({ maxConcurrentCalls: 2, timeoutMs: 500 })
    const responses = await Promise.all([1, 2, 3].map(() => view.request('tools/call', { name: 'hang', arguments: {} })))
    expect(responses.filter((r) => r.error?.code === -32000 && /in flight/.test(r.error.message))).toHaveLength(1)
  })

  it('forwards resources and prompts', async () => {
    const { view } = await connect()
    expect((await view.request('resources/read', { uri: 'ui://demo/app' })).result.contents[0].text).toContain('<p>app</p>')
    expect((await view.request('resources/list', {})).result.resources.map((r: { uri: string }) => r.uri)).toEqual(['ui://demo/app'])
    expect((await view.request('resources/templates/list', {})).result).toEqual({ resourceTemplates: [] })
    expect((await view.request('prompts/list', {})).result.prompts.map((p: { name: string }) => p.name)).toEqual(['greet'])
  })

  it('relays the server\'s error code', async () => {
    const { view } = await connect()
    const direct = await mcp.client.readResource({ uri: 'ui://demo/missing' }).catch((error: { code: number }) => error)
    const response = await view.request('resources/read', { uri: 'ui://demo/missing' })
    expect(typeof (direct as { code: number }).code).toBe('number')
    expect(response.error.code).toBe((direct as { code: number }).code)
  })

  it('lets host handlers answer without a client, and reports no connection otherwise', async () => {
    setup = setupHost({ capabilities: CAPS, handlers: { readResource: ({ uri }) => ({ contents: [{ uri, text: 'from the host' }] }) } })
    await setup.view.initialize()
    expect((await setup.view.request('resources/read', { uri: 'ui://x' })).result.contents[0].text).toBe('from the host')
    expect((await setup.view.request('resources/list', {})).error.code).toBe(-32601)
    // Without a tool list, every tools/call fails closed.
    expect((await setup.view.request('tools/call', { name: 'both' })).error.code).toBe(-32000)
  })

  it('lets a handler post-process what the server answered', async () => {
    const { view } = await connect({
      handlers: {
        callTool: async (_params, context) => {
          const result = await context.forward()
          return { ...result, _meta: { audited: true } }
        },
      },
    })
    expect((await view.request('tools/call', { name: 'both', arguments: {} })).result._meta).toEqual({ audited: true })
  })
})

describe('model-side tool helpers', () => {
  it('hides app-only and malformed tools from the model, finds UI resources', async () => {
    const { tools } = await mcp.client.listTools()
    expect(filterModelTools(tools as Tool[]).map((tool) => tool.name)).toEqual(['both', 'model_only'])
    const appTool = tools.find((tool) => tool.name === 'app_only')
    expect(getToolUiResourceUri(appTool)).toBe('ui://demo/app')
    expect(getToolUiResourceUri({ name: 'x', _meta: { 'ui/resourceUri': 'ui://legacy' } })).toBe('ui://legacy')
    expect(getToolUiResourceUri({ name: 'x', _meta: { ui: { resourceUri: 'https://evil.example' } } })).toBeUndefined()
  })
})
