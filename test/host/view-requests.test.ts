import { describe, expect, it, vi } from 'vitest'
import { BridgeError, type HostHandlers, type ReadResourceResult } from '../../src/host/index.js'
import { hostsClosedAfterEach, until } from './helpers.js'

const start = hostsClosedAfterEach()

const text = (value: string) => ({ type: 'text', text: value })

describe('the gate runs before any handler', () => {
  it('refuses a request before ui/initialize', async () => {
    const message = vi.fn()
    const { view } = start({ capabilities: { message: {} }, handlers: { message } })
    const response = await view.request('ui/message', { role: 'user', content: [text('hi')] })
    expect(response.error.code).toBe(-32600)
    expect(message).not.toHaveBeenCalled()
  })

  it('answers -32601 for every capability the host did not advertise', async () => {
    const handlers: HostHandlers = {
      message: vi.fn(),
      openLink: vi.fn(),
      downloadFile: vi.fn(),
      updateModelContext: vi.fn(),
      createSamplingMessage: vi.fn(),
      callTool: vi.fn(),
      readResource: vi.fn(),
      listResources: vi.fn(),
      listResourceTemplates: vi.fn(),
    }
    const { view } = start({ handlers })
    await view.initialize()
    const calls: Array<[string, Record<string, unknown>]> = [
      ['ui/message', { role: 'user', content: [text('x')] }],
      ['ui/open-link', { url: 'https://example.com' }],
      ['ui/download-file', { contents: [{ type: 'resource_link', uri: 'https://example.com/f', name: 'f' }] }],
      ['ui/update-model-context', { content: [text('x')] }],
      ['sampling/createMessage', { messages: [], maxTokens: 10 }],
      ['tools/call', { name: 'x' }],
      ['resources/read', { uri: 'ui://x' }],
      ['resources/list', {}],
      ['resources/templates/list', {}],
    ]
    for (const [method, params] of calls) expect((await view.request(method, params)).error.code, method).toBe(-32601)
    for (const handler of Object.values(handlers)) expect(handler).not.toHaveBeenCalled()
  })

  it('answers -32602 for bad params without calling the handler', async () => {
    const message = vi.fn()
    const readResource = vi.fn()
    const { view } = start({ capabilities: { message: {}, serverResources: {} }, handlers: { message, readResource } })
    await view.initialize()
    expect((await view.request('ui/message', { role: 'assistant', content: [text('x')] })).error.code).toBe(-32602)
    expect((await view.request('ui/message', { role: 'user', content: 'x' })).error.code).toBe(-32602)
    // resources/read needs a uri, a string.
    expect((await view.request('resources/read', {})).error.code).toBe(-32602)
    expect((await view.request('resources/read', { uri: 42 })).error.code).toBe(-32602)
    expect(message).not.toHaveBeenCalled()
    expect(readResource).not.toHaveBeenCalled()
  })

  it('rate-limits a request flood and keeps serving afterwards', async () => {
    const message = vi.fn()
    const { view } = start({ capabilities: { message: {} }, handlers: { message }, rateLimits: { actions: { burst: 3, perSecond: 1 } } })
    await view.initialize()
    const responses = await Promise.all(Array.from({ length: 20 }, () => view.request('ui/message', { role: 'user', content: [text('spam')] })))
    expect(responses.filter((r) => r.result)).toHaveLength(3)
    expect(responses.filter((r) => r.error?.code === -32000 && /rate limit/i.test(r.error.message))).toHaveLength(17)
    expect(message).toHaveBeenCalledTimes(3)
    expect((await view.request('ping')).result).toEqual({})
  })

  it('shares one bucket among the requests of a category', async () => {
    const message = vi.fn()
    const openLink = vi.fn()
    const { view } = start({ capabilities: { message: {}, openLinks: {} }, handlers: { message, openLink }, rateLimits: { actions: { burst: 2, perSecond: 0.001 } } })
    await view.initialize()
    expect((await view.request('ui/message', { role: 'user', content: [text('a')] })).result).toEqual({})
    expect((await view.request('ui/open-link', { url: 'https://example.com' })).result).toEqual({})
    expect((await view.request('ui/message', { role: 'user', content: [text('b')] })).error.message).toMatch(/rate limit/i)
    expect((await view.request('ui/open-link', { url: 'https://example.com' })).error.message).toMatch(/rate limit/i)
    expect(message).toHaveBeenCalledTimes(1)
    expect(openLink).toHaveBeenCalledTimes(1)
  })

  it('never saves up more than the burst, however long the view was quiet', async () => {
    vi.useFakeTimers({ toFake: ['performance'], shouldAdvanceTime: true })
    try {
      const message = vi.fn()
      const { view } = start({ capabilities: { message: {} }, handlers: { message }, rateLimits: { actions: { burst: 2, perSecond: 1 } } })
      await view.initialize()
      vi.advanceTimersByTime(60_000)
      const responses = await Promise.all(Array.from({ length: 5 }, () => view.request('ui/message', { role: 'user', content: [text('x')] })))
      expect(responses.filter((r) => r.result)).toHaveLength(2)
      expect(message).toHaveBeenCalledTimes(2)
    } finally {
      vi.useRealTimers()
    }
  })

  it('drops a flood of notifications beyond the limit, with one warning per burst', async () => {
    const { view, bridge, pair, warnings } = start({ rateLimits: { notifications: { burst: 5, perSecond: 1 } } })
    const sizes = vi.fn()
    bridge.on('sizechange', sizes)
    await view.initialize()
    for (let i = 0; i < 50; i++) view.notify('ui/notifications/size-changed', { height: i })
    await pair.flush()
    await until(() => sizes.mock.calls.length === 5)
    await pair.flush()
    expect(sizes).toHaveBeenCalledTimes(5)
    expect(warnings.filter((w) => /rate limit/i.test(w.message))).toHaveLength(1)
  })

  it('delivers the latest dropped notification once the bucket refills (a view\'s last size report is never lost), one delivery pending for a whole burst of drops', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'], shouldAdvanceTime: true })
    try {
      const { view, bridge, pair, warnings } = start({ rateLimits: { notifications: { burst: 5, perSecond: 1 } } })
      const heights: unknown[] = []
      bridge.on('sizechange', (size) => void heights.push(size.height))
      await view.initialize()
      for (let i = 0; i < 50; i++) view.notify('ui/notifications/size-changed', { height: i })
      await pair.flush()
      expect(heights).toEqual([0, 1, 2, 3, 4])
      expect(vi.getTimerCount()).toBe(1)
      await vi.advanceTimersByTimeAsync(1000)
      expect(heights).toEqual([0, 1, 2, 3, 4, 49])
      await vi.advanceTimersByTimeAsync(5000)
      await pair.flush()
      expect(heights).toHaveLength(6)
      expect(vi.getTimerCount()).toBe(0)
      expect(warnings.map((w) => w.code)).toEqual(['POLICY'])
    } finally {
      vi.useRealTimers()
    }
  })

  it('drops the pending delivery when the bridge closes before the bucket refills', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'], shouldAdvanceTime: true })
    try {
      const { view, bridge, pair } = start({ rateLimits: { notifications: { burst: 1, perSecond: 1 } } })
      const heights: unknown[] = []
      bridge.on('sizechange', (size) => void heights.push(size.height))
      await view.initialize()
      for (let i = 0; i < 3; i++) view.notify('ui/notifications/size-changed', { height: i })
      await pair.flush()
      expect(heights).toEqual([0])
      bridge.close()
      await vi.advanceTimersByTimeAsync(2000)
      expect(heights).toEqual([0])
    } finally {
      vi.useRealTimers()
    }
  })

  it('limits each notification on its own: a flood of logs does not drop the view\'s teardown request', async () => {
    const { view, bridge, pair } = start({ capabilities: { logging: {} }, rateLimits: { notifications: { burst: 5, perSecond: 1 } } })
    const asked = vi.fn()
    bridge.on('requestteardown', asked)
    await view.initialize()
    for (let i = 0; i < 50; i++) view.notify('notifications/message', { level: 'info', data: i })
    view.notify('ui/notifications/request-teardown', {})
    await pair.flush()
    expect(asked).toHaveBeenCalledTimes(1)
  })
})

