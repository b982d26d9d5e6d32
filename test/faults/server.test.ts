/**
 * Faults behind the host: the MCP server crashes (its stdio process is killed) or hangs (a tool
 * that never answers) during a `tools/call` the view made through `mountApp`'s bridge, with the
 * real MCP client and server. The view, the side that waits, gets a typed error within its
 * timeout; the host stays usable; nothing is left pending, listening or ticking.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { listenedFrames } from '../../src/host/index.js'
import { rejection } from '../helpers/outcome.js'
import { mount, openPage, startStdioServer, trackTimers, viewIn, type Page, type StdioServer } from './mounted.js'

let page: Page
let server: StdioServer
let timers: ReturnType<typeof trackTimers>
beforeEach(async () => {
  page = openPage()
  server = await startStdioServer()
  timers = trackTimers()
})
afterEach(async () => {
  timers.stop()
  await server.close()
  await page.close()
})

async function mounted(timeoutMs: number) {
  const app = mount(page, { client: server.client as never, capabilities: { serverTools: {} }, timeoutMs })
  const view = await viewIn(app, page)
  await view.connect()
  await app.ready
  expect(await view.callServerTool({ name: 'echo', arguments: { text: 'hi' } })).toMatchObject({ content: [{ type: 'text', text: 'hi' }] })
  return { app, view }
}

describe('the MCP server fails during a proxied tools/call', () => {
  it('crashes: the view gets a typed error at once, not at its timeout, and the host answers the next call', async () => {
    const { app, view } = await mounted(10_000)
    const started = performance.now()
    const calling = rejection(view.callServerTool({ name: 'hang' }))
    await server.saw('called hang')
    server.kill()
    const error = await calling
    expect(performance.now() - started).toBeLessThan(2_000)
    // The SDK reports a closed connection as McpError -32000 ("Connection closed"), the spec's
    // denial code: the host relays it as CLOSED (-32603), so the view does not read it as DENIED.
    expect(error).toMatchObject({ code: 'REMOTE', rpcCode: -32603, message: 'callTool: connection closed' })
    expect(app.bridge.pendingCount).toBe(0)
    const next = await rejection(view.callServerTool({ name: 'echo', arguments: { text: 'again' } }))
    // The client has no connection any more: that call is CLOSED too, not a server failure (its
    // visibility is checked against the connection's tool list, which cannot be asked for).
    expect(next).toMatchObject({ code: 'REMOTE', rpcCode: -32603, message: 'listTools: connection closed' })
    await app.teardown()
    view.close()
    expect(listenedFrames(page.window as never)).toBe(0)
    expect(timers.live()).toEqual([])
  })

  it('hangs: the view gets TIMEOUT at the host\'s timeout, and the server is told to stop', async () => {

    const { app, view } = await mounted(800)
    const started = performance.now()
    const calling = rejection(view.callServerTool({ name: 'hang' }))
    await server.saw('called hang')
    // Both sides are waiting now: the view's timeout and the host's (in the MCP client) are live.
    expect(timers.live().length).toBeGreaterThanOrEqual(2)
    const error = await calling
    const elapsed = performance.now() - started
    expect(error.code).toBe('TIMEOUT')
    expect(error.rpcCode).toBe(-32001)
    expect(elapsed).toBeGreaterThanOrEqual(790)
    expect(elapsed).toBeLessThan(3_000)
    await server.saw('cancelled hang')
    expect(app.bridge.pendingCount).toBe(0)
    expect(await view.callServerTool({ name: 'echo', arguments: { text: 'still up' } })).toMatchObject({ content: [{ text: 'still up' }] })
    await app.teardown()
    view.close()
    expect(listenedFrames(page.window as never)).toBe(0)
    expect(timers.live()).toEqual([])
  })

  it('hangs, and the view gives up first: its own timeout cancels the call through the host to the server', async () => {
    const { app, view } = await mounted(30_000)
    const error = await rejection(view.callServerTool({ name: 'hang' }, { timeoutMs: 500 }))
    expect(error.code).toBe('TIMEOUT')
    await server.saw('cancelled hang')
    await expect.poll(() => app.bridge.pendingCount).toBe(0)
    await app.teardown()
    view.close()
    expect(listenedFrames(page.window as never)).toBe(0)
    expect(timers.live()).toEqual([])
  })
})
