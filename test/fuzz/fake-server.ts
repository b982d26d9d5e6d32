/**
 * The MCP server behind the fuzzed host, as the `McpClient` the host bridge forwards to. It
 * records every call that reaches it (the host's checks must stop the rest), how many are in
 * flight at once, and honours `signal` and `timeout` the way the SDK's `Client` does. Its timers
 * are the test's (fake) timers, so a hanging tool is settled by advancing time.
 */
import type { McpClient, McpRequestOptions } from '../../src/host/index.js'
import type { Tool } from '../../src/protocol/mcp-types.js'

const tool = (name: string, visibility?: unknown): Tool => ({ name, inputSchema: { type: 'object' }, ...(visibility !== undefined && { _meta: { ui: { visibility } } }) }) as Tool

/** The server's tools: every visibility the spec allows, and malformed ones that must fail closed. */
export const SERVER_TOOLS: Tool[] = [
  tool('app-tool', ['app']),
  tool('model-tool', ['model']),
  tool('both-tool'),
  tool('hidden-tool', []),
  tool('odd-visibility', 'app'),
  tool('hang-tool', ['app', 'model']),
  tool('fail-tool', ['app']),
  tool('junk-tool', ['app']),
]

export interface ServerCall {
  method: string
  params: Record<string, unknown>
}

export class FakeServer implements McpClient {
  readonly calls: ServerCall[] = []
  listToolsCalls = 0
  inFlight = 0
  maxInFlight = 0

  callTool(params: Record<string, unknown>, _schema?: undefined, options: McpRequestOptions = {}): Promise<unknown> {
    return this.#run('callTool', params, options, () => {
      switch (params.name) {
        case 'hang-tool':
          return new Promise(() => {})
        case 'fail-tool':
          return Promise.reject(Object.assign(new Error('The tool failed'), { code: -32603 }))
        case 'junk-tool':
          // Not a CallToolResult, and not even cloneable: the bridge must still answer once.
          return Promise.resolve({ content: 'nope', fn: () => {} })
        default:
          return Promise.resolve({ content: [{ type: 'text', text: `ran ${String(params.name)}` }] })
      }
    })
  }

  listTools(): Promise<{ tools: Tool[] }> {
    this.listToolsCalls++
    return Promise.resolve({ tools: SERVER_TOOLS })
  }

  readResource(params: Record<string, unknown>, options?: McpRequestOptions): Promise<unknown> {
    return this.#run('readResource', params, options, () => Promise.resolve({ contents: [{ uri: params.uri, text: 'x' }] }))
  }

  listResources(params: Record<string, unknown> = {}, options?: McpRequestOptions): Promise<unknown> {
    return this.#run('listResources', params, options, () => Promise.resolve({ resources: [] }))
  }

  listResourceTemplates(params: Record<string, unknown> = {}, options?: McpRequestOptions): Promise<unknown> {
    return this.#run('listResourceTemplates', params, options, () => Promise.resolve({ resourceTemplates: [] }))
  }

  listPrompts(params: Record<string, unknown> = {}, options?: McpRequestOptions): Promise<unknown> {
    return this.#run('listPrompts', params, options, () => Promise.resolve({ prompts: [] }))
  }

  /** Runs one call with the SDK's semantics for `signal` (rejects on abort) and `timeout` (-32001). */
  #run(method: string, params: Record<string, unknown>, options: McpRequestOptions = {}, work: () => Promise<unknown>): Promise<unknown> {
    this.calls.push({ method, params })
    this.inFlight++
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight)
    return new Promise<unknown>((resolve, reject) => {
      const { signal, timeout = 60_000 } = options
      const done = (outcome: () => void) => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', onAbort)
        if (settled) return
        settled = true
        this.inFlight--
        outcome()
      }
      let settled = false
      const onAbort = () => done(() => reject(signal!.reason ?? new Error('aborted')))
      const timer = setTimeout(() => done(() => reject(Object.assign(new Error('Request timed out'), { code: -32001 }))), timeout)
      if (signal?.aborted) return onAbort()
      signal?.addEventListener('abort', onAbort, { once: true })
      work().then(
        (value) => done(() => resolve(value)),
        (error: unknown) => done(() => reject(error)),
      )
    })
  }
}
