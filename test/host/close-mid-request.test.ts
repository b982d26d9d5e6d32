/**
 * A host that closes the bridge while a request is being checked (from a `warning` or `traffic`
 * listener: a host policy that closes an app it finds misbehaving, say): the request must not
 * reach the host's handler afterwards. Closing ends the view's requests; a handler run after it
 * would act for a view the host has already let go (post its message, open its link).
 */
import { describe, expect, it, vi } from 'vitest'
import { hostsClosedAfterEach } from './helpers.js'

const start = hostsClosedAfterEach()

describe('a bridge closed while a request is checked', () => {
  it('never calls the handler after a warning listener closed it', async () => {
    const message = vi.fn(() => ({}))
    const { view, bridge, pair } = start({ capabilities: { message: {} }, handlers: { message } })
    await view.initialize()
    // The host closes any app whose traffic it finds malformed.
    bridge.on('warning', (warning) => warning.code === 'MALFORMED' && bridge.close('misbehaving app'))
    // Tolerated, with a MALFORMED note: a message without its role.
    view.post({ jsonrpc: '2.0', id: 9, method: 'ui/message', params: { content: [{ type: 'text', text: 'hi' }] } })
    await pair.flush()
    expect(bridge.closed).toBe(true)
    expect(message).not.toHaveBeenCalled()
  })

  it('never calls the handler after a traffic listener closed it on the incoming request', async () => {
    const message = vi.fn(() => ({}))
    const { view, bridge, pair } = start({ capabilities: { message: {} }, handlers: { message } })
    await view.initialize()
    bridge.on('traffic', (direction, data) => direction === 'in' && 'method' in data && data.method === 'ui/message' && bridge.close('no messages from apps today'))
    view.post({ jsonrpc: '2.0', id: 9, method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'hi' }] } })
    await pair.flush()
    expect(bridge.closed).toBe(true)
    expect(message).not.toHaveBeenCalled()
  })

  it('never forwards a tool call to the server after a traffic listener closed it on the incoming call', async () => {
    const callTool = vi.fn(async () => ({ content: [] }))
    const client = { callTool, listTools: async () => ({ tools: [] }), readResource: async () => ({}) }
    const tools = [{ name: 'save', inputSchema: { type: 'object' as const } }]
    const { view, bridge, pair } = start({ capabilities: { serverTools: {} }, client, tools })
    await view.initialize()
    bridge.on('traffic', (direction, data) => direction === 'in' && 'method' in data && data.method === 'tools/call' && bridge.close('closed by the host'))
    view.post({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'save', arguments: {} } })
    await pair.flush()
    expect(bridge.closed).toBe(true)
    expect(callTool).not.toHaveBeenCalled()
  })
})
