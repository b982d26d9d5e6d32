/**
 * The view's server requests proxied through the 2.x `Client` on the 2026-07-28 ("modern") protocol
 * era, where the client probes with `server/discover` instead of `initialize`, stamps a `_meta`
 * envelope on every request, and a server asks for client input by answering `tools/call` or
 * `resources/read` with an `input_required` result that the client fulfils and retries.
 *
 * A hand-wired `McpServer` never serves that era, whatever its `supportedProtocolVersions` (its
 * legacy codec answers `server/discover` with -32601): `serveStdio` makes the era decision, and
 * takes any transport, here the server end of an in-memory pair.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Client, InMemoryTransport, type ClientOptions } from '@modelcontextprotocol/client'
import { McpServer, ResourceTemplate, acceptedContent, inputRequired } from '@modelcontextprotocol/server'
import { serveStdio, type StdioServerHandle } from '@modelcontextprotocol/server/stdio'
import { hostsClosedAfterEach, until } from './helpers.js'
import { APP_TOOL_META, itServesTheAppsCalls, newServerSeen, registerProxiedTools, type ServerSeen } from './v2-server-tools.js'

const setupHost = hostsClosedAfterEach()
const app = APP_TOOL_META
const CAPS = { serverTools: {}, serverResources: {} }
const MODERN: ClientOptions = { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: { elicitation: {} } }

let seen: ServerSeen
let elicited: unknown[]
/** While set, the host's elicitation handler waits for it, as for a user deciding. */
let elicitationGate: Promise<void> | undefined
let elicitationAborted: boolean
let inputsSeen: unknown[]
let envelopes: unknown[]
let handle: StdioServerHandle
let client: Client

/** One server per connection: `serveStdio` builds it once the opening picked the era. */
function buildServer(): McpServer {
  const server = new McpServer({ name: 'modern-server', version: '1.0.0' })
  registerProxiedTools(server, seen)
  // Asks the host for confirmation in band: the first round answers `input_required`.
  server.registerTool('deploy', { description: 'deploy', _meta: app }, async (ctx) => {
    seen.calls.push('deploy')
    inputsSeen.push(ctx.mcpReq.inputResponses)
    const confirmed = acceptedContent(ctx.mcpReq.inputResponses, 'confirm')
    if (confirmed?.yes !== true) {
      return inputRequired({ inputRequests: { confirm: inputRequired.elicit({ message: 'Deploy?', requestedSchema: { type: 'object', properties: { yes: { type: 'boolean' } } } }) } })
    }
    return { content: [{ type: 'text', text: 'deployed' }] }
  })
  // Who the server thinks is calling: the envelope the client stamps on each modern-era request.
  server.registerTool('whoami', { description: 'whoami', _meta: app }, async (ctx) => {
    envelopes.push(ctx.mcpReq.envelope)
    return { content: [{ type: 'text', text: 'ok' }] }
  })
  server.registerResource('page', new ResourceTemplate('ui://demo/page/{n}', { list: undefined }), { mimeType: 'text/plain' }, async (uri) => ({
    contents: [{ uri: uri.href, text: 'page' }],
  }))
  server.registerPrompt('greet', { description: 'greet' }, async () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }] }))
  return server
}

/** A 2.x `Client` with `options`, connected to a fresh modern-era server. */
async function connectClient(options: ClientOptions = MODERN): Promise<[Client, StdioServerHandle]> {
  const own = new Client({ name: 'modern-host', version: '1.0.0' }, options)
  own.setRequestHandler('elicitation/create', async (request, ctx) => {
    elicited.push(request.params)
    ctx.mcpReq.signal.addEventListener('abort', () => (elicitationAborted = true))
    await elicitationGate
    return { action: 'accept', content: { yes: true } }
  })
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  const served = serveStdio(buildServer, { transport: serverSide })
  await own.connect(clientSide)
  return [own, served]
}

beforeEach(async () => {
  seen = newServerSeen()
  elicited = []
  elicitationGate = undefined
  elicitationAborted = false
  inputsSeen = []
  envelopes = []
  ;[client, handle] = await connectClient()
})
afterEach(async () => {
  await client.close()
  await handle.close()
})

async function connect(options: Parameters<typeof setupHost>[0] = {}) {
  const setup = setupHost({ client, capabilities: CAPS, ...options })
  await setup.view.initialize()
  return setup
}

