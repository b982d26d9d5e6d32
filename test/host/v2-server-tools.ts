/**
 * The tools and resource a 2.x `McpServer` (`@modelcontextprotocol/server`) offers the proxy tests
 * of both protocol eras (`server-proxy-client2.test.ts`, `server-proxy-modern-era.test.ts`), and
 * what the server saw of the calls.
 */
import type { McpServer } from '@modelcontextprotocol/server'
import { expect, it } from 'vitest'
import { z } from 'zod'
import { expectCancelReachesServer, expectForwardEndsAsAborted, expectProgressRelayed } from './forwarding-checks.js'
import type { HostBridgeOptions } from '../../src/host/index.js'
import type { HostSetup } from './helpers.js'

/** What the server saw: the tools called, whether `slow` was aborted, the progress tokens it got. */
export interface ServerSeen {
  calls: string[]
  slowAborted: boolean
  progressTokens: unknown[]
}

export const newServerSeen = (): ServerSeen => ({ calls: [], slowAborted: false, progressTokens: [] })

/** The `_meta` of a tool the app may call, on the app's resource. */
export const APP_TOOL_META = { ui: { resourceUri: 'ui://demo/app', visibility: ['app'] } }

/**
 * `echo` (app), `model_only`, `slow` (one progress report, then 300 ms unless aborted), `hang`
 * (never answers), and the app's resource `ui://demo/app`.
 */
export function registerProxiedTools(server: McpServer, seen: ServerSeen): void {
  server.registerTool('echo', { description: 'echo', inputSchema: { n: z.number().optional() }, _meta: APP_TOOL_META }, async ({ n }) => {
    seen.calls.push('echo')
    return { content: [{ type: 'text', text: `echo:${n ?? ''}` }] }
  })
  server.registerTool('model_only', { description: 'model only', _meta: { ui: { visibility: ['model'] } } }, async () => {
    seen.calls.push('model_only')
    return { content: [] }
  })
  server.registerTool('slow', { description: 'slow', _meta: APP_TOOL_META }, async (ctx) => {
    seen.calls.push('slow')
    const token = ctx.mcpReq._meta?.progressToken
    seen.progressTokens.push(token)
    if (token !== undefined) await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken: token, progress: 1, total: 2, message: 'half' } })
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 300)
      ctx.mcpReq.signal.addEventListener('abort', () => {
        seen.slowAborted = true
        clearTimeout(timer)
        resolve()
      })
    })
    return { content: [{ type: 'text', text: 'done' }] }
  })
  server.registerTool('hang', { description: 'hang', _meta: APP_TOOL_META }, () => new Promise(() => {}))
  server.registerResource('app', 'ui://demo/app', { mimeType: 'text/html;profile=mcp-app' }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/html;profile=mcp-app', text: '<p>app</p>' }],
  }))
}

/**
 * The calls both eras must serve alike, as tests of the calling file: the app's tool answered and
 * a model-only one refused before the server sees it, progress relayed, the view's cancellation
 * reaching the server. `seen` is read when each test runs (a `beforeEach` makes a new one).
 */
export function itServesTheAppsCalls(connect: (options?: Partial<HostBridgeOptions>) => Promise<HostSetup>, seen: () => ServerSeen): void {
  it('serves the tools the app may call, and refuses a model-only tool before the server sees it', async () => {
    const { view } = await connect()
    expect((await view.request('tools/call', { name: 'echo', arguments: { n: 3 } })).result.content).toEqual([{ type: 'text', text: 'echo:3' }])
    expect((await view.request('tools/call', { name: 'model_only', arguments: {} })).error).toMatchObject({ code: -32000 })
    expect(seen().calls).toEqual(['echo'])
  })

  it("relays the server's progress under the view's own token", async () => {
    await expectProgressRelayed(await connect(), seen().progressTokens)
  })

  it('cancels the server call when the view cancels its request', async () => {
    await expectCancelReachesServer(await connect(), () => seen().calls.includes('slow'), () => seen().slowAborted)
  })

  it("ends a host handler's forward() as CANCELLED when the view cancels, CLOSED when the bridge closes (not as the client's timeout)", async () => {
    await expectForwardEndsAsAborted(connect, () => seen().calls.filter((name) => name === 'slow').length)
  })
}
