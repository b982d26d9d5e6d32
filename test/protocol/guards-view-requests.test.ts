/** Guards for what the host reads from the view: variants accepted and reported, the rest refused naming the field. */
import { describe, expect, test } from 'vitest'
import { readCallToolParams } from '../../src/protocol/guards.js'
import {
  readCreateMessageParams,
  readDownloadFileParams,
  readInitializeParams,
  readListToolsResult,
  readLoggingMessageParams,
  readMessageParams,
  readOpenLinkParams,
  readPaginatedParams,
  readReadResourceParams,
  readRequestDisplayModeParams,
  readSizeChanged,
  readUpdateModelContextParams,
} from '../../src/protocol/host-guards.js'
import { expectRefusal, recordNotes, thrown } from '../helpers/notes.js'

const appInfo = { name: 'app', version: '1.0.0' }

describe('readInitializeParams', () => {
  test('the current form passes without notes', () => {
    const { note, notes } = recordNotes()
    const params = { appInfo, appCapabilities: { availableDisplayModes: ['inline', 'fullscreen'] }, protocolVersion: '2026-01-26', _meta: { trace: 1 } }
    expect(readInitializeParams(params, note)).toEqual(params)
    expect(notes).toEqual([])
  })

  test('clientInfo/capabilities (spec transport example) are accepted, each reported as VARIANT', () => {
    const { note, notes } = recordNotes()
    const read = readInitializeParams({ clientInfo: appInfo, capabilities: { tools: {} }, protocolVersion: '2026-01-26' }, note)
    expect(read.appInfo).toEqual(appInfo)
    expect(read.appCapabilities).toEqual({ tools: {} })
    expect(notes.map((n) => n.code)).toEqual(['VARIANT', 'VARIANT'])
    expect(notes[0]!.message).toContain('clientInfo')
    expect(notes[1]!.message).toContain('capabilities')
  })

  test('appInfo wins over clientInfo without a note', () => {
    const { note, notes } = recordNotes()
    expect(readInitializeParams({ appInfo, clientInfo: { name: 'other', version: '0' }, appCapabilities: {}, protocolVersion: 'x' }, note).appInfo).toEqual(appInfo)
    expect(notes).toEqual([])
  })

  test('missing appCapabilities, protocolVersion and appInfo.version are defaulted and reported as MALFORMED', () => {
    const { note, codes, notes } = recordNotes()
    const read = readInitializeParams({ appInfo: { name: 'app' } }, note)
    expect(read.appCapabilities).toEqual({})
    expect(read.protocolVersion).toBe('')
    expect(read.appInfo).toEqual({ name: 'app', version: '' })
    expect(codes()).toEqual(['MALFORMED', 'MALFORMED', 'MALFORMED'])
    expect(notes.map((n) => n.message).join(' ')).toContain('appCapabilities')
  })

  test('an appInfo whose name is inherited (a structured-cloned Error) keeps its name', () => {
    const read = readInitializeParams({ appInfo: new Error('boom'), appCapabilities: {}, protocolVersion: 'v' }, recordNotes().note)
    expect(read.appInfo).toEqual({ name: 'Error', version: '' })
  })

  test('unknown display modes are filtered out and reported', () => {
    const { note, codes } = recordNotes()
    const read = readInitializeParams({ appInfo, appCapabilities: { availableDisplayModes: ['inline', 'maximized', 7] }, protocolVersion: 'v' }, note)
    expect(read.appCapabilities.availableDisplayModes).toEqual(['inline'])
    expect(codes()).toEqual(['MALFORMED'])
  })

  test.for<[string, Record<string, unknown>, string]>([
    ['appInfo missing', { appCapabilities: {}, protocolVersion: 'v' }, 'appInfo must be an object'],
    ['appInfo.name a number', { appInfo: { name: 1, version: '1' }, appCapabilities: {}, protocolVersion: 'v' }, 'appInfo.name'],
    ['appInfo a string', { appInfo: 'app', appCapabilities: {}, protocolVersion: 'v' }, 'appInfo must be an object'],
    ['appCapabilities an array', { appInfo, appCapabilities: [], protocolVersion: 'v' }, 'appCapabilities'],
    ['appCapabilities null', { appInfo, appCapabilities: null, protocolVersion: 'v' }, 'appCapabilities'],
    ['availableDisplayModes a string', { appInfo, appCapabilities: { availableDisplayModes: 'inline' }, protocolVersion: 'v' }, 'appCapabilities.availableDisplayModes'],
    ['tools a boolean', { appInfo, appCapabilities: { tools: true }, protocolVersion: 'v' }, 'appCapabilities.tools'],
    ['protocolVersion a number', { appInfo, appCapabilities: {}, protocolVersion: 20260126 }, 'protocolVersion'],
  ])('%s is refused naming %s', ([, params, field]) => {
    expectRefusal(() => readInitializeParams(params, recordNotes().note), field)
  })
})