describe('ui/message', () => {
  it('gives the handler checked params and answers with its result', async () => {
    const message = vi.fn(() => ({ _meta: { accepted: true } }))
    const { view } = start({ capabilities: { message: {} }, handlers: { message } })
    await view.initialize()
    const response = await view.request('ui/message', { role: 'user', content: text('single block') })
    expect(response.result).toEqual({ _meta: { accepted: true } })
    expect(message).toHaveBeenCalledWith({ role: 'user', content: [text('single block')] }, expect.objectContaining({ signal: expect.any(AbortSignal) }))
  })

  it('denies without a handler, and when the handler says isError', async () => {
    const { view } = start({ capabilities: { message: {} } })
    await view.initialize()
    expect((await view.request('ui/message', { role: 'user', content: [text('x')] })).error.code).toBe(-32000)
    const denying = start({ capabilities: { message: {} }, handlers: { message: () => ({ isError: true }) } })
    await denying.view.initialize()
    expect((await denying.view.request('ui/message', { role: 'user', content: [text('x')] })).error).toMatchObject({ code: -32000 })
  })

  it('refuses content kinds the host did not list', async () => {
    const message = vi.fn()
    const { view } = start({ capabilities: { message: { text: {} } }, handlers: { message } })
    await view.initialize()
    const image = { type: 'image', data: 'AAAA', mimeType: 'image/png' }
    expect((await view.request('ui/message', { role: 'user', content: [text('x'), image] })).error.code).toBe(-32602)
    expect((await view.request('ui/message', { role: 'user', content: [text('x')] })).result).toEqual({})
    expect(message).toHaveBeenCalledTimes(1)
  })
  it('matches a resource_link block against the resourceLink modality', async () => {
    const message = vi.fn()
    const { view } = start({ capabilities: { message: { text: {}, resourceLink: {} } }, handlers: { message } })
    await view.initialize()
    const link = { type: 'resource_link', uri: 'https://example.com/report.pdf', name: 'report' }
    expect((await view.request('ui/message', { role: 'user', content: [text('see'), link] })).result).toEqual({})
    const textOnly = start({ capabilities: { message: { text: {} } }, handlers: { message } })
    await textOnly.view.initialize()
    expect((await textOnly.view.request('ui/message', { role: 'user', content: [link] })).error.code).toBe(-32602)
    expect(message).toHaveBeenCalledTimes(1)
  })
})

