/**
 * Valid messages a host sends its view, every method of the protocol: the base the view fuzzer
 * mutates. Responses answer the view's own requests, which it numbers from 1 (`ui/initialize`
 * is usually 1), so small ids usually hit one in flight, one that timed out or was cancelled.
 */
import fc from 'fast-check'
import { contentBlock } from './view-traffic.js'
import { requestId } from './values.js'

type Message = Record<string, unknown>

const text = fc.string({ maxLength: 16 })
const mode = fc.constantFrom('inline', 'fullscreen', 'pip')
const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined })
const defined = (record: Message): Message => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined))

/** A host context with any subset of the spec's fields, mostly valid, sometimes not, plus unknown keys. */
export const hostContext: fc.Arbitrary<Message> = fc
  .record(
    {
      theme: fc.constantFrom('light', 'dark', 'purple'),
      displayMode: fc.constantFrom('inline', 'fullscreen', 'pip', 'maximized'),
      availableDisplayModes: fc.uniqueArray(mode, { maxLength: 3 }),
      locale: fc.constantFrom('en-US', 'fr-FR', ''),
      timeZone: fc.constantFrom('Europe/Paris', 'UTC'),
      platform: fc.constantFrom('web', 'desktop', 'mobile', 'tv'),
      containerDimensions: fc.constantFrom<Message>({ maxHeight: 600 }, { height: 400, width: 300 }, { maxWidth: 800 }, {}, { height: 1, maxHeight: 2 }, { height: Number.NaN }),
      styles: fc.constantFrom<Message>({ variables: { '--color-text-primary': 'red' } }, { css: { fonts: '@import url(x)' } }, {}, { variables: 'red' }),
      safeAreaInsets: fc.constantFrom<Message>({ top: 0, right: 0, bottom: 10, left: 0 }, { top: 1 }),
      deviceCapabilities: fc.record({ touch: fc.boolean(), hover: fc.boolean() }),
      toolInfo: fc.constantFrom<Message>({ id: 7, tool: { name: 'show', inputSchema: { type: 'object' } } }, { tool: {} }),
      userAgent: text,
      futureField: fc.jsonValue({ maxDepth: 1 }),
      gone: fc.constant(undefined),
    },
    { requiredKeys: [] },
  )
  .map((context) => ({ ...context }))

const hostCapabilities: fc.Arbitrary<Message> = fc
  .record(
    {
      openLinks: fc.constant({}),
      message: fc.constantFrom({}, { text: {} }),
      updateModelContext: fc.constantFrom({}, { text: {}, structuredContent: {} }),
      serverTools: fc.record({ listChanged: fc.boolean() }),
      serverResources: fc.constant({}),
      logging: fc.constant({}),
      downloadFile: fc.constant({}),
      sampling: fc.constantFrom({}, { tools: {} }),
      experimental: fc.constant({}),
    },
    { requiredKeys: [] },
  )
  .map((capabilities) => ({ ...capabilities }))

export const initializeResult: fc.Arbitrary<Message> = fc.record({
  protocolVersion: fc.constantFrom('2026-01-26', '2026-01-26', '2099-01-01'),
  hostInfo: fc.record({ name: text, version: fc.constant('1.0.0') }),
  hostCapabilities,
  hostContext,
})

const callToolResult: fc.Arbitrary<Message> = fc
  .record({ content: fc.array(contentBlock, { maxLength: 2 }), structuredContent: opt(fc.dictionary(text, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 })), isError: opt(fc.boolean()) })
  .map(defined)

const request = (method: string, params: fc.Arbitrary<Message | undefined> | undefined) =>
  (params ? fc.tuple(requestId, params) : fc.tuple(requestId)).map(([id, p]) => (p === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params: p }))
const notification = (method: string, params: fc.Arbitrary<Message | undefined> | undefined) =>
  (params ?? fc.constant(undefined)).map((p) => (p === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params: p }))
const args = opt(fc.dictionary(text, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }))

/** The view's request ids a host answers: `ui/initialize` is usually 1. */
const viewId = fc.integer({ min: 1, max: 8 })

/** Every host → view message of the protocol, valid. */
export const hostMessage: fc.Arbitrary<Message> = fc.oneof(
  { weight: 3, arbitrary: notification('ui/notifications/tool-input', fc.record({ arguments: args }).map(defined)) },
  { weight: 3, arbitrary: notification('ui/notifications/tool-input-partial', fc.record({ arguments: args }).map(defined)) },
  { weight: 3, arbitrary: notification('ui/notifications/tool-result', callToolResult) },
  { weight: 2, arbitrary: notification('ui/notifications/tool-cancelled', fc.record({ reason: opt(text) }).map(defined)) },
  { weight: 5, arbitrary: notification('ui/notifications/host-context-changed', hostContext) },
  { weight: 1, arbitrary: notification('notifications/tools/list_changed', opt(fc.constant({}))) },
  { weight: 1, arbitrary: notification('notifications/resources/list_changed', opt(fc.constant({}))) },
  { weight: 1, arbitrary: notification('notifications/prompts/list_changed', opt(fc.constant({}))) },
  { weight: 2, arbitrary: notification('notifications/cancelled', fc.record({ requestId, reason: opt(text) }).map(defined)) },
  { weight: 1, arbitrary: notification('notifications/progress', fc.record({ progressToken: requestId, progress: fc.integer({ min: 0, max: 100 }) })) },
  { weight: 2, arbitrary: request('ui/resource-teardown', opt(fc.record({ reason: opt(text) }).map(defined))) },
  { weight: 2, arbitrary: request('ping', opt(fc.constant({}))) },
  { weight: 2, arbitrary: request('tools/call', fc.record({ name: fc.constantFrom('echo', 'slow', 'throws', 'bad-result', 'no-such-tool'), arguments: args }).map(defined)) },
  { weight: 1, arbitrary: request('tools/list', opt(fc.constant({}))) },
  // Answers to the view's requests, right or wrong.
  { weight: 6, arbitrary: fc.tuple(viewId, initializeResult).map(([id, result]) => ({ jsonrpc: '2.0', id, result })) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(viewId, fc.oneof(fc.constant({}), fc.constant({ isError: true }), fc.record({ mode }), callToolResult, fc.record({ contents: fc.constant([]) })))
      .map(([id, result]) => ({ jsonrpc: '2.0', id, result })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(viewId, fc.constantFrom(-32000, -32001, -32600, -32601, -32602, -32603, 1), text)
      .map(([id, code, message]) => ({ jsonrpc: '2.0', id, error: { code, message } })),
  },
)
