/**
 * The edges of proxying a view's calls to its server: whose tool list decides visibility, the
 * lookup's own timeout and races, cancellation while the lookup runs, a lost server connection,
 * and timeouts too long for the SDK's timers.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { listAllTools, type HostBridgeOptions, type Tool } from '../../src/host/index.js'
import { fromRpcError } from '../../src/protocol/index.js'
import { setupHost, until, type HostSetup } from './helpers.js'

let setup: HostSetup | undefined
const cleanups: Array<() => Promise<void> | void> = []

afterEach(async () => {
  setup?.bridge.close()
  setup?.pair.close()
  setup = undefined
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

async function start(options: Partial<HostBridgeOptions>) {
  setup = setupHost({ capabilities: { serverTools: { listChanged: true } }, ...options })
  await setup.view.initialize()
  return setup
}

/** A real SDK client connected to `server` in memory. */
async function connect(server: McpServer): Promise<Client> {
  const client = new Client({ name: 'host', version: '1' })
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await Promise.all([server.connect(serverSide), client.connect(clientSide)])
  cleanups.push(async () => {
    await client.close()
    await server.close()
  })
  return client
}

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((done) => (resolve = done))
  return { promise, resolve }
}

const tool = (name: string, visibility?: string[]): Tool => ({ name, inputSchema: { type: 'object' }, ...(visibility && { _meta: { ui: { visibility } } }) })
const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] })

describe('the tool list that decides visibility', () => {
  it("stays the host's own when the view calls a name it lacks: the server's list never replaces it", async () => {
    // The server leaves `secret` at the default visibility; the host's list makes it model-only.
    const client = { listTools: vi.fn(async () => ({ tools: [tool('secret')] })), callTool: vi.fn(async () => text('ran')), readResource: vi.fn() }
    const { view, bridge } = await start({ client, tools: [tool('secret', ['model'])] })
    expect((await view.request('tools/call', { name: 'made_up' })).error?.code).toBe(-32000)
    bridge.sendListChanged('tools')
    expect((await view.request('tools/call', { name: 'secret' })).error?.code).toBe(-32000)
    expect(client.listTools).not.toHaveBeenCalled()
    expect(client.callTool).not.toHaveBeenCalled()
  })

  it('is fetched again when the server says it changed while a fetch was on its way', async () => {
    const stale = deferred<{ tools: Tool[] }>()
    const listTools = vi.fn().mockImplementationOnce(() => stale.promise).mockImplementation(async () => ({ tools: [tool('flip', ['model'])] }))
    const client = { listTools, callTool: vi.fn(async () => text('ran')), readResource: vi.fn() }
    const { view, bridge } = await start({ client })
    const miss = view.request('tools/call', { name: 'made_up' })
    await until(() => listTools.mock.calls.length === 1)
    bridge.sendListChanged('tools') // `flip` became model-only...
    stale.resolve({ tools: [tool('flip', ['app'])] }) // ...and then the list from before arrives
    await miss
    expect((await view.request('tools/call', { name: 'flip' })).error?.code).toBe(-32000)
    expect(client.callTool).not.toHaveBeenCalled()
  })

  it('is looked up within the bridge timeout: a stalled tools/list answers the view -32001', async () => {
    const server = new McpServer({ name: 'stalls', version: '1' })
    server.registerTool('any', { description: 'any' }, async () => text('ok'))
    server.server.setRequestHandler((await import('@modelcontextprotocol/sdk/types.js')).ListToolsRequestSchema, () => new Promise(() => {}))
    const { view } = await start({ client: await connect(server), timeoutMs: 200 })
    expect((await view.request('tools/call', { name: 'any' })).error?.code).toBe(-32001)
  })
})

describe('a call whose lookup is still running', () => {
  async function pendingLookup() {
    const list = deferred<{ tools: Tool[] }>()
    const callTool = vi.fn(() => text('paid'))
    const listTools = vi.fn(() => list.promise)
    const { view, bridge, pair } = await start({ client: { listTools, callTool: vi.fn(), readResource: vi.fn() }, handlers: { callTool } })
    view.post({ jsonrpc: '2.0', id: 'c1', method: 'tools/call', params: { name: 'pay' } })
    await until(() => listTools.mock.calls.length === 1)
    return { list, callTool, view, bridge, pair }
  }

  it('never reaches the host handler once the view cancelled it', async () => {
    const { list, callTool, view, pair } = await pendingLookup()
    view.notify('notifications/cancelled', { requestId: 'c1', reason: 'user left' })
    await pair.flush()
    list.resolve({ tools: [tool('pay')] })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(callTool).not.toHaveBeenCalled()
  })

  it('never reaches the host handler once the bridge closed', async () => {
    const { list, callTool, bridge } = await pendingLookup()
    bridge.close()
    list.resolve({ tools: [tool('pay')] })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(callTool).not.toHaveBeenCalled()
  })
})