describe('ui/update-model-context', () => {
  it('keeps the latest context, clears on empty, and tells the host', async () => {
    const { view, bridge } = start({ capabilities: { updateModelContext: {} } })
    const seen = vi.fn()
    bridge.on('modelcontext', seen)
    await view.initialize()
    await view.request('ui/update-model-context', { content: [text('first')] })
    await view.request('ui/update-model-context', { structuredContent: { count: 2 } })
    expect(bridge.modelContext).toEqual({ structuredContent: { count: 2 } })
    await view.request('ui/update-model-context', {})
    expect(bridge.modelContext).toBeUndefined()
    expect(seen).toHaveBeenCalledTimes(3)
  })

  it('keeps the previous context when the handler refuses', async () => {
    let refuse = false
    const { view, bridge } = start({
      capabilities: { updateModelContext: {} },
      handlers: {
        updateModelContext: () => {
          if (refuse) throw new BridgeError('DENIED', 'Too much context')
        },
      },
    })
    await view.initialize()
    await view.request('ui/update-model-context', { content: [text('kept')] })
    refuse = true
    const response = await view.request('ui/update-model-context', { content: [text('refused')] })
    expect(response.error).toMatchObject({ code: -32000, message: 'Too much context' })
    expect(bridge.modelContext).toEqual({ content: [text('kept')] })
  })

  it('refuses structuredContent when the host listed modalities without it', async () => {
    const { view, bridge } = start({ capabilities: { updateModelContext: { text: {} } } })
    await view.initialize()
    expect((await view.request('ui/update-model-context', { structuredContent: { a: 1 } })).error.code).toBe(-32602)
    expect(bridge.modelContext).toBeUndefined()
  })
})

