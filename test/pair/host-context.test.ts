/** Host-context changes end to end (A.3): only changed top-level keys, whole values, nothing for a no-op. */
import { describe, expect, test } from 'vitest'
import { createBridgePair } from '../helpers/bridges.js'
import type { McpUiHostContext } from '../../src/protocol/types.js'

const CHANGED = 'ui/notifications/host-context-changed'
const styles = (text: string) => ({ variables: { '--color-text-primary': text, '--color-background-primary': '#fff' } })

async function connected(hostContext: McpUiHostContext) {
  const bridges = createBridgePair({ host: { hostContext } })
  await bridges.connect()
  const events: Array<{ context: McpUiHostContext; changed: string[] }> = []
  bridges.view.on('hostcontextchanged', (context, changed) => void events.push({ context: structuredClone(context), changed }))
  const start = bridges.pair.log.length
  /** The host-context-changed params posted since the handshake. */
  const sent = () => bridges.pair.sent('host', start).map((m) => m.params)
  return { ...bridges, events, sent }
}

describe('host-context-changed', () => {
  test('one changed key: exactly that key is sent, the view merges it and reports it', async () => {
    const { host, view, pair, events, sent } = await connected({ theme: 'dark', locale: 'en-US' })
    host.setHostContext({ theme: 'light' })
    await pair.flush()
    expect(pair.sent('host').at(-1)).toStrictEqual({ jsonrpc: '2.0', method: CHANGED, params: { theme: 'light' } })
    expect(sent()).toHaveLength(1)
    expect(view.hostContext).toStrictEqual({ theme: 'light', locale: 'en-US' })
    expect(events).toStrictEqual([{ context: { theme: 'light', locale: 'en-US' }, changed: ['theme'] }])
    expect(host.hostContext).toStrictEqual({ theme: 'light', locale: 'en-US' })
  })

  test('a no-op update sends nothing and raises no event', async () => {
    const { host, pair, events, sent } = await connected({ theme: 'dark', styles: styles('#000') })
    host.setHostContext({ theme: 'dark' })
    host.setHostContext({ styles: styles('#000') })
    host.setHostContext({})
    await pair.flush()
    expect(sent()).toEqual([])
    expect(events).toEqual([])
  })

  test('the same nested values in another key order send nothing', async () => {
    const { host, pair, sent } = await connected({ styles: styles('#000'), containerDimensions: { width: 400, maxHeight: 600 } })
    host.setHostContext({
      styles: { variables: { '--color-background-primary': '#fff', '--color-text-primary': '#000' } },
      containerDimensions: { maxHeight: 600, width: 400 },
    })
    await pair.flush()
    expect(sent()).toEqual([])
  })

  test('a nested change sends the whole top-level value', async () => {
    const { host, view, pair, sent } = await connected({ theme: 'dark', styles: styles('#000') })
    host.setHostContext({ styles: styles('#111') })
    await pair.flush()
    expect(sent()).toStrictEqual([{ styles: { variables: { '--color-text-primary': '#111', '--color-background-primary': '#fff' } } }])
    expect(view.hostContext.styles).toStrictEqual(styles('#111'))
  })

  test('a union value is replaced, never deep-merged (height replaces maxHeight)', async () => {
    const { host, view, pair, sent } = await connected({ containerDimensions: { maxHeight: 600 } })
    host.setHostContext({ containerDimensions: { height: 400 } })
    await pair.flush()
    expect(sent()).toStrictEqual([{ containerDimensions: { height: 400 } }])
    expect(view.hostContext.containerDimensions).toStrictEqual({ height: 400 })
  })

  test('several keys changed in one call travel in one message; unchanged ones stay home', async () => {
    const { host, pair, sent } = await connected({ theme: 'dark', locale: 'en', timeZone: 'UTC' })
    host.setHostContext({ theme: 'light', locale: 'fr', timeZone: 'UTC' })
    await pair.flush()
    expect(sent()).toStrictEqual([{ theme: 'light', locale: 'fr' }])
  })

  test('removing a key sends it as undefined and the view drops it', async () => {
    const { host, view, pair, events, sent } = await connected({ theme: 'dark', locale: 'en-US' })
    host.setHostContext({ locale: undefined })
    await pair.flush()
    expect(sent()).toStrictEqual([{ locale: undefined }])
    expect('locale' in sent()[0]).toBe(true)
    expect(view.hostContext).toStrictEqual({ theme: 'dark' })
    expect(events).toStrictEqual([{ context: { theme: 'dark' }, changed: ['locale'] }])
    expect(host.hostContext).toStrictEqual({ theme: 'dark' })
  })

  test('removing a key that is not there sends nothing', async () => {
    const { host, pair, sent } = await connected({ theme: 'dark' })
    host.setHostContext({ locale: undefined })
    await pair.flush()
    expect(sent()).toEqual([])
  })

  test('changes are sent in call order, each a separate diff', async () => {
    const { host, view, pair, sent } = await connected({ theme: 'dark' })
    host.setHostContext({ theme: 'light' })
    host.setHostContext({ locale: 'ja' })
    host.setHostContext({ theme: 'dark' })
    await pair.flush()
    expect(sent()).toStrictEqual([{ theme: 'light' }, { locale: 'ja' }, { theme: 'dark' }])
    expect(view.hostContext).toStrictEqual({ theme: 'dark', locale: 'ja' })
  })

  test('a display mode the view did not declare is refused with DENIED at the call site; nothing is sent', async () => {
    const { host, pair, sent } = await connected({ displayMode: 'inline', availableDisplayModes: ['inline', 'fullscreen'] })
    expect(() => host.setHostContext({ displayMode: 'fullscreen' })).toThrow(expect.objectContaining({ code: 'DENIED' }))
    await pair.flush()
    expect(sent()).toEqual([])
    expect(host.hostContext.displayMode).toBe('inline')
  })

  test('the view drops an invalid field of a change with a warning and keeps the valid ones', async () => {
    const { view, pair, warnings, events } = await connected({ theme: 'dark' })
    pair.injectToView({ jsonrpc: '2.0', method: CHANGED, params: { theme: 'sepia', locale: 'it' } })
    await pair.flush()
    expect(view.hostContext).toStrictEqual({ theme: 'dark', locale: 'it' })
    expect(events.map((e) => e.changed)).toEqual([['locale']])
    expect(warnings.view.map((w) => w.code)).toEqual(['MALFORMED'])
    expect(warnings.view[0]!.message).toContain('theme')
  })

  test('a granted display-mode request: the answer goes first, then the context change', async () => {
    const bridges = createBridgePair({
      host: { hostContext: { displayMode: 'inline', availableDisplayModes: ['inline', 'fullscreen'] }, handlers: { requestDisplayMode: () => undefined } },
      view: { capabilities: { availableDisplayModes: ['inline', 'fullscreen'] } },
    })
    await bridges.connect()
    const { host, view, pair } = bridges
    const start = pair.log.length
    expect(await view.requestDisplayMode('fullscreen')).toBe('fullscreen')
    await pair.flush()
    expect(pair.sent('host', start)).toStrictEqual([
      { jsonrpc: '2.0', id: 2, result: { mode: 'fullscreen' } },
      { jsonrpc: '2.0', method: CHANGED, params: { displayMode: 'fullscreen' } },
    ])
    expect(view.hostContext.displayMode).toBe('fullscreen')
    expect(host.hostContext.displayMode).toBe('fullscreen')
  })
})
