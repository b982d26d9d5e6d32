/**
 * The view's server requests proxied through the MCP SDK's version 2 `Client`
 * (`@modelcontextprotocol/client`, what `@modelcontextprotocol/ext-apps` 2.x hosts use) to a v2
 * `McpServer`. Its `callTool(params, options)` has no result-schema argument before the options,
 * unlike the 1.x `Client`: the bridge's signal, timeout and progress callback must still reach it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Client, InMemoryTransport } from '@modelcontextprotocol/client'
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio'
import { McpServer } from '@modelcontextprotocol/server'
import { filterModelTools, getToolUiResourceUri, mountApp, readUiResource } from '../../src/host/index.js'
import { expectCancelReachesServer } from './forwarding-checks.js'
import { hostsClosedAfterEach, until } from './helpers.js'
import { APP_TOOL_META, itServesTheAppsCalls, newServerSeen, registerProxiedTools, type ServerSeen } from './v2-server-tools.js'

const setupHost = hostsClosedAfterEach()
const app = APP_TOOL_META
const CAPS = { serverTools: {}, serverResources: {} }

let seen: ServerSeen
let server: McpServer
let client: Client

beforeEach(async () => {
  seen = newServerSeen()
  server = new McpServer({ name: 'v2-server', version: '1.0.0' })
  registerProxiedTools(server, seen)
  client = new Client({ name: 'v2-host', version: '1.0.0' })
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await Promise.all([server.connect(serverSide), client.connect(clientSide)])
})
afterEach(async () => {
  await client.close()
  await server.close()
})

async function connect(options: Parameters<typeof setupHost>[0] = {}) {
  const setup = setupHost({ client, capabilities: CAPS, ...options })
  await setup.view.initialize()
  return setup
}

describe('a v2 MCP Client', () => {
  itServesTheAppsCalls(connect, () => seen)

  it('cancels the server call when the bridge closes', async () => {
    const { view, bridge } = await connect()
    view.post({ jsonrpc: '2.0', id: 'c2', method: 'tools/call', params: { name: 'slow', arguments: {} } })
    await until(() => seen.calls.includes('slow'))
    bridge.close()
    await until(() => seen.slowAborted, 1000, 'the server to see the abort')
  })

  it('times a forwarded call out with the bridge timeout', async () => {
    const { view } = await connect({ timeoutMs: 100 })
    const response = await view.request('tools/call', { name: 'hang', arguments: {} })
    expect(response.error.code).toBe(-32001)
  })

  it('forwards a call with timeoutMs Infinity as "no timeout", not as one that fires at once', async () => {
    const { view } = await connect({ timeoutMs: Infinity })
    expect((await view.request('tools/call', { name: 'slow', arguments: {} })).result.content[0].text).toBe('done')
  })

  it('forwards resource reads', async () => {
    const { view } = await connect()
    expect((await view.request('resources/read', { uri: 'ui://demo/app' })).result.contents[0].text).toBe('<p>app</p>')
  })
})

describe('a v2 MCP Client losing its server', () => {
  it('reports a connection lost mid-call as CLOSED (-32603), not as a denial', async () => {
    const { view } = await connect()
    const pending = view.request('tools/call', { name: 'hang', arguments: {} })
    await new Promise((resolve) => setTimeout(resolve, 20))
    await server.close()
    expect((await pending).error).toMatchObject({ code: -32603, message: 'callTool: connection closed' })
  })

  it('answers the list requests after client.close() as CLOSED: the closed client itself answers them with empty lists', async () => {
    const { view } = await connect()
    await client.close()
    expect((await view.request('resources/list', {})).error).toMatchObject({ code: -32603, message: 'listResources: connection closed' })
    expect((await view.request('resources/templates/list', {})).error).toMatchObject({ code: -32603, message: 'listResourceTemplates: connection closed' })
  })

  it('answers a tools/call after client.close() as CLOSED, not as a visibility denial (its tools/list would be empty)', async () => {
    const { view } = await connect()
    await client.close()
    expect((await view.request('tools/call', { name: 'echo', arguments: {} })).error).toMatchObject({ code: -32603, message: 'listTools: connection closed' })
  })

  it('over stdio: reports the pending call and the next ones as CLOSED when the server process dies', async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: ['test/faults/fixtures/stdio-server.mjs'], stderr: 'pipe' })
    let log = ''
    transport.stderr?.on('data', (chunk) => (log += String(chunk)))
    const stdio = new Client({ name: 'v2-host', version: '1' })
    await stdio.connect(transport)
    try {
      const { view } = setupHost({ client: stdio, capabilities: { serverTools: {} } })
      await view.initialize()
      expect((await view.request('tools/call', { name: 'echo', arguments: { text: 'hi' } })).result).toBeDefined()
      const pending = view.request('tools/call', { name: 'hang', arguments: {} })
      await until(() => log.includes('called hang'))
      process.kill(transport.pid!, 'SIGKILL')
      expect((await pending).error).toMatchObject({ code: -32603, message: 'callTool: connection closed' })
      expect((await view.request('tools/call', { name: 'echo', arguments: { text: 'again' } })).error).toMatchObject({ code: -32603, message: 'listTools: connection closed' })
    } finally {
      await stdio.close()
    }
  })

  it('reports a call after the connection closed as CLOSED', async () => {
    const { view } = await connect()
    await client.close()
    expect((await view.request('resources/read', { uri: 'ui://demo/app' })).error).toMatchObject({ code: -32603, message: 'readResource: connection closed' })
  })
})

describe("a v2 MCP Client's types", () => {
  it("its tools go to the model-side helpers and to HostBridge as they are (no cast: `npm run typecheck` checks this file)", async () => {
    const { tools } = await client.listTools()
    expect(filterModelTools(tools).map((tool) => tool.name)).toEqual(['model_only'])
    expect(getToolUiResourceUri(tools[0]!)).toBe('ui://demo/app')
    expect((await readUiResource(client, 'ui://demo/app')).html).toBe('<p>app</p>')
    const { view } = await connect({ tools, tool: tools[0]! })
    expect((await view.request('tools/call', { name: 'model_only', arguments: {} })).error).toMatchObject({ code: -32000 })
    // And mountApp takes the client and one of its tools (type-checked only: it needs a browser frame).
    const mount = (container: HTMLElement) =>
      mountApp({ container, client, tool: tools[0]!, toolResult: client.callTool({ name: 'echo', arguments: {} }), sandbox: 'srcdoc', hostInfo: { name: 'h', version: '1' } })
    expect(typeof mount).toBe('function')
  })
})

describe('a v2 MCP Client reconnected, adapted or caching', () => {
  it("reconnected to another server: bridges made before and after that check visibility against the new server's list", async () => {
    const { view: before } = await connect()
    expect((await before.request('tools/call', { name: 'echo', arguments: {} })).result).toBeDefined()
    // The host connects the same Client again, to a server on which `echo` is model-only.
    await client.close()
    const other = new McpServer({ name: 'other', version: '2' })
    other.registerTool('echo', { description: 'echo', _meta: { ui: { visibility: ['model'] } } }, async () => {
      seen.calls.push('echo on the other server')
      return { content: [] }
    })
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
    await Promise.all([other.connect(serverSide), client.connect(clientSide)])
    try {
      const { view } = await connect()
      expect((await view.request('tools/call', { name: 'echo', arguments: {} })).error).toMatchObject({ code: -32000 })
      // The view rendered for the first server: its calls now reach the other one, under the other's visibility.
      expect((await before.request('tools/call', { name: 'echo', arguments: {} })).error).toMatchObject({ code: -32000 })
      expect(seen.calls).toEqual(['echo'])
    } finally {
      await other.close()
    }
  })

  it('seen through an adapter to the 1.x callTool(params, resultSchema, options) that passes getProtocolEra on: the options still reach it', async () => {
    const adapted = new Proxy(client, {
      get(target, key) {
        if (key === 'callTool') return (params: never, _schema: undefined, options: never) => target.callTool(params, options)
        const value = Reflect.get(target, key, target)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    await expectCancelReachesServer(await connect({ client: adapted }), () => seen.calls.includes('slow'), () => seen.slowAborted)
  })

  it('caching tools/list: a tool the server adds is callable once the host relays tools/list_changed', async () => {
    const cached = new Client({ name: 'v2-host', version: '1' }, { defaultCacheTtlMs: 60_000 })
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
    const own = new McpServer({ name: 'grows', version: '1' })
    own.registerTool('first', { description: 'first', _meta: app }, async () => ({ content: [{ type: 'text', text: 'first' }] }))
    await Promise.all([own.connect(serverSide), cached.connect(clientSide)])
    try {
      const { view, bridge } = setupHost({ client: cached, capabilities: { serverTools: { listChanged: true } } })
      let relayed = 0
      cached.setNotificationHandler('notifications/tools/list_changed', () => {
        relayed++
        bridge.sendListChanged('tools')
      })
      await view.initialize()
      expect((await view.request('tools/call', { name: 'first', arguments: {} })).result).toBeDefined()
      own.registerTool('second', { description: 'second', _meta: app }, async () => ({ content: [{ type: 'text', text: 'second' }] }))
      await until(() => relayed > 0)
      expect((await view.request('tools/call', { name: 'second', arguments: {} })).result?.content).toEqual([{ type: 'text', text: 'second' }])
    } finally {
      await cached.close()
      await own.close()
    }
  })
})
