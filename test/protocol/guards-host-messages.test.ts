/** Guards for what the view reads from the host, and for results either side reads. */
import { describe, expect, test } from 'vitest'
import {
  readCallToolResult,
  readDisplayModeResult,
  readHostContext,
  readInitializeResult,
  readTeardownParams,
  readToolCancelled,
  readToolInput,
} from '../../src/protocol/guards.js'
import { readListToolsResult } from '../../src/protocol/host-guards.js'
import { expectRefusal, recordNotes } from '../helpers/notes.js'

const hostInfo = { name: 'host', version: '1' }

describe('readHostContext: one bad field never costs the rest', () => {
  test('a full valid context passes unchanged, without notes', () => {
    const { note, notes } = recordNotes()
    const context = {
      toolInfo: { id: 3, tool: { name: 'weather', inputSchema: { type: 'object' } } },
      theme: 'dark',
      styles: { variables: { '--color-text-primary': '#000' }, css: { fonts: '@font-face{}' } },
      displayMode: 'inline',
      availableDisplayModes: ['inline', 'fullscreen'],
      containerDimensions: { width: 400, maxHeight: 600 },
      locale: 'en-US',
      timeZone: 'Europe/Berlin',
      userAgent: 'test',
      platform: 'web',
      deviceCapabilities: { touch: false, hover: true },
      safeAreaInsets: { top: 0, right: 0, bottom: 10, left: 0 },
      somethingNew: { x: 1 },
    }
    expect(readHostContext(context, note)).toStrictEqual(context)
    expect(notes).toEqual([])
  })

  test.for<[string, unknown]>([
    ['theme', 'blue'],
    ['displayMode', 'maximized'],
    ['availableDisplayModes', 'inline'],
    ['platform', 'tv'],
    ['locale', 42],
    ['timeZone', null],
    ['userAgent', {}],
    ['styles', { variables: 'x' }],
    ['styles', { css: [] }],
    ['styles', 'dark'],
    ['containerDimensions', { height: 100, maxHeight: 200 }],
    ['containerDimensions', { width: 100, maxWidth: 200 }],
    ['containerDimensions', { width: '100px' }],
    ['containerDimensions', { height: Number.POSITIVE_INFINITY }],
    ['deviceCapabilities', true],
    ['safeAreaInsets', { top: 0, right: 0, bottom: 0 }],
    ['toolInfo', { tool: { description: 'no name' } }],
    ['toolInfo', 'weather'],
  ])('an invalid %s (%j) is dropped and reported; the other keys stay', ([key, value]) => {
    const { note, notes } = recordNotes()
    const read = readHostContext({ locale: 'fr-FR', [key]: value, ...(key === 'locale' ? { theme: 'light' } : {}) }, note)
    expect(read).not.toHaveProperty(key)
    expect(Object.keys(read)).toHaveLength(1)
    expect(notes).toHaveLength(1)
    expect(notes[0]!.code).toBe('MALFORMED')
    expect(notes[0]!.message).toContain(key)
  })

  test('styles with only variables, or only css, pass: each part is optional', () => {
    const { note, notes } = recordNotes()
    expect(readHostContext({ styles: { variables: { '--color-text-primary': '#000' } } }, note)).toEqual({ styles: { variables: { '--color-text-primary': '#000' } } })
    expect(readHostContext({ styles: { css: { fonts: '' } } }, note)).toEqual({ styles: { css: { fonts: '' } } })
    expect(readHostContext({ styles: {} }, note)).toEqual({ styles: {} })
    expect(notes).toEqual([])
  })

  test('availableDisplayModes keeps the modes this library knows: an unknown one (a later spec\'s) or a hole costs that entry only', () => {
    const { note } = recordNotes()
    expect(readHostContext({ availableDisplayModes: ['inline', 'sidebar', 'fullscreen'] }, note)).toEqual({ availableDisplayModes: ['inline', 'fullscreen'] })
    expect(readHostContext({ availableDisplayModes: structuredClone([, 'pip', 42]) }, note)).toEqual({ availableDisplayModes: ['pip'] })
  })

  test('an undefined value is kept: it is how the host withdraws a field', () => {
    const read = readHostContext({ theme: undefined }, recordNotes().note)
    expect('theme' in read).toBe(true)
  })

  test("an unknown key named like an Object.prototype method (valueOf, hasOwnProperty) is an unknown key, kept as is", () => {
    const { note, notes } = recordNotes()
    const context = { theme: 'dark', valueOf: { x: 1 }, hasOwnProperty: 'yes', toString: 3 }
    expect(readHostContext(context, note)).toStrictEqual(context)
    expect(notes).toEqual([])
  })

  test('an own __proto__ key is skipped', () => {
    const read = readHostContext(JSON.parse('{"__proto__":{"polluted":true},"theme":"dark"}'), recordNotes().note)
    expect(read).toStrictEqual({ theme: 'dark' })
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype)
  })

  test.for([null, [], 'dark', 5])('a non-object context (%j) is refused', (value) => {
    expectRefusal(() => readHostContext(value, recordNotes().note), 'host context')
  })
})

