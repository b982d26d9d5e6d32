/**
 * View behaviour the documents promise (examples/README.md) that no other unit test pinned.
 * Each test names the claim it proves.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createFakeHost, createView, flush, type FakeHost } from './fake-host.js'

let host: FakeHost
afterEach(() => host?.pair.close())

describe('what the documents promise an app', () => {
  // examples/README.md, "Talk back": `sendLog`, `sendSizeChanged` and `requestTeardown` "return `false` before the
  // handshake and after close" (before the handshake: requests.test.ts).
  it('sendLog, sendSizeChanged and requestTeardown return false after close, sending nothing', async () => {
    host = createFakeHost({ hostCapabilities: { logging: {} } })
    const view = createView(host, { autoResize: false })
    await view.connect()
    await flush(host.pair)
    const sent = host.received.length
    view.close()
    expect(view.sendSizeChanged({ height: 1 })).toBe(false)
    expect(view.requestTeardown()).toBe(false)
    expect(view.sendLog('info', 1)).toBe(false)
    await flush(host.pair)
    expect(host.received.slice(sent)).toEqual([])
  })
})