describe('ui/open-link', () => {
  it('passes allowed links to the handler with the parsed URL', async () => {
    const openLink = vi.fn()
    const { view } = start({ capabilities: { openLinks: {} }, handlers: { openLink } })
    await view.initialize()
    expect((await view.request('ui/open-link', { url: 'https://example.com/a?b=c' })).result).toEqual({})
    expect(openLink.mock.calls[0]![0].parsed.hostname).toBe('example.com')
  })

  it('denies schemes outside the allowlist, and code-running schemes whatever the allowlist', async () => {
    const openLink = vi.fn()
    const { view } = start({ capabilities: { openLinks: {} }, handlers: { openLink }, openLinkSchemes: ['https', 'javascript:', 'DATA:'] })
    await view.initialize()
    for (const url of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<script>x</script>', 'http://example.com', 'ftp://example.com']) {
      const response = await view.request('ui/open-link', { url })
      expect(response.error, url).toMatchObject({ code: -32000 })
    }
    expect((await view.request('ui/open-link', { url: 'not a url' })).error.code).toBe(-32602)
    expect(openLink).not.toHaveBeenCalled()
  })
  it('never opens a code-running or content-smuggling scheme, even one the host listed', async () => {
    const openLink = vi.fn()
    const never = ['javascript:', 'data:', 'vbscript:', 'blob:', 'file:']
    const { view } = start({ capabilities: { openLinks: {} }, handlers: { openLink }, openLinkSchemes: ['https:', ...never] })
    await view.initialize()
    const urls = ['javascript:alert(1)', 'data:text/html,x', 'vbscript:msgbox(1)', 'blob:https://example.com/0b1e4a9c-3c1f-4d6e-9a1b-2f3c4d5e6f70', 'file:///etc/passwd']
    for (const url of urls) expect((await view.request('ui/open-link', { url })).error, url).toMatchObject({ code: -32000, message: expect.stringContaining('not allowed') })
    expect(openLink).not.toHaveBeenCalled()
  })

  it('reads the allowlist leniently: any case, with or without the colon', async () => {
    const openLink = vi.fn()
    const { view } = start({ capabilities: { openLinks: {} }, handlers: { openLink }, openLinkSchemes: ['HTTPS', 'Tel:'] })
    await view.initialize()
    expect((await view.request('ui/open-link', { url: 'https://example.com' })).result).toEqual({})
    expect((await view.request('ui/open-link', { url: 'tel:+15551234' })).result).toEqual({})
    expect((await view.request('ui/open-link', { url: 'http://example.com' })).error.code).toBe(-32000)
    expect(openLink.mock.calls.map(([params]) => params.parsed.protocol)).toEqual(['https:', 'tel:'])
  })

  it('opens http, https and mailto links by default', async () => {
    const openLink = vi.fn()
    const { view } = start({ capabilities: { openLinks: {} }, handlers: { openLink } })
    await view.initialize()
    for (const url of ['http://example.com', 'https://example.com', 'mailto:someone@example.com']) expect((await view.request('ui/open-link', { url })).result, url).toEqual({})
    expect((await view.request('ui/open-link', { url: 'tel:+15551234' })).error.code).toBe(-32000)
    expect(openLink).toHaveBeenCalledTimes(3)
  })
})

describe('ui/download-file', () => {
  it('hands checked contents to the handler, refuses malformed ones', async () => {
    const downloadFile = vi.fn()
    const { view } = start({ capabilities: { downloadFile: {} }, handlers: { downloadFile } })
    await view.initialize()
    const file = { type: 'resource', resource: { uri: 'file:///report.csv', mimeType: 'text/csv', text: 'a,b' } }
    expect((await view.request('ui/download-file', { contents: [file] })).result).toEqual({})
    expect(downloadFile).toHaveBeenCalledWith({ contents: [file] }, expect.anything())
    expect((await view.request('ui/download-file', { contents: [] })).error.code).toBe(-32602)
    expect((await view.request('ui/download-file', { contents: [{ type: 'resource', resource: { uri: 'x' } }] })).error.code).toBe(-32602)
  })
})

