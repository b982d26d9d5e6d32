import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFakeHost, createView, flush, type FakeHost } from './fake-host.js'

let host: FakeHost
afterEach(() => host?.pair.close())

async function connected(options: Parameters<typeof createFakeHost>[0] = {}) {
  host = createFakeHost(options)
  const view = createView(host)
  await view.connect()
  return view
}

describe('ViewBridge tool notifications', () => {
  it('delivers tool input, partial input and result to every listener', async () => {
    const view = await connected()
    const first = vi.fn()
    const second = vi.fn()
    const partial = vi.fn()
    const result = vi.fn()
    view.on('toolinput', first)
    view.on('toolinput', second)
    view.on('toolinputpartial', partial)
    view.on('toolresult', result)
    host.notify('ui/notifications/tool-input-partial', { arguments: { q: 'wea' } })
    host.notify('ui/notifications/tool-input', { arguments: { q: 'weather' } })
    host.notify('ui/notifications/tool-result', { content: [{ type: 'text', text: 'sunny' }], structuredContent: { t: 21 } })
    await flush(host.pair)
    expect(partial).toHaveBeenCalledWith({ arguments: { q: 'wea' } })
    expect(first).toHaveBeenCalledWith({ arguments: { q: 'weather' } })
    expect(second).toHaveBeenCalledWith({ arguments: { q: 'weather' } })
    expect(result).toHaveBeenCalledWith({ content: [{ type: 'text', text: 'sunny' }], structuredContent: { t: 21 } })
  })

  it('keeps one-shot notifications that arrive before any listener and delivers them to the first one', async () => {
    const view = await connected()
    host.notify('ui/notifications/tool-input', { arguments: { city: 'Oslo' } })
    host.notify('ui/notifications/tool-result', { content: [] })
    await flush(host.pair)
    const input = vi.fn()
    const result = vi.fn()
    view.on('toolinput', input)
    expect(input).not.toHaveBeenCalled() // delivered after on() returns
    await Promise.resolve()
    expect(input).toHaveBeenCalledWith({ arguments: { city: 'Oslo' } })
    view.on('toolresult', result)
    await Promise.resolve()
    expect(result).toHaveBeenCalledWith({ content: [] })
    const late = vi.fn()
    view.on('toolinput', late)
    await Promise.resolve()
    expect(late).not.toHaveBeenCalled()
    expect(input).toHaveBeenCalledOnce()
  })

  it('keeps a cancellation for a listener registered later', async () => {
    const view = await connected()
    host.notify('ui/notifications/tool-cancelled', { reason: 'user stopped it' })
    await flush(host.pair)
    const cancelled = vi.fn()
    view.on('toolcancelled', cancelled)
    await Promise.resolve()
    expect(cancelled).toHaveBeenCalledWith({ reason: 'user stopped it' })
  })

  it('keeps the value again when the first listener unsubscribes before delivery', async () => {
    const view = await connected()
    host.notify('ui/notifications/tool-input', { arguments: { a: 1 } })
    await flush(host.pair)
    const gone = vi.fn()
    view.on('toolinput', gone)()
    await Promise.resolve()
    const next = vi.fn()
    view.on('toolinput', next)
    await Promise.resolve()
    expect(gone).not.toHaveBeenCalled()
    expect(next).toHaveBeenCalledWith({ arguments: { a: 1 } })
  })

  it('does not deliver a kept value after close()', async () => {
    const view = await connected()
    host.notify('ui/notifications/tool-input', { arguments: { a: 1 } })
    await flush(host.pair)
    const order: string[] = []
    view.on('close', () => order.push('close'))
    view.on('toolinput', () => order.push('toolinput'))
    view.close()
    await Promise.resolve()
    expect(order).toEqual(['close'])
  })

  // Closing is every listener going at once, as one removed by an earlier listener is not called.
  it('once closed, emits nothing but close: a listener that closes the bridge stops the later listeners of the event', async () => {
    const view = await connected()
    const order: string[] = []
    view.on('toolresult', () => (order.push('first'), view.close('done')))
    view.on('toolresult', () => order.push('second'))
    view.on('close', () => order.push('close'))
    host.notify('ui/notifications/tool-result', { content: [] })
    await flush(host.pair)
    expect(order).toEqual(['first', 'close'])
  })

  it('once closed, emits nothing but close: a warning listener that closes the bridge stops the event of the message warned about', async () => {
    const view = await connected()
    const partial = vi.fn()
    const closed = vi.fn()
    view.on('close', closed)
    view.on('warning', () => view.close('saw a warning'))
    view.on('toolinputpartial', partial)
    // Double-encoded arguments: a VARIANT warning, then the event.
    host.notify('ui/notifications/tool-input-partial', { arguments: '{"n":1}' })
    await flush(host.pair)
    expect(closed).toHaveBeenCalledWith('saw a warning')
    expect(partial).not.toHaveBeenCalled()
  })

  it('once closed, calls no later teardown listener (closing lets every listener go), and still answers the teardown', async () => {
    const view = await connected()
    const later = vi.fn()
    view.on('teardown', () => view.close('unmounted'))
    view.on('teardown', later)
    expect(await host.request('ui/resource-teardown', {})).toMatchObject({ result: {} })
    expect(later).not.toHaveBeenCalled()
  })

  it('works for listeners registered before connect()', async () => {
    host = createFakeHost()
    const view = createView(host)
    const input = vi.fn()
    view.on('toolinput', input)
    await view.connect()
    host.notify('ui/notifications/tool-input', {})
    await flush(host.pair)
    expect(input).toHaveBeenCalledWith({ arguments: {} })
  })

  it('unsubscribes with the function on() returns', async () => {
    const view = await connected()
    const listener = vi.fn()
    const off = view.on('toolinputpartial', listener)
    off()
    host.notify('ui/notifications/tool-input-partial', { arguments: {} })
    await flush(host.pair)
    expect(listener).not.toHaveBeenCalled()
  })

  it('reads partial input as it reads input: arguments defaulted to {} and decoded when double-encoded', async () => {
    const view = await connected()
    const partial = vi.fn()
    view.on('toolinputpartial', partial)
    host.notify('ui/notifications/tool-input-partial', {})
    host.notify('ui/notifications/tool-input-partial', { arguments: '{"q":"we"}' })
    host.notify('ui/notifications/tool-input-partial', { arguments: 42 })
    await flush(host.pair)
    expect(partial.mock.calls).toEqual([[{ arguments: {} }], [{ arguments: { q: 'we' } }]])
  })

  it('parses double-encoded arguments with a warning', async () => {
    const view = await connected()
    const input = vi.fn()
    const warnings: string[] = []
    view.on('warning', (w) => warnings.push(w.code))
    view.on('toolinput', input)
    host.notify('ui/notifications/tool-input', { arguments: '{"n":1}' })
    await flush(host.pair)
    expect(input).toHaveBeenCalledWith({ arguments: { n: 1 } })
    expect(warnings).toContain('VARIANT')
  })

  it('reports malformed notifications as warnings and keeps working', async () => {
    const view = await connected()
    const input = vi.fn()
    const result = vi.fn()
    const warnings: string[] = []
    view.on('warning', (w) => warnings.push(`${w.code}: ${w.message}`))
    view.on('toolinput', input)
    view.on('toolresult', result)
    host.notify('ui/notifications/tool-input', { arguments: 42 })
    host.notify('ui/notifications/tool-result', { content: 'not blocks' })
    host.notify('ui/notifications/tool-cancelled', { reason: 7 })
    host.send({ jsonrpc: '2.0', method: 42 })
    host.send('not json-rpc at all')
    host.send({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: 'nope' })
    await flush(host.pair)
    expect(input).not.toHaveBeenCalled()
    expect(result).not.toHaveBeenCalled()
    expect(warnings).toHaveLength(5)
    expect(warnings.join('\n')).toMatch(/tool-input[\s\S]*arguments/)
    host.notify('ui/notifications/tool-input', { arguments: { ok: true } })
    await flush(host.pair)
    expect(input).toHaveBeenCalledWith({ arguments: { ok: true } })
  })

  it('isolates a throwing listener from the others and from the bridge', async () => {
    const view = await connected()
    const reported: unknown[] = []
    const original = globalThis.reportError
    globalThis.reportError = (error: unknown) => reported.push(error)
    try {
      const after = vi.fn()
      view.on('toolinputpartial', () => {
        throw new Error('app bug')
      })
      view.on('toolinputpartial', after)
      host.notify('ui/notifications/tool-input-partial', { arguments: {} })
      await flush(host.pair)
      expect(after).toHaveBeenCalledOnce()
      expect(reported).toEqual([new Error('app bug')])
    } finally {
      globalThis.reportError = original
    }
  })

  it('calls a listener added during an event from the next event on, as DOM events do (no runaway loop)', async () => {
    const view = await connected()
    const calls: string[] = []
    view.on('toolinputpartial', () => {
      calls.push('first')
      view.on('toolinputpartial', () => void calls.push('added'))
    })
    host.notify('ui/notifications/tool-input-partial', { arguments: {} })
    await flush(host.pair)
    expect(calls).toEqual(['first'])
    host.notify('ui/notifications/tool-input-partial', { arguments: {} })
    await flush(host.pair)
    expect(calls).toEqual(['first', 'first', 'added'])
  })
})