describe('readInitializeResult', () => {
  const full = { protocolVersion: '2026-01-26', hostInfo, hostCapabilities: { openLinks: {} }, hostContext: { theme: 'dark' } }

  test('the current form passes without notes; extra keys are kept', () => {
    const { note, notes } = recordNotes()
    expect(readInitializeResult({ ...full, _meta: { a: 1 } }, note)).toEqual({ ...full, _meta: { a: 1 } })
    expect(notes).toEqual([])
  })

  test('missing hostCapabilities and hostContext default to {} and are reported', () => {
    const { note, codes } = recordNotes()
    const read = readInitializeResult({ protocolVersion: '2026-01-26', hostInfo }, note)
    expect(read.hostCapabilities).toEqual({})
    expect(read.hostContext).toEqual({})
    expect(codes()).toEqual(['MALFORMED', 'MALFORMED'])
  })

  test('invalid context fields are dropped, not fatal', () => {
    const { note, codes } = recordNotes()
    expect(readInitializeResult({ ...full, hostContext: { theme: 'sepia', locale: 'en' } }, note).hostContext).toStrictEqual({ locale: 'en' })
    expect(codes()).toEqual(['MALFORMED'])
  })

  test.for<[string, Record<string, unknown>, string]>([
    ['protocolVersion missing', { hostInfo, hostCapabilities: {}, hostContext: {} }, 'protocolVersion'],
    ['protocolVersion a number', { ...full, protocolVersion: 1 }, 'protocolVersion'],
    ['hostInfo missing', { ...full, hostInfo: undefined }, 'hostInfo.name'],
    ['hostInfo without a name', { ...full, hostInfo: { version: '1' } }, 'hostInfo.name'],
    ['hostInfo with a numeric name', { ...full, hostInfo: { name: 7, version: '1' } }, 'hostInfo.name'],
    ['hostCapabilities an array', { ...full, hostCapabilities: [] }, 'hostCapabilities'],
    ['hostContext a string', { ...full, hostContext: 'dark' }, 'host context'],
  ])('%s is refused naming %s', ([, result, field]) => {
    expectRefusal(() => readInitializeResult(result, recordNotes().note), field)
  })
})

describe('tool notifications', () => {
  test('tool-input: arguments kept; missing arguments become {}', () => {
    expect(readToolInput({ arguments: { city: 'Paris' } }, recordNotes().note)).toEqual({ arguments: { city: 'Paris' } })
    expect(readToolInput({}, recordNotes().note)).toEqual({ arguments: {} })
  })

  test('tool-input: double-encoded arguments are parsed once and reported', () => {
    const { note, codes } = recordNotes()
    expect(readToolInput({ arguments: '{"city":"Paris"}' }, note)).toEqual({ arguments: { city: 'Paris' } })
    expect(codes()).toEqual(['VARIANT'])
  })

  test('tool-input: non-object arguments are refused naming the notification', () => {
    expectRefusal(() => readToolInput({ arguments: [1] }, recordNotes().note), 'arguments')
    expectRefusal(() => readToolInput({ arguments: 5 }, recordNotes().note, 'tool-input-partial params'), 'tool-input-partial')
  })

  test('tool-cancelled and resource-teardown: reason optional, but a string', () => {
    expect(readToolCancelled({})).toEqual({})
    expect(readToolCancelled({ reason: 'user' })).toEqual({ reason: 'user' })
    expectRefusal(() => readToolCancelled({ reason: 5 }), 'reason')
    expect(readTeardownParams({})).toEqual({})
    expect(readTeardownParams({ reason: 'closed' })).toEqual({ reason: 'closed' })
    expectRefusal(() => readTeardownParams({ reason: false }), 'reason')
  })
})

describe('results', () => {
  test('a CallToolResult passes; missing content becomes [] (reported)', () => {
    const { note, codes } = recordNotes()
    const result = { content: [{ type: 'text', text: 'ok' }], structuredContent: { t: 21 }, isError: false, _meta: { a: 1 } }
    expect(readCallToolResult(result, note)).toEqual(result)
    expect(readCallToolResult({ structuredContent: { t: 1 } }, note)).toEqual({ content: [], structuredContent: { t: 1 } })
    expect(codes()).toEqual(['MALFORMED'])
  })

  test.for<[string, Record<string, unknown>, string]>([
    ['content a string', { content: 'ok' }, 'content'],
    ['isError a string', { content: [], isError: 'yes' }, 'isError'],
    ['structuredContent an array', { content: [], structuredContent: [] }, 'structuredContent'],
    ['a hole in content (structured clone keeps holes)', structuredClone({ content: [, { type: 'text', text: 'ok' }] }), 'content[0].type'],
  ])('a CallToolResult with %s is refused naming %s', ([, result, field]) => {
    expectRefusal(() => readCallToolResult(result, recordNotes().note), field)
  })

  test('the where label names the message', () => {
    expectRefusal(() => readCallToolResult({ content: 1 }, recordNotes().note, 'tool-result params'), 'tool-result params')
  })

  test('tools/list result needs named tools', () => {
    expect(readListToolsResult({ tools: [{ name: 'a' }] })).toEqual({ tools: [{ name: 'a' }] })
    expectRefusal(() => readListToolsResult({}), 'tools')
    expectRefusal(() => readListToolsResult({ tools: [{ name: 'a' }, { title: 'b' }] }), 'tools[1].name')
  })

  test('display-mode result needs a known mode', () => {
    expect(readDisplayModeResult({ mode: 'fullscreen' })).toEqual({ mode: 'fullscreen' })
    expectRefusal(() => readDisplayModeResult({ mode: 'big' }), 'mode')
    expectRefusal(() => readDisplayModeResult({}), 'mode')
  })
})
