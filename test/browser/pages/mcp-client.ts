/**
 * The host page's MCP client: each call goes to `/mcp/<session>` on the host's own origin, where
 * the test process answers it with a real MCP `Client` (see `harness/mcp.ts`). It has the shape
 * of the SDK `Client` the host bridge expects (`McpClient`), nothing more.
 */
import type { McpClient, McpRequestOptions } from '../../../src/host/index.js'

export function remoteMcpClient(session: string): McpClient & { call(method: string, params: unknown, options?: McpRequestOptions): Promise<any> } {
  const call = async (method: string, params: unknown, options?: McpRequestOptions) => {
    const response = await fetch(`/mcp/${session}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ method, params }),
      signal: options?.signal,
    })
    const body = (await response.json()) as { result?: unknown; error?: { message: string; code?: number } }
    if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code })
    return body.result as any
  }
  return {
    call,
    callTool: (params, _schema, options) => call('callTool', params, options),
    listTools: (params, options) => call('listTools', params ?? {}, options),
    readResource: (params, options) => call('readResource', params, options),
    listResources: (params, options) => call('listResources', params ?? {}, options),
    listResourceTemplates: (params, options) => call('listResourceTemplates', params ?? {}, options),
    listPrompts: (params, options) => call('listPrompts', params ?? {}, options),
  }
}