describe('ui/request-display-mode', () => {
  const context = { displayMode: 'inline' as const, availableDisplayModes: ['inline' as const, 'fullscreen' as const] }

  it('grants a mode both sides declared, answers first, then sends the context change', async () => {
    const { view, bridge, pair } = start({ hostContext: context })
    const modes = vi.fn()
    bridge.on('displaymodechange', modes)
    await view.initialize({ appCapabilities: { availableDisplayModes: ['inline', 'fullscreen'] } })
    const response = await view.request('ui/request-display-mode', { mode: 'fullscreen' })
    expect(response.result).toEqual({ mode: 'fullscreen' })
    await until(() => view.notifications('ui/notifications/host-context-changed').length === 1)
    const order = pair.log.filter((e) => e.from === 'host').map((e) => e.message.method ?? 'response')
    expect(order.slice(-2)).toEqual(['response', 'ui/notifications/host-context-changed'])
    expect(view.notifications('ui/notifications/host-context-changed')[0].params).toEqual({ displayMode: 'fullscreen' })
    expect(modes).toHaveBeenCalledWith('fullscreen')
    expect(bridge.hostContext.displayMode).toBe('fullscreen')
  })

  it('keeps the current mode for a mode the app or the host did not declare', async () => {
    const requestDisplayMode = vi.fn()
    const { view, pair } = start({ hostContext: context, handlers: { requestDisplayMode } })
    await view.initialize({ appCapabilities: { availableDisplayModes: ['inline', 'pip'] } })
    expect((await view.request('ui/request-display-mode', { mode: 'fullscreen' })).result).toEqual({ mode: 'inline' })
    expect((await view.request('ui/request-display-mode', { mode: 'pip' })).result).toEqual({ mode: 'inline' })
    expect((await view.request('ui/request-display-mode', { mode: 'theatre' })).error.code).toBe(-32602)
    await pair.flush()
    expect(requestDisplayMode).not.toHaveBeenCalled()
    expect(view.notifications()).toEqual([])
  })

  it("grants a view that declared no modes what the host offers (the official example apps declare none and ask for fullscreen), and never asks the handler about the current mode", async () => {
    const requestDisplayMode = vi.fn()
    const { view, bridge, pair } = start({ hostContext: context, handlers: { requestDisplayMode } })
    await view.initialize()
    expect((await view.request('ui/request-display-mode', { mode: 'pip' })).result).toEqual({ mode: 'inline' })
    expect((await view.request('ui/request-display-mode', { mode: 'inline' })).result).toEqual({ mode: 'inline' })
    expect(requestDisplayMode).not.toHaveBeenCalled()
    expect((await view.request('ui/request-display-mode', { mode: 'fullscreen' })).result).toEqual({ mode: 'fullscreen' })
    await pair.flush()
    expect(requestDisplayMode).toHaveBeenCalledTimes(1)
    expect(bridge.hostContext.displayMode).toBe('fullscreen')
    expect(view.notifications('ui/notifications/host-context-changed').map((m) => m.params)).toEqual([{ displayMode: 'fullscreen' }])
    // The host may switch it too: no list of the view's says otherwise.
    bridge.setHostContext({ displayMode: 'inline' })
    bridge.setHostContext({ displayMode: 'fullscreen' })
    expect(bridge.hostContext.displayMode).toBe('fullscreen')
  })

  it('lets the handler refuse, and never applies a mode it was not allowed to', async () => {
    const { view, bridge, warnings } = start({ hostContext: { ...context, availableDisplayModes: ['inline', 'fullscreen', 'pip'] }, handlers: { requestDisplayMode: ({ mode }) => (mode === 'pip' ? 'inline' : 'pip') } })
    await view.initialize({ appCapabilities: { availableDisplayModes: ['inline', 'fullscreen', 'pip'] } })
    expect((await view.request('ui/request-display-mode', { mode: 'pip' })).result).toEqual({ mode: 'inline' })
    const restricted = start({ hostContext: context, handlers: { requestDisplayMode: () => 'pip' } })
    await restricted.view.initialize({ appCapabilities: { availableDisplayModes: ['inline', 'fullscreen'] } })
    expect((await restricted.view.request('ui/request-display-mode', { mode: 'fullscreen' })).result).toEqual({ mode: 'inline' })
    expect(restricted.warnings.some((w) => w.code === 'POLICY')).toBe(true)
    expect(bridge.hostContext.displayMode).toBe('inline')
    expect(warnings).toEqual([])
  })

  it('takes a handler returning the current mode as a refusal, without a warning, also when the current mode is not in the lists', async () => {
    // The host offers fullscreen only (inline is where every view starts, not in its list); the
    // user says no: the handler answers the mode the view is in.
    const { view, bridge, pair, warnings } = start({ hostContext: { displayMode: 'inline', availableDisplayModes: ['fullscreen'] }, handlers: { requestDisplayMode: () => 'inline' } })
    await view.initialize({ appCapabilities: { availableDisplayModes: ['inline', 'fullscreen'] } })
    expect((await view.request('ui/request-display-mode', { mode: 'fullscreen' })).result).toEqual({ mode: 'inline' })
    await pair.flush()
    expect(warnings).toEqual([])
    expect(bridge.hostContext.displayMode).toBe('inline')
    expect(view.notifications()).toEqual([])
    // A mode neither current nor allowed is still reported.
    const pip = start({ hostContext: { displayMode: 'inline', availableDisplayModes: ['fullscreen'] }, handlers: { requestDisplayMode: () => 'pip' } })
    await pip.view.initialize({ appCapabilities: { availableDisplayModes: ['inline', 'fullscreen'] } })
    expect((await pip.view.request('ui/request-display-mode', { mode: 'fullscreen' })).result).toEqual({ mode: 'inline' })
    expect(pip.warnings).toEqual([expect.objectContaining({ code: 'POLICY', message: 'ui/request-display-mode: pip not allowed' })])
  })

  it('changes nothing when the view cancels while the host decides: no mode, no event, no context change', async () => {
    let decide!: (mode: 'fullscreen') => void
    const asked = vi.fn()
    const { view, bridge, pair } = start({
      hostContext: context,
      handlers: {
        requestDisplayMode: () => {
          asked()
          return new Promise((resolve) => (decide = resolve)) // asks the user, say
        },
      },
    })
    const modes = vi.fn()
    bridge.on('displaymodechange', modes)
    await view.initialize({ appCapabilities: { availableDisplayModes: ['inline', 'fullscreen'] } })
    view.post({ jsonrpc: '2.0', id: 77, method: 'ui/request-display-mode', params: { mode: 'fullscreen' } })
    await until(() => asked.mock.calls.length === 1)
    view.notify('notifications/cancelled', { requestId: 77, reason: 'user navigated' })
    await pair.flush()
    decide('fullscreen')
    await pair.flush()
    expect(bridge.hostContext.displayMode).toBe('inline')
    expect(modes).not.toHaveBeenCalled()
    expect(view.received.filter((m) => m.id === 77 || m.method === 'ui/notifications/host-context-changed')).toEqual([])
    // And a later grant still goes through as usual.
    bridge.setHostContext({ displayMode: 'fullscreen' })
    await until(() => view.notifications('ui/notifications/host-context-changed').length === 1)
  })

  it('answers the current mode, not an error, over the rate limit, without asking the handler', async () => {
    const requestDisplayMode = vi.fn(({ mode }: { mode: 'inline' | 'fullscreen' | 'pip' }) => mode)
    const { view, bridge } = start({ hostContext: context, handlers: { requestDisplayMode }, rateLimits: { actions: { burst: 2, perSecond: 0.001 } } })
    await view.initialize({ appCapabilities: { availableDisplayModes: ['inline', 'fullscreen'] } })
    const results = []
    for (const mode of ['fullscreen', 'inline', 'fullscreen', 'fullscreen'] as const) results.push(await view.request('ui/request-display-mode', { mode }))
    expect(results.map((r) => r.result)).toEqual([{ mode: 'fullscreen' }, { mode: 'inline' }, { mode: 'inline' }, { mode: 'inline' }])
    expect(requestDisplayMode).toHaveBeenCalledTimes(2)
    expect(bridge.hostContext.displayMode).toBe('inline')
  })

  it('tells the view the mode a displaymodechange listener switched back to', async () => {
    const { view, bridge } = start({ hostContext: context })
    await view.initialize({ appCapabilities: { availableDisplayModes: ['inline', 'fullscreen'] } })
    // The host's layout cannot show fullscreen after all (a narrow window, say).
    bridge.on('displaymodechange', (mode) => mode === 'fullscreen' && bridge.setHostContext({ displayMode: 'inline' }))
    expect((await view.request('ui/request-display-mode', { mode: 'fullscreen' })).result).toEqual({ mode: 'fullscreen' })
    await until(() => view.notifications('ui/notifications/host-context-changed').length === 2)
    // The answer said fullscreen: the view hears it, then hears that the host went back to inline.
    expect(view.notifications('ui/notifications/host-context-changed').map((n) => n.params)).toEqual([{ displayMode: 'fullscreen' }, { displayMode: 'inline' }])
    expect(bridge.hostContext.displayMode).toBe('inline')
  })

  it('checks the granted mode against the modes available when the host has decided', async () => {
    let decide!: (mode: 'fullscreen') => void
    const { view, bridge } = start({ hostContext: context, handlers: { requestDisplayMode: () => new Promise((resolve) => (decide = resolve)) } })
    await view.initialize({ appCapabilities: { availableDisplayModes: ['inline', 'fullscreen'] } })
    const answer = view.request('ui/request-display-mode', { mode: 'fullscreen' })
    await until(() => decide !== undefined)
    bridge.setHostContext({ availableDisplayModes: ['inline'] })
    decide('fullscreen')
    expect((await answer).result).toEqual({ mode: 'inline' })
    expect(bridge.hostContext.displayMode).toBe('inline')
  })
})

