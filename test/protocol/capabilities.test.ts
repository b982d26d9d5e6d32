import { describe, expect, test } from 'vitest'
import { HOST_CAPABILITY_FOR, acceptsModality, appProvidesTools, hostAllows } from '../../src/protocol/capabilities.js'

describe('hostAllows: advertise = enforce (A.6)', () => {
  const gated: Array<[string, string]> = [
    ['ui/open-link', 'openLinks'],
    ['ui/download-file', 'downloadFile'],
    ['ui/message', 'message'],
    ['ui/update-model-context', 'updateModelContext'],
    ['tools/call', 'serverTools'],
    ['resources/read', 'serverResources'],
    ['resources/list', 'serverResources'],
    ['resources/templates/list', 'serverResources'],
    ['notifications/message', 'logging'],
    ['sampling/createMessage', 'sampling'],
  ]

  test('each gated method names its capability', () => {
    expect(Object.entries(HOST_CAPABILITY_FOR).sort()).toEqual([...gated].sort())
  })

  test.for(gated)('%s is refused without %s and allowed with it as an object', ([method, key]) => {
    expect(hostAllows({}, method)).toBe(false)
    expect(hostAllows(undefined, method)).toBe(false)
    expect(hostAllows({ [key]: {} }, method)).toBe(true)
  })

  test.for([true, 1, 'yes', null, [], ['text']])('a capability advertised as %j does not count (must be an object)', (value) => {
    expect(hostAllows({ openLinks: value as never }, 'ui/open-link')).toBe(false)
  })

  test('tool use in params (tools or toolChoice) also needs the capability to list tools', () => {
    const toolUse = [{ tools: [] }, { toolChoice: { mode: 'auto' } }]
    for (const params of toolUse) {
      expect(hostAllows({ sampling: {} }, 'sampling/createMessage', params)).toBe(false)
      expect(hostAllows({ sampling: { tools: true as never } }, 'sampling/createMessage', params)).toBe(false)
      expect(hostAllows({ sampling: { tools: {} } }, 'sampling/createMessage', params)).toBe(true)
    }
    expect(hostAllows({ sampling: {} }, 'sampling/createMessage', { tools: undefined })).toBe(true)
    // Other methods have no such sub-capability: a stray `tools` key in their params gates nothing.
    expect(hostAllows({ message: {} }, 'ui/message', { tools: [] })).toBe(true)
  })

  test('another capability does not unlock a method', () => {
    expect(hostAllows({ openLinks: {}, logging: {} }, 'ui/message')).toBe(false)
  })

  test.for(['ui/request-display-mode', 'ui/notifications/size-changed', 'ui/notifications/request-teardown', 'ping', 'ui/initialize'])(
    'ungated %s is always allowed',
    (method) => {
      expect(hostAllows(undefined, method)).toBe(true)
      expect(hostAllows({}, method)).toBe(true)
    },
  )
})

describe('appProvidesTools', () => {
  test('only a tools object counts', () => {
    expect(appProvidesTools({ tools: {} })).toBe(true)
    expect(appProvidesTools({ tools: { listChanged: true } })).toBe(true)
    expect(appProvidesTools({})).toBe(false)
    expect(appProvidesTools(undefined)).toBe(false)
    expect(appProvidesTools({ tools: true as never })).toBe(false)
  })
})

describe('acceptsModality: one reading of a message/updateModelContext capability for the host and the compatibility layers', () => {
  test('a capability that lists no modality accepts every kind, unknown keys included', () => {
    expect(acceptsModality({}, 'image')).toBe(true)
    expect(acceptsModality({ somethingNew: {} }, 'structuredContent')).toBe(true)
  })

  test('a capability that lists modalities accepts exactly those given as objects', () => {
    const textOnly = { text: {} }
    expect(acceptsModality(textOnly, 'text')).toBe(true)
    expect(acceptsModality(textOnly, 'structuredContent')).toBe(false)
    expect(acceptsModality({ text: {}, image: true }, 'image')).toBe(false)
  })

  test('an inherited name is never a listed kind', () => {
    expect(acceptsModality({ text: {} }, 'constructor')).toBe(false)
    expect(acceptsModality({ text: {} }, '__proto__')).toBe(false)
  })
})
