/**
 * Malformed and hostile messages injected at the host and at the view, each with its expected
 * outcome (ignored, dropped with a warning code, or answered with a JSON-RPC error code), then
 * proof that a normal round trip still works and nothing was corrupted.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { APP_INFO, createBridgePair, type BridgePair } from '../helpers/bridges.js'
import { nested, notification, request } from '../helpers/messages.js'
import type { BridgeWarningCode } from '../../src/protocol/transport.js'
import { listenedFrames } from '../../src/host/index.js'

interface Row {
  name: string
  /** Built fresh per row (cycles, JSON.parse'd __proto__ keys). */
  message: () => unknown
  /** Posted from another window (`stranger`) or with no source at all (`none`) instead of the peer. */
  source?: 'stranger' | 'none'
  /** Posted from this origin instead of the peer's. */
  origin?: string
  /** The answer the receiving bridge must post; no answer at all when omitted. */
  answer?: { id: unknown; error: number; mentions?: string } | { id: unknown; result: unknown }
  /** Exactly the warning codes the receiving bridge must report (none when omitted). */
  warnings?: BridgeWarningCode[]
}

const MiB = 1024 * 1024
const huge = () => 'x'.repeat(5 * MiB)
const cyclic = () => {
  const params: Record<string, unknown> = { role: 'user' }
  params.content = [{ type: 'text', text: 'loop', self: params }]
  return params
}
const withProto = (json: string) => JSON.parse(json) as unknown
const stranger = { postMessage: () => {} }

