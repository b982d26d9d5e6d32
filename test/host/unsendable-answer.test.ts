/**
 * An answer the host cannot post (structured clone refuses it): the view gets an internal error,
 * and the host is told through its `warning` event, whether the answer came from a handler or
 * from options (capabilities given as a framework's reactive proxy fail every handshake).
 */
import { describe, expect, it } from 'vitest'
import { hostsClosedAfterEach } from './helpers.js'

const start = hostsClosedAfterEach()

describe('an answer the host cannot post', () => {
  it('reactive capabilities: the handshake does not fail silently', async () => {
    const capabilities = new Proxy({ openLinks: {} }, {}) // what reactive() hands out
    let setup: ReturnType<typeof start> | undefined
    let threw: unknown
    try {
      setup = start({ capabilities })
    } catch (error) {
      threw = error
    }
    if (threw) return // refused at the constructor, like hostContext: fine
    const { view, warnings } = setup!
    const response = await view.initialize({}, { initialized: false })
    if (response.result) return // sent after all: fine
    expect(response.error.code).toBe(-32603)
    // The view cannot start; the host must at least be told why.
    expect(warnings.map((w) => w.message).join('\n')).toMatch(/ui\/initialize|clone|Response/)
  })

  it('a handler result that cannot be cloned is reported to the host', async () => {
    const { view, warnings } = start({
      capabilities: { serverTools: {} },
      tools: [{ name: 't', inputSchema: { type: 'object' } }],
      handlers: { callTool: () => ({ content: [{ type: 'text', text: 'ok' }], structuredContent: { format: () => 'x' } }) },
    })
    await view.initialize()
    const response = await view.request('tools/call', { name: 't', arguments: {} })
    expect(response.error.code).toBe(-32603)
    expect(warnings.map((w) => w.message).join('\n')).toMatch(/tools\/call|clone|Response/)
  })
})