describe('ViewBridge host context changes', () => {
  it('merges changes by top-level key and reports the merged context with the changed keys', async () => {
    const view = await connected({ hostContext: { theme: 'light', styles: { variables: { '--font-sans': '1' }, css: { fonts: 'x' } }, locale: 'en' } })
    const changes: Array<[unknown, string[]]> = []
    view.on('hostcontextchanged', (context, changed) => changes.push([context, changed]))
    host.notify('ui/notifications/host-context-changed', { theme: 'dark', styles: { variables: { '--font-sans': '2' } } })
    await flush(host.pair)
    const merged = { theme: 'dark', styles: { variables: { '--font-sans': '2' } }, locale: 'en' }
    expect(changes).toEqual([[merged, ['theme', 'styles']]])
    expect(view.hostContext).toEqual(merged)
  })

  it('emits nothing for a change that changes nothing', async () => {
    const view = await connected({ hostContext: { theme: 'light', containerDimensions: { maxHeight: 600 } } })
    const listener = vi.fn()
    view.on('hostcontextchanged', listener)
    host.notify('ui/notifications/host-context-changed', { theme: 'light', containerDimensions: { maxHeight: 600 } })
    await flush(host.pair)
    expect(listener).not.toHaveBeenCalled()
  })

  it('keeps valid keys of a change and drops invalid ones with a warning', async () => {
    const view = await connected({ hostContext: { theme: 'light' } })
    const warnings: string[] = []
    view.on('warning', (w) => warnings.push(w.code))
    host.notify('ui/notifications/host-context-changed', { theme: 'neon', locale: 'ja-JP' })
    await flush(host.pair)
    expect(view.hostContext).toEqual({ theme: 'light', locale: 'ja-JP' })
    expect(warnings).toEqual(['MALFORMED'])
  })

  it('does not let a __proto__ key change the context prototype', async () => {
    const view = await connected()
    host.send(JSON.parse('{"jsonrpc":"2.0","method":"ui/notifications/host-context-changed","params":{"__proto__":{"polluted":true},"theme":"dark"}}'))
    await flush(host.pair)
    expect(view.hostContext).toEqual({ theme: 'dark' })
    expect((view.hostContext as Record<string, unknown>).polluted).toBeUndefined()
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('ViewBridge relayed list changes and ping', () => {
  it('emits listchanged for the server lists the host relays', async () => {
    const view = await connected()
    const lists: string[] = []
    view.on('listchanged', (list) => lists.push(list))
    host.notify('notifications/tools/list_changed', {})
    host.notify('notifications/resources/list_changed')
    host.notify('notifications/prompts/list_changed', {})
    await flush(host.pair)
    expect(lists).toEqual(['tools', 'resources', 'prompts'])
  })

  it('answers ping with {} and unknown requests with -32601', async () => {
    await connected()
    expect(await host.request('ping')).toEqual({ jsonrpc: '2.0', id: expect.any(Number), result: {} })
    expect((await host.request('ui/unknown-method', {})).error).toMatchObject({ code: -32601 })
  })
})