// ---- injected at the host, as if the view's frame posted them ----
const hostRows: Row[] = [
  // Not JSON-RPC 2.0 at all: other scripts share postMessage, so these are ignored quietly.
  { name: 'jsonrpc "1.0"', message: () => ({ jsonrpc: '1.0', id: 'h', method: 'ping' }) },
  { name: 'no jsonrpc field', message: () => ({ id: 'h', method: 'ping' }) },
  { name: 'a JSON string instead of an object', message: () => JSON.stringify(request('h', 'ping')) },
  { name: 'null', message: () => null },
  { name: 'a batch array', message: () => [request('h1', 'ping'), request('h2', 'ping')] },
  // Malformed JSON-RPC.
  { name: 'an empty JSON-RPC object', message: () => ({ jsonrpc: '2.0' }), warnings: ['MALFORMED'] },
  { name: 'method is a number', message: () => ({ jsonrpc: '2.0', id: 'h-m', method: 42 }), answer: { id: 'h-m', error: -32600 }, warnings: ['MALFORMED'] },
  { name: 'empty method, no id', message: () => ({ jsonrpc: '2.0', method: '' }), warnings: ['MALFORMED'] },
  { name: 'request id null', message: () => request(null, 'ping'), warnings: ['MALFORMED'] },
  { name: 'request id an object', message: () => request({ id: 1 }, 'ping'), warnings: ['MALFORMED'] },
  { name: 'request id NaN', message: () => request(Number.NaN, 'ping'), warnings: ['MALFORMED'] },
  { name: 'params an array', message: () => request('h-pa', 'ui/message', ['hi']), answer: { id: 'h-pa', error: -32602, mentions: 'ui/message' }, warnings: ['MALFORMED'] },
  { name: 'notification params a string', message: () => notification('ui/notifications/size-changed', '100x100'), warnings: ['MALFORMED'] },
  { name: 'a response with both result and error', message: () => ({ jsonrpc: '2.0', id: 'h-re', result: {}, error: { code: 1, message: 'm' } }), warnings: ['MALFORMED'] },
  { name: 'a response with a malformed error', message: () => ({ jsonrpc: '2.0', id: 'h-me', error: 'boom' }), warnings: ['MALFORMED'] },
  { name: 'a response to an unknown id', message: () => ({ jsonrpc: '2.0', id: 'h-unknown', result: {} }), warnings: ['UNEXPECTED'] },
  // Unknown or inherited method names.
  { name: 'an unknown request method', message: () => request('h-u', 'ui/launch-missiles'), answer: { id: 'h-u', error: -32601, mentions: 'ui/launch-missiles' } },
  { name: 'method __proto__', message: () => request('h-p', '__proto__'), answer: { id: 'h-p', error: -32601 } },
  { name: 'method constructor (notification)', message: () => notification('constructor'), warnings: ['UNEXPECTED'] },
  { name: 'an unknown notification', message: () => notification('ui/notifications/self-destruct'), warnings: ['UNEXPECTED'] },
  { name: 'a host→view notification sent by the view', message: () => notification('ui/notifications/host-context-changed', { theme: 'light' }), warnings: ['UNEXPECTED'] },
  { name: 'a host→view request sent by the view', message: () => request('h-td', 'ui/resource-teardown', {}), answer: { id: 'h-td', error: -32601 } },
  // Wrong param types, refused naming the field.
  { name: 'ui/message role assistant', message: () => request('h-r', 'ui/message', { role: 'assistant', content: [] }), answer: { id: 'h-r', error: -32602, mentions: 'role' } },
  { name: 'ui/message content a string', message: () => request('h-c', 'ui/message', { role: 'user', content: 'hi' }), answer: { id: 'h-c', error: -32602, mentions: 'content' } },
  { name: 'ui/message block without type', message: () => request('h-b', 'ui/message', { role: 'user', content: [{ text: 'x' }] }), answer: { id: 'h-b', error: -32602, mentions: 'content[0].type' } },
  { name: 'ui/open-link url a number', message: () => request('h-l1', 'ui/open-link', { url: 42 }), answer: { id: 'h-l1', error: -32602, mentions: 'url' } },
  { name: 'ui/open-link javascript: URL', message: () => request('h-l2', 'ui/open-link', { url: 'javascript:alert(document.cookie)' }), answer: { id: 'h-l2', error: -32000 } },
  { name: 'ui/open-link file: URL', message: () => request('h-l3', 'ui/open-link', { url: 'file:///etc/passwd' }), answer: { id: 'h-l3', error: -32000 } },
  { name: 'ui/open-link unparsable URL', message: () => request('h-l4', 'ui/open-link', { url: 'not a url' }), answer: { id: 'h-l4', error: -32602 } },
  { name: 'ui/request-display-mode unknown mode', message: () => request('h-d1', 'ui/request-display-mode', { mode: 'maximized' }), answer: { id: 'h-d1', error: -32602, mentions: 'mode' } },
  { name: 'ui/request-display-mode undeclared mode keeps the current one', message: () => request('h-d2', 'ui/request-display-mode', { mode: 'fullscreen' }), answer: { id: 'h-d2', result: { mode: 'inline' } } },
  { name: 'ui/update-model-context structuredContent JSON of an array', message: () => request('h-mc', 'ui/update-model-context', { structuredContent: '[1,2]' }), answer: { id: 'h-mc', error: -32602, mentions: 'structuredContent' } },
  { name: 'tools/call a model-only tool', message: () => request('h-t1', 'tools/call', { name: 'model-only', arguments: {} }), answer: { id: 'h-t1', error: -32000 } },
  { name: 'tools/call an unknown tool', message: () => request('h-t2', 'tools/call', { name: 'rm -rf', arguments: {} }), answer: { id: 'h-t2', error: -32000 } },
  { name: 'tools/call empty name', message: () => request('h-t3', 'tools/call', { name: '' }), answer: { id: 'h-t3', error: -32602, mentions: 'name' } },
  { name: 'tools/call arguments an array', message: () => request('h-t4', 'tools/call', { name: 'app-only', arguments: [1] }), answer: { id: 'h-t4', error: -32602, mentions: 'arguments' } },
  { name: 'ui/download-file, not advertised', message: () => request('h-df', 'ui/download-file', { contents: [] }), answer: { id: 'h-df', error: -32601 } },
  { name: 'sampling/createMessage, not advertised', message: () => request('h-s', 'sampling/createMessage', { messages: [], maxTokens: 1 }), answer: { id: 'h-s', error: -32601 } },
  { name: 'a second ui/initialize without appInfo', message: () => request('h-i', 'ui/initialize', { appCapabilities: {}, protocolVersion: '2026-01-26' }), answer: { id: 'h-i', error: -32602, mentions: 'appInfo' } },
  { name: 'size-changed negative width', message: () => notification('ui/notifications/size-changed', { width: -1, height: 10 }), warnings: ['MALFORMED'] },
  { name: 'size-changed height a string', message: () => notification('ui/notifications/size-changed', { height: '100' }), warnings: ['MALFORMED'] },
  { name: 'a log entry with an unknown level', message: () => notification('notifications/message', { level: 'shout', data: 'x' }), warnings: ['MALFORMED'] },
  // __proto__ keys: stripped, reported, the message is otherwise served.
  { name: '__proto__ in ping params', message: () => withProto('{"jsonrpc":"2.0","id":"h-pp","method":"ping","params":{"__proto__":{"polluted":true}}}'), answer: { id: 'h-pp', result: {} }, warnings: ['MALFORMED'] },
  { name: '__proto__ at the top of a request', message: () => withProto('{"jsonrpc":"2.0","id":"h-pt","method":"ping","__proto__":{"polluted":true}}'), answer: { id: 'h-pt', result: {} }, warnings: ['MALFORMED'] },
  // Huge, deep, cyclic.
  { name: 'a 5 MiB request', message: () => request('h-big', 'ui/message', { role: 'user', content: [{ type: 'text', text: huge() }] }), answer: { id: 'h-big', error: -32600 }, warnings: ['TOO_LARGE'] },
  { name: 'a 5 MiB notification', message: () => notification('notifications/message', { level: 'info', data: huge() }), warnings: ['TOO_LARGE'] },
  { name: '5 MiB hidden in a Map', message: () => request('h-map', 'ui/update-model-context', { structuredContent: new Map([['k', huge()]]) }), answer: { id: 'h-map', error: -32600 }, warnings: ['TOO_LARGE'] },
  { name: 'nesting 1000 levels deep', message: () => request('h-deep', 'ping', nested(1000)), answer: { id: 'h-deep', error: -32600 }, warnings: ['TOO_LARGE'] },
  { name: 'cyclic params', message: () => request('h-cyc', 'ui/message', cyclic()), answer: { id: 'h-cyc', error: -32600 }, warnings: ['TOO_LARGE'] },
  // Out of place.
  { name: 'a repeated initialized notification', message: () => notification('ui/notifications/initialized', {}), warnings: ['UNEXPECTED'] },
  { name: 'a spoofed sandbox-proxy-ready', message: () => notification('ui/notifications/sandbox-proxy-ready', {}), warnings: ['UNEXPECTED'] },
  { name: 'a spoofed sandbox-resource-ready', message: () => notification('ui/notifications/sandbox-resource-ready', { html: '<script>evil()</script>' }), warnings: ['UNEXPECTED'] },
  { name: 'a cancellation for an unknown request', message: () => notification('notifications/cancelled', { requestId: 'nope' }) },
  { name: 'progress for an unknown token', message: () => notification('notifications/progress', { progressToken: 'nope', progress: 1 }), warnings: ['UNEXPECTED'] },
  // Wrong sender.
  { name: 'a valid ui/message from another window', message: () => request('h-w1', 'ui/message', { role: 'user', content: [{ type: 'text', text: 'spoof' }] }), source: 'stranger' },
  { name: 'a valid ui/message with no source', message: () => request('h-w2', 'ui/message', { role: 'user', content: [{ type: 'text', text: 'spoof' }] }), source: 'none' },
  { name: 'a valid ui/message from the frame at another origin', message: () => request('h-w3', 'ui/message', { role: 'user', content: [{ type: 'text', text: 'spoof' }] }), origin: 'https://evil.example', warnings: ['POLICY'] },
]

