import { describe, expect, test } from 'vitest'
import { filterModelTools, getToolUiResourceUri, getToolVisibility, isCallableByApp, isUiUri, isVisibleToModel } from '../../src/protocol/tools.js'
import type { Tool } from '../../src/protocol/mcp-types.js'

const tool = (ui?: unknown, extraMeta: Record<string, unknown> = {}): Tool =>
  ({ name: 't', inputSchema: { type: 'object' }, _meta: ui === undefined ? extraMeta : { ...extraMeta, ui } }) as Tool

describe('tool visibility (A.5)', () => {
  test.for<[string, unknown, boolean, boolean]>([
    // [case, visibility, visible to model, callable by app]
    ['omitted', undefined, true, true],
    ['["model","app"]', ['model', 'app'], true, true],
    ['["app","model"]', ['app', 'model'], true, true],
    ['["model"]', ['model'], true, false],
    ['["app"]', ['app'], false, true],
    ['["app","app"]', ['app', 'app'], false, true],
    ['[] fails closed for both', [], false, false],
    ['unknown strings only', ['user', 'everyone'], false, false],
    ['unknown plus app', ['admin', 'app'], false, true],
    ['"app" as a string, not an array', 'app', false, false],
    ['"model" as a string', 'model', false, false],
    ['null', null, false, false],
    ['an object', { model: true, app: true }, false, false],
    ['a number', 1, false, false],
    ['upper case', ['MODEL', 'APP'], false, false],
  ])('visibility %s', ([, visibility, model, app]) => {
    const t = tool(visibility === undefined ? {} : { visibility })
    expect(isVisibleToModel(t)).toBe(model)
    expect(isCallableByApp(t)).toBe(app)
  })

  test('getToolVisibility returns the recognized entries only', () => {
    expect(getToolVisibility(tool({ visibility: ['admin', 'app', 7] }))).toEqual(['app'])
    expect(getToolVisibility(tool())).toEqual(['model', 'app'])
    expect(getToolVisibility(tool({ visibility: 'app' }))).toEqual([])
  })

  test('a tool without _meta, or with a non-object _meta.ui, has the default visibility', () => {
    expect(isCallableByApp({ name: 'x' })).toBe(true)
    expect(isVisibleToModel({ name: 'x', _meta: null })).toBe(true)
    expect(isVisibleToModel({ name: 'x', _meta: { ui: 'oops' } })).toBe(true)
  })

  test.for([null, undefined, 'tool', 42, [], () => 1])('never throws on %s', (bad) => {
    expect(() => isVisibleToModel(bad)).not.toThrow()
    expect(() => isCallableByApp(bad)).not.toThrow()
    expect(() => getToolVisibility(bad)).not.toThrow()
  })

  test('filterModelTools keeps exactly the tools the model may see', () => {
    const tools = [
      { ...tool({ visibility: ['app'] }), name: 'app-only' },
      { ...tool({ visibility: ['model'] }), name: 'model-only' },
      { ...tool(), name: 'both' },
      { ...tool({ visibility: [] }), name: 'nobody' },
    ]
    expect(filterModelTools(tools).map((t) => t.name)).toEqual(['model-only', 'both'])
  })
})

describe('getToolUiResourceUri', () => {
  test('reads _meta.ui.resourceUri', () => {
    expect(getToolUiResourceUri(tool({ resourceUri: 'ui://weather/app.html' }))).toBe('ui://weather/app.html')
  })

  test('the nested key wins over the deprecated flat key', () => {
    expect(getToolUiResourceUri(tool({ resourceUri: 'ui://nested' }, { 'ui/resourceUri': 'ui://flat' }))).toBe('ui://nested')
  })

  test('falls back to the deprecated flat _meta["ui/resourceUri"]', () => {
    expect(getToolUiResourceUri(tool(undefined, { 'ui/resourceUri': 'ui://flat' }))).toBe('ui://flat')
  })

  test('falls back to the flat key when the nested value is not a ui:// URI', () => {
    expect(getToolUiResourceUri(tool({ resourceUri: 42 }, { 'ui/resourceUri': 'ui://flat' }))).toBe('ui://flat')
    expect(getToolUiResourceUri(tool({ resourceUri: 'https://evil.example/app.html' }, { 'ui/resourceUri': 'ui://flat' }))).toBe('ui://flat')
  })

  test.for([
    ['no _meta', { name: 't' }],
    ['an https URI', tool({ resourceUri: 'https://example.com/app.html' })],
    ['a bare scheme', tool({ resourceUri: 'ui://' })],
    ['upper-case scheme', tool({ resourceUri: 'UI://x' })],
    ['a flat non-ui URI', tool(undefined, { 'ui/resourceUri': 'file:///etc/passwd' })],
    ['a number', tool({ resourceUri: 7 })],
    ['an array', tool({ resourceUri: ['ui://x'] })],
    ['an array _meta with a named ui property (structured clone keeps it)', { name: 't', _meta: Object.assign([], { ui: { resourceUri: 'ui://x' } }) }],
  ])('%s: undefined', ([, t]) => {
    expect(getToolUiResourceUri(t)).toBeUndefined()
  })

  test.for([null, undefined, 'ui://x', 0, [], { _meta: 'x' }, { _meta: { ui: null } }, { _meta: [] }])('never throws on %j', (bad) => {
    expect(getToolUiResourceUri(bad)).toBeUndefined()
  })

  test('isUiUri accepts ui:// strings with something after the scheme', () => {
    expect(isUiUri('ui://a')).toBe(true)
    expect(isUiUri('ui://')).toBe(false)
    expect(isUiUri(' ui://a')).toBe(false)
  })
})
