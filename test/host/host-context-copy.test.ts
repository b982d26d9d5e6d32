/**
 * `HostBridge.hostContext` is a deep copy: a host that reads it, edits a nested field and sets it
 * back makes a change the view hears of, and editing the copy never changes the bridge.
 */
import { describe, expect, it } from 'vitest'
import { hostsClosedAfterEach } from './helpers.js'

const start = hostsClosedAfterEach()

describe('HostBridge.hostContext', () => {
  it('is a copy: editing what it returns and setting it back reaches the view', async () => {
    const { view, bridge, pair } = start({ hostContext: { containerDimensions: { maxHeight: 600 } } })
    await view.initialize()
    const dims = bridge.hostContext.containerDimensions as { maxHeight: number }
    dims.maxHeight = 300
    bridge.setHostContext({ containerDimensions: dims })
    await pair.flush()
    expect(view.notifications('ui/notifications/host-context-changed').map((m) => m.params)).toEqual([{ containerDimensions: { maxHeight: 300 } }])
  })

  it('is a copy: editing what it returns does not change the bridge', () => {
    const { bridge } = start({ hostContext: { styles: { variables: { '--color-text-primary': 'black' } } } })
    ;(bridge.hostContext.styles!.variables as Record<string, string>)['--color-text-primary'] = 'red'
    expect(bridge.hostContext.styles).toEqual({ variables: { '--color-text-primary': 'black' } })
  })
})
