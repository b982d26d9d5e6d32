/**
 * Checks shared by the proxy tests of both MCP SDK `Client`s (1.x and 2.x): each server registers
 * a tool `slow` that reports progress once when given a token, then waits 300 ms unless aborted.
 */
import { expect } from 'vitest'
import type { BridgeError, CallToolParams, CallToolResult, ForwardingContext, HostBridgeOptions } from '../../src/host/index.js'
import { until, type HostSetup } from './helpers.js'

/** The server's progress reaches the view under the view's own token, which the server never sees. */
export async function expectProgressRelayed({ view }: HostSetup, tokensSeenByServer: unknown[]): Promise<void> {
  const response = await view.request('tools/call', { name: 'slow', arguments: {}, _meta: { progressToken: 'view-token' } })
  expect(response.result.content[0].text).toBe('done')
  expect(view.notifications('notifications/progress').map((m) => m.params)).toEqual([{ progressToken: 'view-token', progress: 1, total: 2, message: 'half' }])
  expect(tokensSeenByServer).toHaveLength(1)
  expect(tokensSeenByServer[0]).not.toBe('view-token')
}

/** The view's `notifications/cancelled` aborts the server's call, and the request is never answered (MCP). */
export async function expectCancelReachesServer({ view, pair }: HostSetup, serverStarted: () => boolean, serverAborted: () => boolean): Promise<void> {
  view.post({ jsonrpc: '2.0', id: 'c1', method: 'tools/call', params: { name: 'slow', arguments: {} } })
  await until(serverStarted)
  view.notify('notifications/cancelled', { requestId: 'c1', reason: 'user navigated' })
  await until(serverAborted, 1000, 'the server to see the abort')
  await pair.flush()
  expect(view.received.find((m) => m.id === 'c1')).toBeUndefined()
}

/**
 * A host handler's `forward()` rejects with what ended the call: `CANCELLED` (with the view's
 * reason) when the view cancels it, `CLOSED` when the bridge closes; both SDK clients report an
 * abort as a timeout of their own (the 1.x one as -32001, the 2.x one as `REQUEST_TIMEOUT`).
 */
export async function expectForwardEndsAsAborted(connect: (options: Partial<HostBridgeOptions>) => Promise<HostSetup>, serverCalls: () => number): Promise<void> {
  const ended: BridgeError[] = []
  const callTool = (_params: CallToolParams, context: ForwardingContext<CallToolResult>) =>
    context.forward().catch((error: BridgeError) => {
      ended.push(error)
      throw error
    })
  const { view, bridge } = await connect({ handlers: { callTool } })
  view.post({ jsonrpc: '2.0', id: 'c1', method: 'tools/call', params: { name: 'slow', arguments: {} } })
  await until(() => serverCalls() === 1)
  view.notify('notifications/cancelled', { requestId: 'c1', reason: 'user navigated' })
  await until(() => ended.length === 1, 1000, 'forward() to end')
  expect(ended[0]).toMatchObject({ code: 'CANCELLED', message: expect.stringContaining('user navigated') })
  view.post({ jsonrpc: '2.0', id: 'c2', method: 'tools/call', params: { name: 'slow', arguments: {} } })
  await until(() => serverCalls() === 2)
  bridge.close('host closed')
  await until(() => ended.length === 2, 1000, 'forward() to end')
  expect(ended[1]).toMatchObject({ code: 'CLOSED' })
}