// ---- injected at the view, as if the host posted them ----
// No size or depth rows here: only the view's parent can reach it, and the parent wrote the view's
// document, so the view applies no limits (see session-incoming.test.ts and view/origin.test.ts).
const viewRows: Row[] = [
  { name: 'jsonrpc "2" (not "2.0")', message: () => ({ jsonrpc: '2', method: 'ui/notifications/tool-input', params: { arguments: {} } }) },
  { name: 'host context with an invalid theme', message: () => notification('ui/notifications/host-context-changed', { theme: 'purple' }), warnings: ['MALFORMED'] },
  { name: 'host context params an array', message: () => notification('ui/notifications/host-context-changed', [{ theme: 'light' }]), warnings: ['MALFORMED'] },
  { name: 'host context with only a __proto__ key', message: () => withProto('{"jsonrpc":"2.0","method":"ui/notifications/host-context-changed","params":{"__proto__":{"theme":"light"}}}'), warnings: ['MALFORMED'] },
  { name: 'host context with height and maxHeight', message: () => notification('ui/notifications/host-context-changed', { containerDimensions: { height: 1, maxHeight: 2 } }), warnings: ['MALFORMED'] },
  { name: 'tool-input arguments JSON of an array', message: () => notification('ui/notifications/tool-input', { arguments: '[1]' }), warnings: ['MALFORMED'] },
  { name: 'tool-input arguments a number', message: () => notification('ui/notifications/tool-input', { arguments: 7 }), warnings: ['MALFORMED'] },
  { name: 'tool-input-partial arguments an array', message: () => notification('ui/notifications/tool-input-partial', { arguments: [] }), warnings: ['MALFORMED'] },
  { name: 'tool-result content a string', message: () => notification('ui/notifications/tool-result', { content: 'done' }), warnings: ['MALFORMED'] },
  { name: 'tool-result isError a string', message: () => notification('ui/notifications/tool-result', { content: [], isError: 'yes' }), warnings: ['MALFORMED'] },
  { name: 'tool-cancelled reason a number', message: () => notification('ui/notifications/tool-cancelled', { reason: 5 }), warnings: ['MALFORMED'] },
  { name: 'a view→host request sent to the view', message: () => request('v-ol', 'ui/open-link', { url: 'https://example.com' }), answer: { id: 'v-ol', error: -32601 } },
  { name: 'ui/initialize sent to the view', message: () => request('v-in', 'ui/initialize', {}), answer: { id: 'v-in', error: -32601 } },
  { name: 'tools/call to a view that declared no tools', message: () => request('v-tc', 'tools/call', { name: 'x' }), answer: { id: 'v-tc', error: -32601 } },
  { name: 'tools/list to a view that declared no tools', message: () => request('v-tl', 'tools/list', {}), answer: { id: 'v-tl', error: -32601 } },
  { name: 'resource-teardown with a numeric reason', message: () => request('v-td', 'ui/resource-teardown', { reason: 42 }), answer: { id: 'v-td', error: -32602, mentions: 'reason' } },
  { name: 'ping with array params', message: () => request('v-pg', 'ping', [1]), answer: { id: 'v-pg', error: -32602 }, warnings: ['MALFORMED'] },
  { name: 'a response to an unknown id', message: () => ({ jsonrpc: '2.0', id: 'v-unknown', result: {} }), warnings: ['UNEXPECTED'] },
  { name: 'a sandbox notification sent to the view', message: () => notification('ui/notifications/sandbox-resource-ready', { html: '<p>' }), warnings: ['UNEXPECTED'] },
  { name: 'a tool-input from another window', message: () => notification('ui/notifications/tool-input', { arguments: { spoofed: true } }), source: 'stranger' },
  { name: 'a host-context change from the parent at another origin', message: () => notification('ui/notifications/host-context-changed', { theme: 'light' }), origin: 'https://evil.example', warnings: ['POLICY'] },
  { name: 'a teardown from the parent at another origin', message: () => request('v-evil', 'ui/resource-teardown', {}), origin: 'https://evil.example', warnings: ['POLICY'] },
]