describe('ui/request-display-mode reads the host context', () => {
  it('once before the host decides and once after, not once per look (each read copies the whole context)', async () => {
    let answer: 'pip' | 'fullscreen' = 'pip'
    const styles = { variables: { '--color-text-primary': 'light-dark(#111, #eee)' } }
    const { view, bridge } = start({ hostContext: { styles, availableDisplayModes: ['inline', 'fullscreen', 'pip'] }, handlers: { requestDisplayMode: () => answer } })
    await view.initialize({ appCapabilities: { availableDisplayModes: ['inline', 'pip'] } })
    const clone = vi.spyOn(globalThis, 'structuredClone')
    const contextCopies = () => clone.mock.calls.filter(([value]) => (value as { styles?: unknown } | undefined)?.styles !== undefined).length
    try {
      expect((await view.request('ui/request-display-mode', { mode: 'pip' })).result).toEqual({ mode: 'pip' })
      expect(contextCopies()).toBe(2)
      bridge.setHostContext({ displayMode: 'inline' })
      clone.mockClear()
      // The host grants a mode the view did not declare: refused once it decided, the current mode answered.
      answer = 'fullscreen'
      expect((await view.request('ui/request-display-mode', { mode: 'pip' })).result).toEqual({ mode: 'inline' })
      expect(contextCopies()).toBe(2)
    } finally {
      clone.mockRestore()
    }
  })
})