describe('readSizeChanged', () => {
  test.for([{ width: 300, height: 200 }, { width: 300 }, { height: 0 }, {}, { height: 10.5, _meta: {} }])('accepts %j', (params) => {
    expect(readSizeChanged(params)).toEqual(params)
  })

  test.for<[string, Record<string, unknown>, string]>([
    ['negative width', { width: -1 }, 'width'],
    ['NaN height', { height: Number.NaN }, 'height'],
    ['infinite height', { height: Number.POSITIVE_INFINITY }, 'height'],
    ['string width', { width: '300px' }, 'width'],
    ['null height', { height: null }, 'height'],
  ])('refuses %s naming the axis', ([, params, field]) => {
    expectRefusal(() => readSizeChanged(params), field)
  })
})

describe('readMessageParams', () => {
  test('the current form passes without notes', () => {
    const { note, notes } = recordNotes()
    const params = { role: 'user', content: [{ type: 'text', text: 'hi' }, { type: 'image', data: 'AA==', mimeType: 'image/png' }] }
    expect(readMessageParams(params, note)).toEqual(params)
    expect(notes).toEqual([])
  })

  test('content as one block (spec example) becomes an array, reported as VARIANT', () => {
    const { note, codes } = recordNotes()
    expect(readMessageParams({ role: 'user', content: { type: 'text', text: 'hi' } }, note).content).toEqual([{ type: 'text', text: 'hi' }])
    expect(codes()).toEqual(['VARIANT'])
  })

  test('a missing role is treated as user and reported', () => {
    const { note, codes } = recordNotes()
    expect(readMessageParams({ content: [] }, note).role).toBe('user')
    expect(codes()).toEqual(['MALFORMED'])
  })

  test.for<[string, Record<string, unknown>, string]>([
    ['role assistant', { role: 'assistant', content: [] }, 'role'],
    ['role system', { role: 'system', content: [] }, 'role'],
    ['content a string', { role: 'user', content: 'hi' }, 'content'],
    ['content missing', { role: 'user' }, 'content'],
    ['a block without type', { role: 'user', content: [{ text: 'hi' }] }, 'content[0].type'],
    ['a text block without text', { role: 'user', content: [{ type: 'text', text: 'ok' }, { type: 'text', text: 5 }] }, 'content[1].text'],
    ['a null block', { role: 'user', content: [null] }, 'content[0].type'],
    ['a hole (structured clone keeps holes)', structuredClone({ role: 'user', content: [{ type: 'text', text: 'ok' }, , { type: 'text', text: 'ok' }] }), 'content[1].type'],
  ])('%s is refused naming %s', ([, params, field]) => {
    expectRefusal(() => readMessageParams(params, recordNotes().note), field)
  })
})

