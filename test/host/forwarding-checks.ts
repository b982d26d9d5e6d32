/**
 * Checks shared by the proxy tests of both MCP SDK `Client`s (1.x and 2.x): each server registers
 * a tool `slow` that reports progress once when given a token, then waits 300 ms unless aborted.
 */
import { expect } from 'vitest'
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