describe('hostile messages', () => {
  let bridges: BridgePair
  const handled: { messages: unknown[]; sizes: unknown[]; teardowns: unknown[]; contextEvents: unknown[]; toolEvents: Array<[string, unknown]> } = {
    messages: [],
    sizes: [],
    teardowns: [],
    contextEvents: [],
    toolEvents: [],
  }

  beforeAll(async () => {
    bridges = createBridgePair({
      autoDispose: false,
      host: {
        hostContext: { theme: 'dark', locale: 'en', displayMode: 'inline', availableDisplayModes: ['inline', 'fullscreen'] },
        capabilities: { message: {}, openLinks: {}, updateModelContext: {}, serverTools: {}, logging: {} },
        tools: [
          { name: 'app-only', inputSchema: { type: 'object' }, _meta: { ui: { visibility: ['app'] } } },
          { name: 'model-only', inputSchema: { type: 'object' }, _meta: { ui: { visibility: ['model'] } } },
        ],
        handlers: {
          message: (params) => void handled.messages.push(params),
          openLink: () => {},
          callTool: () => ({ content: [{ type: 'text', text: 'ok' }] }),
        },
        rateLimits: { actions: { burst: 1000, perSecond: 1000 }, calls: { burst: 1000, perSecond: 1000 } },
      },
    })
    const { host, view } = bridges
    host.on('sizechange', (size) => void handled.sizes.push(size))
    view.on('teardown', (params) => void handled.teardowns.push(params))
    view.on('hostcontextchanged', (_context, changed) => void handled.contextEvents.push(changed))
    view.on('toolinputpartial', (p) => void handled.toolEvents.push(['partial', p]))
    view.on('toolinput', (p) => void handled.toolEvents.push(['input', p]))
    view.on('toolresult', (p) => void handled.toolEvents.push(['result', p]))
    view.on('toolcancelled', (p) => void handled.toolEvents.push(['cancelled', p]))
    await bridges.connect()
    // The handshake itself reports the initial context once; only later events count below.
    expect(handled.contextEvents).toHaveLength(1)
    handled.contextEvents.length = 0
    await view.updateModelContext({ structuredContent: { selected: 'Paris' } })
    host.sendToolInputPartial({ city: 'Pa' })
    await bridges.pair.flush()
  })

  afterAll(() => bridges.dispose())

  test('the tables are big enough', () => {
    expect(hostRows.length + viewRows.length).toBeGreaterThanOrEqual(30)
  })

  async function inject(row: Row, to: 'host' | 'view') {
    const { pair, warnings } = bridges
    const start = pair.log.length
    const warned = warnings[to].length
    const from = to === 'host' ? pair.frame : pair.parent
    const source = row.source === 'stranger' ? stranger : row.source === 'none' ? null : from
    const options = { source, ...(row.origin && { origin: row.origin }) }
    if (to === 'host') pair.injectToHost(row.message(), options)
    else pair.injectToView(row.message(), options)
    await pair.flush()
    return { posted: pair.sent(to, start), warned: warnings[to].slice(warned).map((w) => w.code) }
  }

  function expectOutcome(row: Row, outcome: { posted: any[]; warned: BridgeWarningCode[] }) {
    expect(outcome.warned).toEqual(row.warnings ?? [])
    if (!row.answer) {
      expect(outcome.posted).toEqual([])
    } else if ('error' in row.answer) {
      expect(outcome.posted).toStrictEqual([{ jsonrpc: '2.0', id: row.answer.id, error: { code: row.answer.error, message: expect.any(String) } }])
      if (row.answer.mentions) expect(outcome.posted[0].error.message).toContain(row.answer.mentions)
    } else {
      expect(outcome.posted).toStrictEqual([{ jsonrpc: '2.0', id: row.answer.id, result: row.answer.result }])
    }
  }

  describe('at the host', () => {
    test.for(hostRows)('$name', async (row) => {
      expectOutcome(row, await inject(row, 'host'))
    })
  })

  describe('at the view', () => {
    test.for(viewRows)('$name', async (row) => {
      expectOutcome(row, await inject(row, 'view'))
    })
  })

  describe('afterwards', () => {
    test('no hostile message reached a handler or raised an event', () => {
      expect(handled.messages).toEqual([])
      expect(handled.sizes).toEqual([])
      expect(handled.teardowns).toEqual([])
      expect(handled.contextEvents).toEqual([])
      expect(handled.toolEvents).toStrictEqual([['partial', { arguments: { city: 'Pa' } }]])
    })

    test('no state was corrupted: context, app info, model context, tool phase, pending requests, prototypes', () => {
      const { host, view, pair } = bridges
      expect(view.hostContext).toStrictEqual({ theme: 'dark', locale: 'en', displayMode: 'inline', availableDisplayModes: ['inline', 'fullscreen'] })
      expect(host.hostContext).toStrictEqual(view.hostContext)
      expect(host.appInfo).toEqual(APP_INFO)
      expect(host.modelContext).toStrictEqual({ structuredContent: { selected: 'Paris' } })
      expect(host.toolPhase).toBe('streaming')
      expect(host.pendingCount).toBe(0)
      expect(host.initialized).toBe(true)
      expect(host.closed).toBe(false)
      expect(listenedFrames(pair.host as never)).toBe(1)
      expect(pair.messageListeners('view')).toBe(1)
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      expect(Object.prototype).not.toHaveProperty('theme')
    })

    test('a normal round trip still works in both directions', async () => {
      const { host, view, pair } = bridges
      const start = pair.log.length
      expect(await view.sendMessage('still here')).toEqual({})
      host.setHostContext({ theme: 'light' })
      host.sendToolInput({ city: 'Paris' })
      host.sendToolResult({ content: [{ type: 'text', text: '21°C' }] })
      await host.ping()
      view.sendSizeChanged({ width: 300, height: 200 })
      await pair.flush()
      expect(handled.messages).toStrictEqual([{ role: 'user', content: [{ type: 'text', text: 'still here' }] }])
      expect(view.hostContext.theme).toBe('light')
      expect(handled.contextEvents).toEqual([['theme']])
      expect(handled.toolEvents.map(([kind]) => kind)).toEqual(['partial', 'input', 'result'])
      expect(handled.sizes).toEqual([{ width: 300, height: 200 }])
      expect(host.toolPhase).toBe('result')
      expect(bridges.warnings.host.length + bridges.warnings.view.length).toBeGreaterThan(0)
      expect(pair.sent('host', start).map((m) => m.method ?? 'response')).toEqual([
        'response',
        'ui/notifications/host-context-changed',
        'ui/notifications/tool-input',
        'ui/notifications/tool-result',
        'ping',
      ])
    })
  })
})