/**
 * A view's `tools/call` of an app tool whose visibility lookup is under way when the server goes:
 * the server never answers `tools/list`, and the 1.x Client rejects it with -32000 (a refusal's
 * code) when the connection closes.
 */
async function callLosingTheLookup() {
  const server = new McpServer({ name: 'dies', version: '1' })
  server.registerTool('t', { description: 't', _meta: { ui: { visibility: ['app'] } } }, () => ({ content: [] }))
  let listing = false
  server.server.setRequestHandler(ListToolsRequestSchema, () => {
    listing = true
    return new Promise(() => {})
  })
  const { view } = await start({ client: await connect(server) })
  const pending = view.request('tools/call', { name: 't' })
  await until(() => listing)
  await server.close()
  return { view, pending }
}

describe("the server connection and the SDK's timers", () => {
  it('reports a connection lost mid-call as CLOSED (-32603), not as a denial (-32000)', async () => {
    const server = new McpServer({ name: 'dies', version: '1' })
    let started = false
    server.registerTool('hang', { description: 'hang' }, () => {
      started = true
      return new Promise(() => {})
    })
    const { view } = await start({ client: await connect(server) })
    const pending = view.request('tools/call', { name: 'hang' })
    await until(() => started)
    await server.close()
    const { error } = await pending
    expect(error).toMatchObject({ code: -32603, message: 'callTool: connection closed' })
    expect(fromRpcError(error).code).not.toBe('DENIED')
  })

  it("reports a connection lost during the visibility lookup (the server's tools/list) as CLOSED, not as a denial", async () => {
    const { error } = await (await callLosingTheLookup()).pending
    expect(error).toMatchObject({ code: -32603, message: 'listTools: connection closed' })
    expect(fromRpcError(error).code).not.toBe('DENIED')
  })

  it("reports the 2.x Client's own timeout of the visibility lookup as TIMEOUT (-32001), as for a forwarded call", async () => {
    const timedOut = Object.assign(new Error('Request timed out'), { code: 'REQUEST_TIMEOUT' })
    const client = { getProtocolEra: () => 'legacy', listTools: vi.fn(async () => Promise.reject(timedOut)), callTool: vi.fn(), readResource: vi.fn() }
    const { view } = await start({ client })
    const { error } = await view.request('tools/call', { name: 't' })
    expect(error).toMatchObject({ code: -32001, message: 'Request timed out' })
    expect(client.callTool).not.toHaveBeenCalled()
    await expect(listAllTools(client)).rejects.toMatchObject({ code: 'TIMEOUT' })
  })

  it('reports a call made after the connection closed as CLOSED, not as an internal failure of the server', async () => {
    const server = new McpServer({ name: 'gone', version: '1' })
    server.registerResource('r', 'ui://gone/r', {}, async (uri) => ({ contents: [{ uri: uri.href, text: 'r' }] }))
    const client = await connect(server)
    const { view } = await start({ client, capabilities: { serverResources: {} } })
    await client.close()
    expect((await view.request('resources/read', { uri: 'ui://gone/r' })).error).toMatchObject({ code: -32603, message: 'readResource: connection closed' })
  })

  it("relays a server's own -32000 refusal unchanged while the connection is up", async () => {
    const client = { listTools: vi.fn(async () => ({ tools: [tool('pay')] })), callTool: vi.fn(async () => Promise.reject(Object.assign(new Error('no funds'), { code: -32000 }))), readResource: vi.fn(), transport: {} }
    const { view } = await start({ client })
    expect((await view.request('tools/call', { name: 'pay' })).error).toMatchObject({ code: -32000, message: 'no funds' })
  })

  for (const timeoutMs of [Infinity, 2 ** 31]) {
    it(`forwards calls with timeoutMs ${timeoutMs} as "no timeout", not as one that fires at once`, async () => {
      const server = new McpServer({ name: 'slow', version: '1' })
      server.registerTool('slow', { description: 'slow' }, async () => {
        await new Promise((resolve) => setTimeout(resolve, 50))
        return text('done')
      })
      const { view } = await start({ client: await connect(server), timeoutMs })
      const response = await view.request('tools/call', { name: 'slow' })
      expect(response.result?.content).toEqual([{ type: 'text', text: 'done' }])
    })
  }
})