describe('sampling/createMessage', () => {
  const params = { messages: [{ role: 'user', content: text('hi') }], maxTokens: 50 }

  it('denies without a handler, and tool use unless advertised', async () => {
    const createSamplingMessage = vi.fn(() => ({ role: 'assistant' as const, content: text('hello'), model: 'm' }))
    const { view } = start({ capabilities: { sampling: {} }, handlers: { createSamplingMessage } })
    await view.initialize()
    expect((await view.request('sampling/createMessage', params)).result).toEqual({ role: 'assistant', content: text('hello'), model: 'm' })
    expect((await view.request('sampling/createMessage', { ...params, tools: [] })).error.code).toBe(-32601)
    expect((await view.request('sampling/createMessage', { ...params, maxTokens: -1 })).error.code).toBe(-32602)
    const bare = start({ capabilities: { sampling: {} } })
    await bare.view.initialize()
    expect((await bare.view.request('sampling/createMessage', params)).error.code).toBe(-32000)
  })
})

describe('notifications from the view', () => {
  it('emits log entries only when logging is advertised', async () => {
    const entries = vi.fn()
    const { view, bridge, pair, warnings } = start()
    bridge.on('log', entries)
    await view.initialize()
    view.notify('notifications/message', { level: 'info', data: 'x' })
    await pair.flush()
    expect(entries).not.toHaveBeenCalled()
    expect(warnings.some((w) => w.code === 'POLICY')).toBe(true)
    const logging = start({ capabilities: { logging: {} } })
    const logged = vi.fn()
    logging.bridge.on('log', logged)
    await logging.view.initialize()
    logging.view.notify('notifications/message', { level: 'warning', data: { a: 1 }, logger: 'app' })
    logging.view.notify('notifications/message', { level: 'loud', data: 1 })
    await until(() => logged.mock.calls.length === 1)
    await logging.pair.flush()
    expect(logged).toHaveBeenCalledTimes(1)
    expect(logging.warnings.some((w) => w.code === 'MALFORMED')).toBe(true)
  })

  it('emits requestteardown and validated size changes', async () => {
    const { view, bridge, pair, warnings } = start()
    const teardown = vi.fn()
    const sizes = vi.fn()
    bridge.on('requestteardown', teardown)
    bridge.on('sizechange', sizes)
    await view.initialize()
    view.notify('ui/notifications/request-teardown')
    view.notify('ui/notifications/size-changed', { height: 300 })
    view.notify('ui/notifications/size-changed', { height: -5 })
    view.notify('ui/notifications/size-changed', { width: Number.POSITIVE_INFINITY })
    await pair.flush()
    await until(() => sizes.mock.calls.length === 1)
    expect(teardown).toHaveBeenCalledTimes(1)
    expect(sizes).toHaveBeenCalledWith({ height: 300 })
    expect(warnings.filter((w) => w.code === 'MALFORMED')).toHaveLength(2)
  })

  it('turns CSP violation reports from the view into warnings, even before the handshake', async () => {
    const { view, pair, warnings } = start()
    view.notify('mcp-app-bridge/csp-violation', { directive: 'script-src', blockedURI: 'eval' })
    await view.initialize()
    view.notify('mcp-app-bridge/csp-violation', { directive: 'connect-src', blockedURI: 'https://tracker.example/x' })
    await pair.flush()
    expect(warnings.filter((w) => w.code === 'POLICY').map((w) => w.message)).toEqual(['CSP blocked eval (script-src)', 'CSP blocked https://tracker.example/x (connect-src)'])
  })

  it('reports a forged CSP violation whose fields have no string form', async () => {
    const { view, pair, warnings } = start()
    await view.initialize()
    view.notify('mcp-app-bridge/csp-violation', { directive: { toString: {} }, blockedURI: [{ toString: {} }] })
    view.notify('mcp-app-bridge/csp-violation', { directive: 7, blockedURI: ['x'] })
    await pair.flush()
    expect(warnings.map((w) => `${w.code} ${w.message}`)).toEqual(['POLICY CSP blocked a value with no string form (a value with no string form)', 'POLICY CSP blocked x (7)'])
  })

  it('ignores sandbox notifications from the view, with a warning each', async () => {
    const { view, pair, warnings } = start()
    await view.initialize()
    view.notify('ui/notifications/sandbox-proxy-ready', {})
    view.notify('ui/notifications/sandbox-resource-ready', { html: '<p>' })
    await pair.flush()
    expect(warnings.filter((w) => w.code === 'UNEXPECTED' && w.message.includes('sandbox-'))).toHaveLength(2)
  })
})

