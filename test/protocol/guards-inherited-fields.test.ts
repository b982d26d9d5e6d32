/**
 * The public readers return what they checked: a field read through an inherited property or a
 * getter (a class instance, an `Object.create(proto)` object) is restated in the result, not
 * lost to an object spread, which copies own enumerable fields only.
 */
import { describe, expect, it } from 'vitest'
import * as guards from '../../src/protocol/guards.js'

const note = () => {}

class HostInfo {
  get name() {
    return 'getter-host'
  }
}

describe('guards keep the fields they checked', () => {
  it('implementation() keeps a name it accepted when it defaults the missing version', () => {
    const info = guards.implementation('ui/initialize result', 'hostInfo', Object.create({ name: 'inherited-host' }), note)
    expect(info).toEqual({ name: 'inherited-host', version: '' })
  })

  it('implementation() keeps a getter name (class instance) it accepted', () => {
    expect(guards.implementation('w', 'appInfo', new HostInfo(), note).name).toBe('getter-host')
  })

  it('readCallToolParams() keeps the name it checked when it decodes JSON-string arguments', () => {
    const params = Object.assign(Object.create({ name: 'zoom' }), { arguments: '{"level":3}' })
    const call = guards.readCallToolParams(params, note)
    expect(call.name).toBe('zoom')
    expect(call.arguments).toEqual({ level: 3 })
  })

  it('readInitializeResult() keeps the protocolVersion it checked', () => {
    class Result {
      hostInfo = { name: 'h', version: '1' }
      hostCapabilities = {}
      hostContext = {}
      get protocolVersion() {
        return '2026-01-26'
      }
    }
    const result = guards.readInitializeResult(new Result() as never, note)
    expect(result.protocolVersion).toBe('2026-01-26')
  })
})