describe('a v2 MCP Client on the 2026-07-28 era', () => {
  it('is connected on the modern era (what the rest of this file relies on)', () => {
    expect(client.getProtocolEra()).toBe('modern')
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28')
  })

  it("is connected on the modern era with versionNegotiation 'auto' too", async () => {
    const [auto, served] = await connectClient({ ...MODERN, versionNegotiation: { mode: 'auto' } })
    try {
      expect(auto.getProtocolEra()).toBe('modern')
      const { view } = await connect({ client: auto })
      expect((await view.request('tools/call', { name: 'deploy', arguments: {} })).result.content).toEqual([{ type: 'text', text: 'deployed' }])
    } finally {
      await auto.close()
      await served.close()
    }
  })

  itServesTheAppsCalls(connect, () => seen)

  it("completes a tool that asks for input (input_required): the host's client answers, the view gets the final result", async () => {
    const { view } = await connect()
    expect((await view.request('tools/call', { name: 'deploy', arguments: {} })).result.content).toEqual([{ type: 'text', text: 'deployed' }])
    expect(elicited).toEqual([expect.objectContaining({ message: 'Deploy?' })])
    expect(seen.calls).toEqual(['deploy', 'deploy'])
  })

  it("cancels the host's input request, and retries nothing, when the view cancels during it", async () => {
    let decide!: () => void
    elicitationGate = new Promise((resolve) => (decide = resolve))
    const { view, pair } = await connect()
    view.post({ jsonrpc: '2.0', id: 'c1', method: 'tools/call', params: { name: 'deploy', arguments: {} } })
    await until(() => elicited.length > 0)
    view.notify('notifications/cancelled', { requestId: 'c1' })
    await until(() => elicitationAborted, 1000, "the host's elicitation handler to see the abort")
    decide()
    await new Promise((resolve) => setTimeout(resolve, 50))
    await pair.flush()
    expect(seen.calls).toEqual(['deploy'])
    expect(view.received.find((m) => m.id === 'c1')).toBeUndefined()
  })

  it("does not count the host's time answering an input request against the bridge timeout (each round has its own)", async () => {
    elicitationGate = new Promise((resolve) => setTimeout(resolve, 250))
    const { view } = await connect({ timeoutMs: 100 })
    expect((await view.request('tools/call', { name: 'deploy', arguments: {} })).result.content).toEqual([{ type: 'text', text: 'deployed' }])
  })

  it('answers an input_required the client may not fulfil (autoFulfill: false) as an error, not as a result the view cannot read', async () => {
    const [manual, served] = await connectClient({ ...MODERN, inputRequired: { autoFulfill: false } })
    try {
      const { view } = await connect({ client: manual })
      // A 2026-01-26 view has no input_required vocabulary, nor could it answer one through the host:
      // an internal error (the host's setup cannot complete the call) is the honest answer.
      const { error } = await view.request('tools/call', { name: 'deploy', arguments: {} })
      expect(error).toMatchObject({ code: -32603, message: expect.stringContaining("'input_required'") })
      expect(elicited).toEqual([])
    } finally {
      await manual.close()
      await served.close()
    }
  })

  it('times a forwarded call out with the bridge timeout (-32001)', async () => {
    const { view } = await connect({ timeoutMs: 100 })
    expect((await view.request('tools/call', { name: 'hang', arguments: {} })).error.code).toBe(-32001)
  })

  it('forwards resource reads and the list requests', async () => {
    const { view } = await connect()
    expect((await view.request('resources/read', { uri: 'ui://demo/app' })).result.contents[0].text).toBe('<p>app</p>')
    expect((await view.request('resources/list', {})).result.resources.map((r: { uri: string }) => r.uri)).toEqual(['ui://demo/app'])
    expect((await view.request('resources/templates/list', {})).result.resourceTemplates.map((t: { uriTemplate: string }) => t.uriTemplate)).toEqual(['ui://demo/page/{n}'])
    expect((await view.request('prompts/list', {})).result.prompts.map((p: { name: string }) => p.name)).toEqual(['greet'])
  })
})

describe('a v2 MCP Client on the 2026-07-28 era, and a view forging what only the host may say', () => {
  it("does not let the view answer the server's input request itself: the host's client is asked", async () => {
    const { view } = await connect()
    // `inputResponses` is a 2026-07-28 tools/call param: the server takes it as the host's (the user's) answer.
    const forged = { confirm: { action: 'accept', content: { yes: true } } }
    await view.request('tools/call', { name: 'deploy', arguments: {}, inputResponses: forged, requestState: 'forged' })
    expect(inputsSeen[0]).toBeUndefined()
    expect(elicited).toHaveLength(1)
  })

  it("does not let the view's _meta replace the client's per-request envelope (its identity, capabilities, protocol version)", async () => {
    const { view } = await connect()
    const reserved = {
      'io.modelcontextprotocol/protocolVersion': '2025-06-18',
      'io.modelcontextprotocol/clientInfo': { name: 'evil', version: '6' },
      'io.modelcontextprotocol/clientCapabilities': { sampling: {} },
    }
    expect((await view.request('tools/call', { name: 'whoami', arguments: {}, _meta: { ...reserved, 'com.example/trace': 't1' } })).result).toBeDefined()
    expect(envelopes).toEqual([
      {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientInfo': { name: 'modern-host', version: '1.0.0' },
        'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
      },
    ])
  })
})

describe('a v2 MCP Client on the 2026-07-28 era losing its server', () => {
  it('reports a connection lost mid-call as CLOSED (-32603)', async () => {
    const { view } = await connect()
    const pending = view.request('tools/call', { name: 'hang', arguments: {} })
    await new Promise((resolve) => setTimeout(resolve, 20))
    await handle.close()
    expect((await pending).error).toMatchObject({ code: -32603, message: 'callTool: connection closed' })
  })

  it('reports requests after client.close() as CLOSED, not as a denial or as empty lists', async () => {
    const { view } = await connect()
    await client.close()
    expect((await view.request('tools/call', { name: 'echo', arguments: {} })).error).toMatchObject({ code: -32603, message: 'listTools: connection closed' })
    expect((await view.request('resources/read', { uri: 'ui://demo/app' })).error).toMatchObject({ code: -32603, message: 'readResource: connection closed' })
    expect((await view.request('resources/list', {})).error).toMatchObject({ code: -32603, message: 'listResources: connection closed' })
  })
})
