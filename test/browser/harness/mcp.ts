/**
 * Real MCP servers behind the browser host, reached by a real MCP `Client`
 * (`@modelcontextprotocol/sdk`) that lives in Node.
 *
 * The host page cannot spawn processes, so its MCP client is a thin shim (see
 * `pages/mcp-client.ts`) that POSTs each call to `/mcp/<session>` on the host origin; this module
 * answers by calling the real `Client`, which talks MCP to either an in-test `McpServer` (over the
 * SDK's in-memory transport) or a published server started with `--stdio`. The endpoint is
 * same-origin for the host page and unreachable for views (their CSP has `connect-src 'none'`
 * or only declared origins), so it gives a view no way around the host bridge.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { randomUUID } from 'node:crypto'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { EXTENSION_ID, RESOURCE_MIME_TYPE } from '../../../src/protocol/methods.js'
import type { TestServer } from './servers.js'

/** One call the host page made through its MCP client. */
export interface McpCall {
  method: string
  params: unknown
  result?: unknown
  error?: string
}

export interface McpSession {
  /** Goes into the host page's config; the shim POSTs to `/mcp/<id>`. */
  id: string
  client: Client
  /** Every call the host page forwarded, in order. */
  calls: McpCall[]
  /** Resolves with the first finished call (result or error) matching `match`, past or future. */
  waitForCall(match: (call: McpCall) => boolean): Promise<McpCall>
  close(): Promise<void>
}

const FORWARDED = ['callTool', 'listTools', 'readResource', 'listResources', 'listResourceTemplates', 'listPrompts'] as const
type Forwarded = (typeof FORWARDED)[number]

/** The capabilities a host that renders MCP Apps advertises to servers (spec: `mimeTypes` is required). */
export const UI_CLIENT_CAPABILITIES = { extensions: { [EXTENSION_ID]: { mimeTypes: [RESOURCE_MIME_TYPE] } } }

/** Serves `/mcp/<session>` on the host origin; returns the function that registers a connected client. */
export function mcpEndpoint(host: TestServer): { register(client: Client, onClose?: () => Promise<void>): McpSession } {
  const sessions = new Map<string, McpSession>()
  /** Per session: tells its waiters about a call that just finished. */
  const finished = new Map<string, (call: McpCall) => void>()
  host.route('/mcp/*', async (request, response, body) => {
    const id = (request.url ?? '').split('/')[2] ?? ''
    const session = sessions.get(id)
    const reply = (status: number, value: unknown) => response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value))
    if (request.method !== 'POST' || !session) return reply(404, { error: { message: `No MCP session ${id}` } })
    const { method, params } = JSON.parse(body) as { method: Forwarded; params: unknown }
    const call: McpCall = { method, params }
    session.calls.push(call)
    if (!FORWARDED.includes(method)) {
      call.error = `not forwarded: ${method}`
      finished.get(id)?.(call)
      return reply(400, { error: { message: call.error } })
    }
    try {
      const client = session.client as unknown as Record<Forwarded, (params: unknown) => Promise<unknown>>
      call.result = await client[method].call(session.client, params ?? {})
      reply(200, { result: call.result })
    } catch (error) {
      call.error = error instanceof Error ? error.message : String(error)
      reply(200, { error: { message: call.error, code: (error as { code?: unknown }).code } })
    }
    finished.get(id)?.(call)
  })
  return {
    register(client, onClose) {
      const waiters: Array<{ match(call: McpCall): boolean; resolve(call: McpCall): void }> = []
      const session: McpSession = {
        id: randomUUID(),
        client,
        calls: [],
        waitForCall(match) {
          const done = session.calls.find((call) => (call.result !== undefined || call.error !== undefined) && match(call))
          return done ? Promise.resolve(done) : new Promise((resolve) => waiters.push({ match, resolve }))
        },
        async close() {
          finished.delete(session.id)
          sessions.delete(session.id)
          // `onClose` owns the client (it may keep it for the next session); without it the client is closed.
          await (onClose ? onClose() : client.close().catch(() => {}))
        },
      }
      sessions.set(session.id, session)
      finished.set(session.id, (call) => {
        for (const waiter of [...waiters]) {
          if (waiter.match(call)) {
            waiters.splice(waiters.indexOf(waiter), 1)
            waiter.resolve(call)
          }
        }
      })
      return session
    },
  }
}

/** What the in-test server's tools saw: proof that a call reached the server itself. */
export interface TestServerLog {
  invocations: Array<{ tool: string; arguments: unknown }>
}