describe('listAllTools', () => {
  it('follows every page, keeps only well-formed tools, and stops at an empty cursor', async () => {
    const pages: Record<string, { tools: unknown[]; nextCursor?: string }> = {
      first: { tools: [tool('a'), { description: 'no name' }], nextCursor: 'p2' },
      p2: { tools: [tool('b')], nextCursor: 'p3' },
      p3: { tools: [tool('c')], nextCursor: '' },
    }
    const listTools = vi.fn(async (params?: { cursor?: string }) => pages[params?.cursor ?? 'first'] as { tools: Tool[]; nextCursor?: string })
    const tools = await listAllTools({ listTools })
    expect(tools.map((t) => t.name)).toEqual(['a', 'b', 'c'])
    expect(listTools.mock.calls.map(([params]) => params)).toEqual([{}, { cursor: 'p2' }, { cursor: 'p3' }])
  })

  it('gives a bridge the tools of every page for visibility checks', async () => {
    const listTools = vi.fn(async (params?: { cursor?: string }) => (params?.cursor ? { tools: [tool('late', ['app'])] } : { tools: [tool('early', ['model'])], nextCursor: 'next' }))
    const callTool = vi.fn(async () => text('ok'))
    const { view } = await start({ client: { listTools, callTool, readResource: vi.fn() } })
    expect((await view.request('tools/call', { name: 'late', arguments: {} })).result).toEqual(text('ok'))
    expect(callTool).toHaveBeenCalledTimes(1)
  })
})

describe("the host's own tool list", () => {
  it('survives a tools list change: there is no server list to fetch instead', async () => {
    const callTool = vi.fn(() => text('from the host'))
    const { view, bridge } = await start({ tools: [tool('mine', ['app'])], handlers: { callTool } })
    bridge.sendListChanged('tools')
    expect((await view.request('tools/call', { name: 'mine', arguments: {} })).result).toEqual(text('from the host'))
  })
})

describe('what a forwarded call carries to the client', () => {
  it("forwards the request alone (not the view's _meta, nor a 2026-07-28 era's input answers, nor a field a later revision adds: the host's client says those), and asks the client to restart its timeout on progress", async () => {
    const callTool = vi.fn(async (..._args: unknown[]) => text('ok'))
    const client = { listTools: async () => ({ tools: [tool('t', ['app'])] }), callTool, readResource: vi.fn() }
    const { view } = await start({ client, timeoutMs: 1234 })
    await view.request('tools/call', {
      name: 't',
      arguments: { a: 1 },
      _meta: { progressToken: 'view-token', trace: 'x', 'io.modelcontextprotocol/clientInfo': { name: 'forged' } },
      inputResponses: { confirm: { action: 'accept' } },
      requestState: 'forged',
      // A field some later revision gives the host's client to say.
      laterRevision: 'forged',
    })
    await view.request('tools/call', { name: 't', arguments: {}, _meta: { progressToken: 7 } })
    await view.request('tools/call', { name: 't', arguments: {} })
    type Call = [Record<string, unknown>, unknown, Record<string, unknown>]
    const [[first, schema, options], [second, , withToken], [third, , plain]] = callTool.mock.calls as unknown as [Call, Call, Call]
    expect(first).toStrictEqual({ name: 't', arguments: { a: 1 } })
    expect(schema).toBeUndefined()
    expect(options).toMatchObject({ timeout: 1234, resetTimeoutOnProgress: true, onprogress: expect.any(Function), signal: expect.any(AbortSignal) })
    expect(second).toStrictEqual({ name: 't', arguments: {} })
    expect(withToken).toMatchObject({ resetTimeoutOnProgress: true })
    expect(third).toStrictEqual({ name: 't', arguments: {} })
    expect(plain).not.toHaveProperty('onprogress')
    expect(plain).not.toHaveProperty('resetTimeoutOnProgress')
  })

  it('forwards a resource read by its uri alone, and a list request by its cursor alone', async () => {
    const readResource = vi.fn(async (..._args: unknown[]) => ({ contents: [] }))
    const listResources = vi.fn(async (..._args: unknown[]) => ({ resources: [] }))
    const client = { listTools: async () => ({ tools: [] }), callTool: vi.fn(), readResource, listResources }
    const { view } = await start({ client, capabilities: { serverResources: {} } })
    const extra = { _meta: { 'io.modelcontextprotocol/protocolVersion': '2025-06-18' }, inputResponses: {}, requestState: 'forged', laterRevision: 'forged' }
    await view.request('resources/read', { uri: 'ui://app/data', ...extra })
    await view.request('resources/list', { cursor: 'next', ...extra })
    await view.request('resources/list', extra)
    expect(readResource.mock.calls[0]![0]).toStrictEqual({ uri: 'ui://app/data' })
    expect(listResources.mock.calls.map((call) => call[0])).toStrictEqual([{ cursor: 'next' }, {}])
  })
})

