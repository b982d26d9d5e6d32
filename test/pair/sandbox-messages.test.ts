/**
 * Messages reserved for host ↔ sandbox proxy traffic are never accepted from the view (A.10): the
 * host has no handler for them, so a view's is ignored like any unknown notification.
 */
import { describe, expect, test } from 'vitest'
import { createBridgePair } from '../helpers/bridges.js'
import { notification, request } from '../helpers/messages.js'

describe('sandbox-* messages from the view', () => {
  test.for(['ui/notifications/sandbox-proxy-ready', 'ui/notifications/sandbox-resource-ready'])(
    '%s is ignored with a warning naming it, and nothing is answered',
    async (method) => {
      const { pair, connect, warnings } = createBridgePair()
      await connect()
      const before = pair.log.length
      pair.injectToHost(notification(method, { html: '<script>evil()</script>' }))
      await pair.flush()
      expect(pair.log.length).toBe(before)
      expect(warnings.host).toEqual([{ code: 'UNEXPECTED', message: `${method}: ignored` }])
    },
  )

  test('as a request it is an unknown method (-32601)', async () => {
    const { pair, connect } = createBridgePair()
    await connect()
    pair.injectToHost(request('s', 'ui/notifications/sandbox-proxy-ready', {}))
    await pair.flush()
    expect(pair.sent('host').at(-1)).toStrictEqual({ jsonrpc: '2.0', id: 's', error: { code: -32601, message: expect.any(String) } })
  })
})