describe('the cap on calls in flight', () => {
  it('counts a call answered synchronously (or refused by a throw) as finished at once', async () => {
    let fail = false
    const readResource = vi.fn(({ uri }: { uri: string }) => {
      if (fail) throw new BridgeError('DENIED', 'not this one')
      return { contents: [{ uri, text: 'from the host' }] }
    })
    const { view } = start({ capabilities: { serverResources: {} }, handlers: { readResource }, maxConcurrentCalls: 2 })
    await view.initialize()
    for (let i = 0; i < 3; i++) expect((await view.request('resources/read', { uri: 'ui://x' })).result.contents[0].text).toBe('from the host')
    fail = true
    for (let i = 0; i < 3; i++) expect((await view.request('resources/read', { uri: 'ui://x' })).error.message).toBe('not this one')
    fail = false
    expect((await view.request('resources/read', { uri: 'ui://x' })).result).toBeDefined()
    expect(readResource).toHaveBeenCalledTimes(7)
  })
})

describe('the default cap on calls in flight', () => {
  it('is 16', async () => {
    const pending: Array<() => void> = []
    const readResource = ({ uri }: { uri: string }) => new Promise<ReadResourceResult>((resolve) => pending.push(() => resolve({ contents: [{ uri, text: 'x' }] })))
    const { view } = start({ capabilities: { serverResources: {} }, handlers: { readResource } })
    await view.initialize()
    const answers = Array.from({ length: 17 }, () => view.request('resources/read', { uri: 'ui://x' }))
    await until(() => pending.length === 16)
    const refused = await answers[16]
    expect(refused.error).toMatchObject({ code: -32000, message: 'resources/read: 16 calls in flight' })
    for (const finish of pending) finish()
    expect((await Promise.all(answers.slice(0, 16))).every((r) => r.result)).toBe(true)
  })
})