describe("a view's task augmentation (the 2025-11-25 era's params.task)", () => {
  it('is not forwarded: the host\'s client decides whether a call runs as a task, as for _meta and the input answers', async () => {
    const callTool = vi.fn(async (..._args: unknown[]) => text('ok'))
    const client = { listTools: async () => ({ tools: [tool('t', ['app'])] }), callTool, readResource: vi.fn() }
    const { view } = await start({ client })
    await view.request('tools/call', { name: 't', arguments: { a: 1 }, task: { ttl: 60_000 } })
    expect(callTool.mock.calls[0]![0]).toStrictEqual({ name: 't', arguments: { a: 1 } })
  })

  it("never makes the server run the call as a detached task the host's client did not ask for (its answer would come at once while the work goes on, out of the view's cancellation and the 16-call cap)", async () => {
    const { InMemoryTaskStore } = await import('@modelcontextprotocol/sdk/experimental/tasks/stores/in-memory.js')
    const server = new McpServer({ name: 'tasks', version: '1' }, { capabilities: { tasks: { requests: { tools: { call: {} } } } }, taskStore: new InMemoryTaskStore() } as never)
    // A tool that may run as a task: without augmentation the server polls its own task and answers the result.
    ;(server as unknown as { experimental: { tasks: { registerToolTask: Function } } }).experimental.tasks.registerToolTask(
      'work',
      { description: 'work', execution: { taskSupport: 'optional' }, _meta: { ui: { visibility: ['app'] } } },
      {
        createTask: async (extra: any) => {
          const task = await extra.taskStore.createTask({ ttl: 60_000, pollInterval: 10 })
          await extra.taskStore.storeTaskResult(task.taskId, 'completed', text('done'))
          return { task: await extra.taskStore.getTask(task.taskId) }
        },
        getTask: async (extra: any) => extra.taskStore.getTask(extra.taskId),
        getTaskResult: async (extra: any) => extra.taskStore.getTaskResult(extra.taskId),
      },
    )
    const { view } = await start({ client: await connect(server) })
    const { result } = await view.request('tools/call', { name: 'work', arguments: {}, task: { ttl: 60_000 } })
    // The view called a tool and gets the tool's result, not a CreateTaskResult for a task it cannot poll (tasks/* are not forwarded).
    expect(result).not.toHaveProperty('task')
    expect(result).toMatchObject(text('done'))
  })
})

describe('a call right after the visibility lookup failed', () => {
  it('is CLOSED, not a denial, when the connection is gone: the view must not read an app tool as not callable', async () => {
    const { view, pending } = await callLosingTheLookup()
    expect((await pending).error).toMatchObject({ code: -32603, message: 'listTools: connection closed' })
    // The view tries again: the connection is still gone, and `t` is still a tool the app may call.
    const { error } = await view.request('tools/call', { name: 't' })
    expect(fromRpcError(error).code).not.toBe('DENIED')
    expect(error).toMatchObject({ code: -32603, message: expect.stringContaining('connection closed') })
  })

  it("is the lookup's failure again (TIMEOUT), not a denial, while the list is not asked for again", async () => {
    const timedOut = Object.assign(new Error('Request timed out'), { code: 'REQUEST_TIMEOUT' })
    const listTools = vi.fn(async () => Promise.reject(timedOut))
    const client = { getProtocolEra: () => 'legacy', listTools, callTool: vi.fn(), readResource: vi.fn() }
    const { view } = await start({ client })
    expect((await view.request('tools/call', { name: 't' })).error).toMatchObject({ code: -32001 })
    const { error } = await view.request('tools/call', { name: 't' })
    expect(listTools).toHaveBeenCalledTimes(1)
    expect(fromRpcError(error).code).not.toBe('DENIED')
  })
})
