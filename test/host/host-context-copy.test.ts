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

describe('equal contexts shared among bridges', () => {
  const styles = { variables: { '--color-text-primary': 'black', '--font-sans': 'system-ui' } }
  /** The hostContext a bridge answered ui/initialize with, as it went to the transport. */
  const answered = async (setup: ReturnType<typeof start>) => {
    let context: any
    setup.bridge.on('traffic', (direction, message: any) => {
      if (direction === 'out' && message.result?.hostContext) context = message.result.hostContext
    })
    await setup.view.initialize()
    return context
  }

  it('two bridges given equal contexts hold one copy of each equal value', async () => {
    const a = start({ hostContext: { theme: 'dark', styles: structuredClone(styles), locale: 'en' } })
    const b = start({ hostContext: { theme: 'dark', styles: structuredClone(styles), locale: 'fr' } })
    const [first, second] = [await answered(a), await answered(b)]
    expect(second.styles).toBe(first.styles)
    expect(second.locale).toBe('fr')
  })

  it("one bridge's change reaches its view only, and leaves the other's context as it was", async () => {
    const a = start({ hostContext: { styles: structuredClone(styles) } })
    const b = start({ hostContext: { styles: structuredClone(styles) } })
    await a.view.initialize()
    await b.view.initialize()
    const changed = { variables: { ...styles.variables, '--color-text-primary': 'red' } }
    a.bridge.setHostContext({ styles: changed })
    // What the caller passed is copied: editing it later changes neither bridge.
    changed.variables['--font-sans'] = 'serif'
    await a.pair.flush()
    await b.pair.flush()
    expect(a.view.notifications('ui/notifications/host-context-changed').map((m) => m.params)).toEqual([
      { styles: { variables: { '--color-text-primary': 'red', '--font-sans': 'system-ui' } } },
    ])
    expect(b.view.notifications('ui/notifications/host-context-changed')).toEqual([])
    expect(b.bridge.hostContext.styles).toEqual(styles)
    // The other bridge taking the same change again is a change for it, and a no-op after that.
    b.bridge.setHostContext({ styles: a.bridge.hostContext.styles })
    b.bridge.setHostContext({ styles: a.bridge.hostContext.styles })
    await b.pair.flush()
    expect(b.view.notifications('ui/notifications/host-context-changed')).toHaveLength(1)
  })
})
