/**
 * A view re-created in its frame (a remount, React Fast Refresh, StrictMode's second mount) is a new
 * instance whose request ids start again where the first one's did. What the first instance still
 * had in flight must not answer (or block) the second instance's requests of the same ids.
 */
import { describe, expect, it } from 'vitest'
import { hostsClosedAfterEach, until } from './helpers.js'

const start = hostsClosedAfterEach()

describe('requests of a view instance that was re-created', () => {
  it("are not answered to the new instance, whose own request with the same id is served", async () => {
    let release!: (value: unknown) => void
    let readSignal!: AbortSignal
    const { view, warnings } = start({
      capabilities: { serverResources: {} },
      handlers: {
        // The first instance's read is slow; the second instance's list answers at once.
        readResource: (_params, { signal }) => {
          readSignal = signal
          return new Promise((resolve) => (release = resolve)) as never
        },
        listResources: () => ({ resources: [{ uri: 'ui://b', name: 'from the list' }] }),
      },
    })
    const init = { appInfo: { name: 'app', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' }
    // First instance: ids 1 (initialize), 2 (a slow read).
    view.post({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: init })
    await until(() => view.received.find((m) => m.id === 1))
    view.notify('ui/notifications/initialized', {})
    view.post({ jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'ui://a' } })
    // Second instance in the same frame: its ids start at 1 again.
    view.received.length = 0
    view.post({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: init })
    await until(() => view.received.find((m) => m.id === 1))
    view.notify('ui/notifications/initialized', {})
    view.post({ jsonrpc: '2.0', id: 2, method: 'resources/list', params: {} })
    await new Promise((resolve) => setTimeout(resolve, 20))
    release({ contents: [{ uri: 'ui://a', text: 'from the read' }] })
    await new Promise((resolve) => setTimeout(resolve, 20))
    const answers = view.received.filter((m) => m.id === 2)
    expect(answers).toEqual([{ jsonrpc: '2.0', id: 2, result: { resources: [{ uri: 'ui://b', name: 'from the list' }] } }])
    expect(warnings.map((w) => w.message)).not.toContain('resources/list: id 2 in flight')
    // The old read was told: a forwarded call is cancelled at the server through this signal.
    expect(readSignal.aborted).toBe(true)
    expect(readSignal.reason).toMatchObject({ code: 'CLOSED', message: 'view re-created' })
  })
})

describe("the host's requests to a view instance that was re-created", () => {
  it('reject with CLOSED when the new instance is answered, even without a timeout, and the bridge stays open', async () => {
    const { bridge, view } = start({ capabilities: {} })
    const init = { appInfo: { name: 'app', version: '1' }, appCapabilities: { tools: {} }, protocolVersion: '2026-01-26' }
    view.post({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: init })
    await until(() => view.received.find((m) => m.id === 1))
    view.notify('ui/notifications/initialized', {})
    // The first instance never answers: it is gone.
    const call = bridge.callTool({ name: 'save', arguments: {} }, { timeoutMs: Infinity })
    const outcome = call.then(
      () => 'answered',
      (error) => error,
    )
    await until(() => view.received.find((m) => m.method === 'tools/call'))
    view.post({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: init })
    await until(() => view.received.filter((m) => m.id === 1).length === 2)
    expect(await outcome).toMatchObject({ code: 'CLOSED', message: 'view re-created' })
    expect(bridge.closed).toBe(false)
  })
})