describe('readUpdateModelContextParams', () => {
  test('content and structuredContent pass', () => {
    const params = { content: [{ type: 'text', text: 'state' }], structuredContent: { count: 2 } }
    expect(readUpdateModelContextParams(params, recordNotes().note)).toEqual(params)
  })

  test('empty params pass (clears the context)', () => {
    expect(readUpdateModelContextParams({}, recordNotes().note)).toEqual({})
  })

  test('structuredContent double-encoded as JSON is parsed once and reported', () => {
    const { note, codes } = recordNotes()
    expect(readUpdateModelContextParams({ structuredContent: '{"count":2}' }, note).structuredContent).toEqual({ count: 2 })
    expect(codes()).toEqual(['VARIANT'])
  })

  test.for<[string, Record<string, unknown>, string]>([
    ['structuredContent an array', { structuredContent: [1] }, 'structuredContent'],
    ['structuredContent JSON of an array', { structuredContent: '[1]' }, 'structuredContent'],
    ['structuredContent invalid JSON', { structuredContent: '{count' }, 'structuredContent'],
    ['structuredContent "null"', { structuredContent: 'null' }, 'structuredContent'],
    ['content a number', { content: 5 }, 'content'],
  ])('%s is refused naming %s', ([, params, field]) => {
    expectRefusal(() => readUpdateModelContextParams(params, recordNotes().note), field)
  })
})

describe('other view requests', () => {
  test('open-link needs a non-empty url string', () => {
    expect(readOpenLinkParams({ url: 'https://example.com' })).toEqual({ url: 'https://example.com' })
    expectRefusal(() => readOpenLinkParams({ url: '' }), 'url')
    expectRefusal(() => readOpenLinkParams({ url: 42 }), 'url')
    expectRefusal(() => readOpenLinkParams({}), 'url')
  })

  test('request-display-mode needs a known mode', () => {
    expect(readRequestDisplayModeParams({ mode: 'pip' })).toEqual({ mode: 'pip' })
    expectRefusal(() => readRequestDisplayModeParams({ mode: 'maximized' }), 'mode')
    expectRefusal(() => readRequestDisplayModeParams({ mode: ['inline'] }), 'mode')
  })

  test('download-file accepts embedded resources and links', () => {
    const params = {
      contents: [
        { type: 'resource', resource: { uri: 'file:///a.txt', text: 'a' } },
        { type: 'resource', resource: { uri: 'file:///b.bin', blob: 'AA==' } },
        { type: 'resource_link', uri: 'https://example.com/c.pdf', name: 'c' },
      ],
    }
    expect(readDownloadFileParams(params)).toEqual(params)
  })

  test.for<[string, Record<string, unknown>, string]>([
    ['contents missing', {}, 'contents'],
    ['contents empty', { contents: [] }, 'contents'],
    ['an item not an object', { contents: ['x'] }, 'contents[0]'],
    ['a resource without uri', { contents: [{ type: 'resource', resource: { text: 'a' } }] }, 'contents[0].resource.uri'],
    ['a resource without text or blob', { contents: [{ type: 'resource', resource: { uri: 'u' } }] }, 'contents[0].resource'],
    ['a link without uri', { contents: [{ type: 'resource_link' }] }, 'contents[0].uri'],
    ['an unknown type', { contents: [{ type: 'text', text: 'x' }] }, 'contents[0].type'],
  ])('download-file: %s is refused naming %s', ([, params, field]) => {
    expectRefusal(() => readDownloadFileParams(params), field)
  })

  test('logging: level checked, logger optional string, data missing reported', () => {
    const { note, notes } = recordNotes()
    expect(readLoggingMessageParams({ level: 'info', data: { a: 1 }, logger: 'app' }, note)).toEqual({ level: 'info', data: { a: 1 }, logger: 'app' })
    expect(notes).toEqual([])
    readLoggingMessageParams({ level: 'debug' }, note)
    expect(notes).toEqual([{ message: 'notifications/message params: no data', code: 'MALFORMED' }])
    expectRefusal(() => readLoggingMessageParams({ level: 'verbose', data: 1 }, note), 'level')
    expectRefusal(() => readLoggingMessageParams({ level: 'info', data: 1, logger: 5 }, note), 'logger')
  })

  test('tools/call: name required, arguments an object or double-encoded JSON (reported)', () => {
    const { note, codes } = recordNotes()
    expect(readCallToolParams({ name: 'get', arguments: { a: 1 } }, note)).toEqual({ name: 'get', arguments: { a: 1 } })
    expect(readCallToolParams({ name: 'get' }, note)).toEqual({ name: 'get' })
    expect(readCallToolParams({ name: 'get', arguments: '{"a":1}' }, note)).toEqual({ name: 'get', arguments: { a: 1 } })
    expect(codes()).toEqual(['VARIANT'])
    expectRefusal(() => readCallToolParams({ name: '' }, note), 'name')
    expectRefusal(() => readCallToolParams({ name: { toString: 'x' } }, note), 'name')
    expectRefusal(() => readCallToolParams({ name: 'get', arguments: [1] }, note), 'arguments')
  })

  test('resources/read needs a uri; paginated lists an optional string cursor', () => {
    expect(readReadResourceParams({ uri: 'ui://a' })).toEqual({ uri: 'ui://a' })
    expectRefusal(() => readReadResourceParams({ uri: '' }), 'uri')
    expect(readPaginatedParams({ cursor: 'c' }, 'resources/list')).toEqual({ cursor: 'c' })
    expect(readPaginatedParams({}, 'resources/list')).toEqual({})
    expectRefusal(() => readPaginatedParams({ cursor: 5 }, 'resources/list'), 'cursor')
  })

  test('sampling/createMessage: messages with roles, a positive integer maxTokens, tools an array', () => {
    const ok = { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 100 }
    expect(readCreateMessageParams(ok)).toEqual(ok)
    expectRefusal(() => readCreateMessageParams({ maxTokens: 1 }), 'messages')
    expectRefusal(() => readCreateMessageParams({ messages: [{ role: 'system' }], maxTokens: 1 }), 'messages[0].role')
    expectRefusal(() => readCreateMessageParams({ messages: [], maxTokens: 0 }), 'maxTokens')
    expectRefusal(() => readCreateMessageParams({ messages: [], maxTokens: 1.5 }), 'maxTokens')
    expectRefusal(() => readCreateMessageParams({ messages: [], maxTokens: '10' }), 'maxTokens')
    expectRefusal(() => readCreateMessageParams({ messages: [], maxTokens: 1, tools: {} }), 'tools')
  })
})

