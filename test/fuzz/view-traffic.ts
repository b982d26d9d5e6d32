/**
 * Valid messages a view sends its host, every method of the protocol, with plausible and
 * boundary values: the base the host fuzzer mutates. Responses answer the host's own requests,
 * which it numbers from 1, so small ids usually hit one in flight (or one that already settled).
 */
import fc from 'fast-check'
import { requestId } from './values.js'

type Message = Record<string, unknown>

const text = fc.string({ maxLength: 16 })
const size = fc.oneof(fc.integer({ min: 0, max: 5_000 }), fc.constantFrom(0, 1e9, 0.5))
const mode = fc.constantFrom('inline', 'fullscreen', 'pip')
const meta = fc.option(fc.record({ trace: text }), { nil: undefined })

export const contentBlock: fc.Arbitrary<Message> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ type: fc.constant('text'), text }) },
  fc.record({ type: fc.constant('image'), data: fc.base64String({ maxLength: 8 }), mimeType: fc.constant('image/png') }),
  fc.record({ type: fc.constant('resource_link'), uri: fc.constant('https://example.com/a'), name: text }),
  fc.record({ type: fc.constant('resource'), resource: fc.record({ uri: fc.constant('file:///a.txt'), text }) }),
  fc.record({ type: fc.constantFrom('audio', 'video', 'made-up'), data: text }),
)
const content = fc.array(contentBlock, { maxLength: 3 })

/** Tool names the host fuzzer's server knows (see `fake-server.ts`), plus one it does not. */
export const TOOL_NAMES = ['app-tool', 'model-tool', 'both-tool', 'hidden-tool', 'odd-visibility', 'hang-tool', 'fail-tool', 'junk-tool', 'no-such-tool'] as const

const request = (method: string, params: fc.Arbitrary<Message | undefined> | undefined) =>
  (params ? fc.tuple(requestId, params) : fc.tuple(requestId)).map(([id, p]) => (p === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params: p }))
const notification = (method: string, params: fc.Arbitrary<Message | undefined> | undefined) =>
  (params ?? fc.constant(undefined)).map((p) => (p === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params: p }))
const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined })
/** Drops `undefined` fields (absent, as a peer would send them). */
const defined = (record: Message): Message => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined))

export const initializeParams: fc.Arbitrary<Message> = fc
  .record({
    appInfo: fc.record({ name: text, version: fc.constantFrom('1.0.0', '0.0.1') }),
    appCapabilities: fc
      .record({ availableDisplayModes: opt(fc.uniqueArray(mode, { maxLength: 3 })), tools: opt(fc.record({ listChanged: opt(fc.boolean()) }).map(defined)) })
      .map(defined),
    protocolVersion: fc.constantFrom('2026-01-26', '2025-06-18', '9999-01-01'),
    _meta: meta,
  })
  .map(defined)

/** A result the host's requests might get back (ping, the view's tools, teardown). */
const result: fc.Arbitrary<Message> = fc.oneof(
  fc.constant({}),
  fc.record({ content: content.map((blocks) => blocks), isError: opt(fc.boolean()) }).map(defined),
  fc.record({ tools: fc.array(fc.record({ name: text, inputSchema: fc.constant({ type: 'object' }) }), { maxLength: 2 }) }),
)

/** Every view → host message of the protocol, valid. */
export const viewMessage: fc.Arbitrary<Message> = fc.oneof(
  { weight: 3, arbitrary: request('ui/initialize', initializeParams) },
  { weight: 3, arbitrary: notification('ui/notifications/initialized', opt(fc.constant({}))) },
  { weight: 2, arbitrary: request('ping', opt(fc.constant({}))) },
  { weight: 3, arbitrary: request('ui/message', fc.record({ role: fc.constant('user'), content, _meta: meta }).map(defined)) },
  { weight: 2, arbitrary: request('ui/update-model-context', fc.record({ content: opt(content), structuredContent: opt(fc.dictionary(text, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 })) }).map(defined)) },
  {
    weight: 2,
    arbitrary: request(
      'ui/open-link',
      fc.record({ url: fc.constantFrom('https://example.com/', 'http://a.b/c?d', 'mailto:a@b.c', 'javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,x', 'file:///etc/passwd', 'blob:https://a/b', 'ftp://x', 'not a url', ' https://e.com') }),
    ),
  },
  { weight: 2, arbitrary: request('ui/request-display-mode', fc.record({ mode })) },
  {
    weight: 1,
    arbitrary: request(
      'ui/download-file',
      fc.record({ contents: fc.array(fc.oneof(fc.record({ type: fc.constant('resource'), resource: fc.record({ uri: fc.constant('file:///r.txt'), text }) }), fc.record({ type: fc.constant('resource_link'), uri: fc.constant('https://e.com/f'), name: text })), { minLength: 1, maxLength: 2 }) }),
    ),
  },
  { weight: 4, arbitrary: request('tools/call', fc.record({ name: fc.constantFrom(...TOOL_NAMES), arguments: opt(fc.dictionary(text, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 })), _meta: opt(fc.record({ progressToken: requestId })) }).map(defined)) },
  { weight: 1, arbitrary: request('resources/read', fc.record({ uri: fc.constantFrom('ui://app/x', 'file:///a', 'https://e.com') })) },
  { weight: 1, arbitrary: request('resources/list', opt(fc.record({ cursor: text }))) },
  { weight: 1, arbitrary: request('resources/templates/list', opt(fc.constant({}))) },
  { weight: 1, arbitrary: request('prompts/list', opt(fc.constant({}))) },
  {
    weight: 1,
    arbitrary: request(
      'sampling/createMessage',
      fc.record({ messages: fc.array(fc.record({ role: fc.constantFrom('user', 'assistant'), content: fc.record({ type: fc.constant('text'), text }) }), { maxLength: 2 }), maxTokens: fc.integer({ min: 1, max: 100 }), tools: opt(fc.constant([])) }).map(defined),
    ),
  },
  { weight: 4, arbitrary: notification('ui/notifications/size-changed', fc.record({ width: opt(size), height: opt(size) }).map(defined)) },
  { weight: 3, arbitrary: notification('notifications/message', fc.record({ level: fc.constantFrom('debug', 'info', 'error', 'emergency'), logger: opt(text), data: fc.jsonValue({ maxDepth: 2 }) }).map(defined)) },
  { weight: 1, arbitrary: notification('ui/notifications/request-teardown', opt(fc.constant({}))) },
  { weight: 1, arbitrary: notification('notifications/tools/list_changed', opt(fc.constant({}))) },
  { weight: 1, arbitrary: notification('mcp-app-bridge/csp-violation', fc.record({ blockedURI: fc.constantFrom('https://evil.example/x.js', ''), directive: fc.constant('script-src') })) },
  { weight: 3, arbitrary: notification('notifications/cancelled', fc.record({ requestId, reason: opt(text) }).map(defined)) },
  { weight: 1, arbitrary: notification('notifications/progress', fc.record({ progressToken: requestId, progress: fc.integer({ min: 0, max: 100 }), total: opt(fc.constant(100)) }).map(defined)) },
  // Answers to the host's requests (ping, teardown, the view's own tools), right or wrong.
  { weight: 4, arbitrary: fc.tuple(fc.integer({ min: 1, max: 6 }), result).map(([id, value]) => ({ jsonrpc: '2.0', id, result: value })) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 6 }), fc.constantFrom(-32000, -32001, -32600, -32601, -32602, -32603, 1, 0), text)
      .map(([id, code, message]) => ({ jsonrpc: '2.0', id, error: { code, message } })),
  },
)