/**
 * An `McpServer` written here for the tests, with a tool only apps may call (`add`), one that
 * answers only when the test calls `release()` (`held`: a slow server call), a tool only the model
 * may call (`model-only-secret`), and the UI tool that opens the test view.
 */
export async function connectTestServer(): Promise<{ client: Client; log: TestServerLog; release(): void; close(): Promise<void> }> {
  const log: TestServerLog = { invocations: [] }
  const server = new McpServer({ name: 'mcp-app-bridge browser test server', version: '1.0.0' })
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  server.registerTool(
    'add',
    {
      description: 'Adds two numbers (callable by the app only).',
      inputSchema: { a: z.number(), b: z.number() },
      _meta: { ui: { visibility: ['app'] } },
    },
    async ({ a, b }) => {
      log.invocations.push({ tool: 'add', arguments: { a, b } })
      return { content: [{ type: 'text', text: String(a + b) }], structuredContent: { sum: a + b } }
    },
  )
  server.registerTool(
    'held',
    { description: 'Answers once the test releases it (callable by the app only).', inputSchema: {}, _meta: { ui: { visibility: ['app'] } } },
    async () => {
      log.invocations.push({ tool: 'held', arguments: {} })
      await released
      return { content: [{ type: 'text', text: 'released' }], structuredContent: { released: true } }
    },
  )
  server.registerTool(
    'model-only-secret',
    { description: 'Must never run for a view.', inputSchema: {}, _meta: { ui: { visibility: ['model'] } } },
    async () => {
      log.invocations.push({ tool: 'model-only-secret', arguments: {} })
      return { content: [{ type: 'text', text: 'secret' }] }
    },
  )
  server.registerTool(
    'show-widget',
    { description: 'Opens the test view.', inputSchema: { city: z.string() }, _meta: { ui: { resourceUri: 'ui://test/widget.html' } } },
    async ({ city }) => {
      log.invocations.push({ tool: 'show-widget', arguments: { city } })
      return { content: [{ type: 'text', text: `Weather in ${city}: sunny` }], structuredContent: { city, forecast: 'sunny' } }
    },
  )
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  const client = new Client({ name: 'mcp-app-bridge browser host', version: '1.0.0' }, { capabilities: UI_CLIENT_CAPABILITIES })
  await client.connect(clientSide)
  return {
    client,
    log,
    release,
    async close() {
      release()
      await client.close().catch(() => {})
      await server.close().catch(() => {})
    },
  }
}

/** Where an installed package lives: `node_modules/<name>` in this directory or any above it. */
export function findPackageDir(name: string, from = process.cwd()): string {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name)
    if (existsSync(join(candidate, 'package.json'))) return candidate
    if (dirname(dir) === dir) break
  }
  throw new Error(`Package ${name} is not installed (try: npm install --save-dev ${name})`)
}

/** The package's executable: `command` if given, else its only `bin`, or the one named like the package. */
export function findBin(name: string, command?: string): string {
  const dir = findPackageDir(name)
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { bin?: string | Record<string, string> }
  const bin = manifest.bin
  if (typeof bin === 'string') return join(dir, bin)
  const entries = Object.entries(bin ?? {})
  if (!entries.length) throw new Error(`Package ${name} has no "bin" to start`)
  if (command !== undefined) {
    const named = entries.find(([candidate]) => candidate === command)
    if (!named) throw new Error(`Package ${name} has no bin "${command}" (it has: ${entries.map(([candidate]) => candidate).join(', ')})`)
    return join(dir, named[1])
  }
  const short = name.split('/').pop()!
  const chosen = entries.find(([command]) => command === short || command.endsWith(short)) ?? entries[0]!
  return join(dir, chosen[1])
}

/**
 * Starts an installed MCP server package with `--stdio` and connects a real MCP `Client` to it.
 * `nodeArgs` go to Node before the bin (`--import` a fixture); `env` is added to the SDK's default
 * environment for the process.
 */
export async function connectPublishedServer(
  name: string,
  args: readonly string[] = ['--stdio'],
  nodeArgs: readonly string[] = [],
  { bin, env }: { bin?: string; env?: Record<string, string> } = {},
): Promise<{ client: Client; stderr: () => string; close(): Promise<void> }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [...nodeArgs, findBin(name, bin), ...args], env, stderr: 'pipe' })
  let stderr = ''
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4_000)
  })
  const client = new Client({ name: 'mcp-app-bridge browser host', version: '1.0.0' }, { capabilities: UI_CLIENT_CAPABILITIES })
  await client.connect(transport)
  return { client, stderr: () => stderr, close: () => client.close().catch(() => {}) }
}