describe('refusals name the method, then the field', () => {
  const { note } = recordNotes()
  test.each([
    ['ui/initialize params: appInfo.name must be a string', () => readInitializeParams({ appInfo: {}, appCapabilities: {}, protocolVersion: '2026-01-26' }, note)],
    ['size-changed params: width must be a finite number >= 0', () => readSizeChanged({ width: -1 })],
    ['ui/message params: role must be "user"', () => readMessageParams({ role: 'assistant', content: [] }, note)],
    ['ui/update-model-context params: content must be an array', () => readUpdateModelContextParams({ content: 5 }, note)],
    ['ui/open-link params: url must be a non-empty string', () => readOpenLinkParams({ url: '' })],
    ['ui/download-file params: contents must be a non-empty array', () => readDownloadFileParams({ contents: [] })],
    ['ui/request-display-mode params: mode must be a display mode', () => readRequestDisplayModeParams({ mode: 'tiny' })],
    ['notifications/message params: level must be a logging level', () => readLoggingMessageParams({ level: 'verbose', data: 1 }, note)],
    ['resources/read params: uri must be a non-empty string', () => readReadResourceParams({ uri: '' })],
    ['resources/templates/list params: cursor must be a string', () => readPaginatedParams({ cursor: 5 }, 'resources/templates/list')],
    ['sampling/createMessage params: messages must be an array', () => readCreateMessageParams({ maxTokens: 1 })],
    ['tools/call params: name must be a non-empty string', () => readCallToolParams({ name: '' }, note)],
    ['tools/list result: tools[0].name must be a string', () => readListToolsResult({ tools: [{}] })],
  ])('%s', (message, read) => {
    const error = thrown(read)
    expect([error.code, error.message]).toEqual(['INVALID_PARAMS', message])
  })
})
