/**
 * Once closed, a host bridge says nothing more but `close`: a listener that closes it while a
 * view's message is being read (a host closing an app it finds misbehaving, from a `traffic`,
 * `warning` or `sizechange` listener) ends that message's events too. A host would otherwise
 * resize, log or tear down a view it had already let go, with its frame gone.
 */
import { describe, expect, it, vi } from 'vitest'
import { hostsClosedAfterEach } from './helpers.js'

const start = hostsClosedAfterEach()

describe('a bridge closed while a view notification is read', () => {
  it('emits no sizechange after a traffic listener closed it on the report', async () => {
    const { view, bridge, pair } = start()
    await view.initialize()
    bridge.on('traffic', (direction, data) => direction === 'in' && 'method' in data && data.method === 'ui/notifications/size-changed' && bridge.close('no resizing'))
    const sizechange = vi.fn()
    bridge.on('sizechange', sizechange)
    view.notify('ui/notifications/size-changed', { width: 10, height: 20 })
    await pair.flush()
    expect(bridge.closed).toBe(true)
    expect(sizechange).not.toHaveBeenCalled()
  })

  it('calls no later sizechange listener after an earlier one closed it', async () => {
    const { view, bridge, pair } = start()
    await view.initialize()
    bridge.on('sizechange', () => bridge.close('too tall'))
    const later = vi.fn()
    bridge.on('sizechange', later)
    view.notify('ui/notifications/size-changed', { height: 20_000 })
    await pair.flush()
    expect(bridge.closed).toBe(true)
    expect(later).not.toHaveBeenCalled()
  })

  it('emits no log after a warning listener closed it on a note of the entry', async () => {
    const { view, bridge, pair } = start({ capabilities: { logging: {} } })
    await view.initialize()
    bridge.on('warning', (warning) => warning.code === 'MALFORMED' && bridge.close('misbehaving app'))
    const log = vi.fn()
    bridge.on('log', log)
    // Tolerated, with a MALFORMED note: a log entry without its data.
    view.notify('notifications/message', { level: 'info' })
    await pair.flush()
    expect(bridge.closed).toBe(true)
    expect(log).not.toHaveBeenCalled()
  })

  it('emits no warning after a traffic listener closed it on a message it then drops', async () => {
    const { view, bridge, pair } = start()
    await view.initialize()
    bridge.on('traffic', (direction, data) => direction === 'in' && 'method' in data && data.method === 'x/unknown' && bridge.close('closed by the host'))
    const warning = vi.fn()
    bridge.on('warning', warning)
    view.notify('x/unknown', {})
    await pair.flush()
    expect(bridge.closed).toBe(true)
    expect(warning).not.toHaveBeenCalled()
  })

  it('still emits close, once, to every close listener', async () => {
    const { view, bridge, pair } = start()
    await view.initialize()
    bridge.on('sizechange', () => bridge.close('too tall'))
    const close = vi.fn()
    bridge.on('close', close)
    bridge.on('close', close)
    view.notify('ui/notifications/size-changed', { height: 20_000 })
    await pair.flush()
    expect(close.mock.calls).toEqual([['too tall'], ['too tall']])
  })
})
