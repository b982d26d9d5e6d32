import { describe, expect, test, vi } from 'vitest'
import { DEFAULT_LIMITS, inspectMessage } from '../../src/protocol/inspect.js'
import { nested } from '../helpers/messages.js'

const small = { maxBytes: 1000, maxDepth: 10 }

describe('inspectMessage: size', () => {
  test('defaults are 4 MiB and 100 levels', () => {
    expect(DEFAULT_LIMITS).toEqual({ maxBytes: 4 * 1024 * 1024, maxDepth: 100 })
  })

  test('an ordinary message passes untouched', () => {
    const message = { jsonrpc: '2.0', id: 1, method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'hi' }] } }
    const copy = structuredClone(message)
    expect(inspectMessage(message, small)).toEqual({ problem: undefined, stripped: 0 })
    expect(message).toEqual(copy)
  })

  test('a long string crosses the byte limit', () => {
    expect(inspectMessage({ text: 'x'.repeat(999) }, small).problem).toBe('too large')
    expect(inspectMessage({ text: 'x'.repeat(900) }, small).problem).toBeUndefined()
  })

  test('a string whose JSON is exactly maxBytes long passes; one character more is too large', () => {
    // JSON writes a string with its two quotes: 998 characters are 1,000 bytes.
    expect(inspectMessage('x'.repeat(998), small).problem).toBeUndefined()
    expect(inspectMessage('x'.repeat(999), small).problem).toBe('too large')
  })

  test('a number, boolean or null counts 8 bytes: alone it passes a limit of 8, not one of 7', () => {
    for (const value of [123, true, null]) {
      expect(inspectMessage(value, { maxBytes: 8 }).problem).toBeUndefined()
      expect(inspectMessage(value, { maxBytes: 7 }).problem).toBe('too large')
    }
  })

  test('an object counts 2, each key its length + 4, then its value: { k: 1 } is 15 bytes', () => {
    expect(inspectMessage({ k: 1 }, { maxBytes: 15 }).problem).toBeUndefined()
    expect(inspectMessage({ k: 1 }, { maxBytes: 14 }).problem).toBe('too large')
  })

  test('a key that uses the budget up exactly still has its value walked and counted', () => {
    // { k: … } costs 2 + 5 before its value: with 7 bytes nothing is left for the value.
    expect(inspectMessage({ k: 'x'.repeat(5000) }, { maxBytes: 7 }).problem).toBe('too large')
    expect(inspectMessage({ k: JSON.parse('{"__proto__":{"x":1}}') }, { maxBytes: 7 })).toEqual({ problem: 'too large', stripped: 1 })
  })

  test('a key that crosses the budget stops the walk: its value is not even listed', () => {
    const value = { a: 1, b: 2 }
    const listed = vi.spyOn(Object, 'getOwnPropertyNames')
    try {
      expect(inspectMessage({ ['k'.repeat(2000)]: value }, small).problem).toBe('too large')
      expect(listed.mock.calls.map(([node]) => node)).not.toContain(value)
    } finally {
      listed.mockRestore()
    }
  })

  test.for([{ k: 'x' }, { method: 'ui/message', params: { role: 'user' } }, ['a', 'b', 'c'], { list: [{ a: 'x' }, { b: 'y' }] }])(
    'never counts less than JSON would: %j',
    (message) => {
      const json = JSON.stringify(message).length
      expect(inspectMessage(message, { maxBytes: json - 1 }).problem).toBe('too large')
    },
  )

  test('many small values add up', () => {
    expect(inspectMessage({ list: Array.from({ length: 200 }, () => 1) }, small).problem).toBe('too large')
  })

  test('long keys count too', () => {
    expect(inspectMessage({ ['k'.repeat(1000)]: 1 }, small).problem).toBe('too large')
  })

  test('typed arrays and ArrayBuffers count their bytes', () => {
    expect(inspectMessage({ data: new Uint8Array(2000) }, small).problem).toBe('too large')
    expect(inspectMessage({ data: new ArrayBuffer(2000) }, small).problem).toBe('too large')
    expect(inspectMessage({ data: new Uint8Array(100) }, small).problem).toBeUndefined()
  })

  test('a shared subtree is counted each time it is reachable (no blow-up past the budget)', () => {
    // 2^40 leaves if walked fully: the walk must stop at the budget instead.
    let node: unknown = 'leaf'
    for (let i = 0; i < 40; i++) node = [node, node]
    const started = performance.now()
    expect(inspectMessage(node, { maxBytes: 100_000, maxDepth: 100 }).problem).toBe('too large')
    expect(performance.now() - started).toBeLessThan(1000)
  })
})

describe('inspectMessage: depth', () => {
  test('nesting beyond maxDepth is refused', () => {
    expect(inspectMessage(nested(12), small).problem).toBe('too deep')
    expect(inspectMessage(nested(10), small).problem).toBeUndefined()
  })

  test('deep arrays are refused like deep objects', () => {
    let value: unknown = []
    for (let i = 0; i < 12; i++) value = [value]
    expect(inspectMessage(value, small).problem).toBe('too deep')
  })

  test('a cyclic object terminates and is refused', () => {
    const cyclic: Record<string, unknown> = { jsonrpc: '2.0', method: 'x' }
    cyclic.self = cyclic
    expect(inspectMessage(cyclic).problem).toBe('too deep')
  })

  test('a cyclic array terminates and is refused', () => {
    const cyclic: unknown[] = []
    cyclic.push(cyclic)
    expect(inspectMessage(cyclic, small).problem).toBe('too deep')
  })

  test('a structured clone of a cycle (what postMessage delivers) is refused too', () => {
    const cyclic: Record<string, unknown> = {}
    cyclic.self = { back: cyclic }
    expect(inspectMessage(structuredClone(cyclic), small).problem).toBe('too deep')
  })
})

describe('inspectMessage: __proto__ own keys', () => {
  test('an own __proto__ key created by JSON.parse is deleted in place and counted', () => {
    const message = JSON.parse('{"jsonrpc":"2.0","method":"x","params":{"__proto__":{"polluted":true},"keep":1}}')
    expect(Object.prototype.hasOwnProperty.call(message.params, '__proto__')).toBe(true)
    expect(inspectMessage(message)).toEqual({ problem: undefined, stripped: 1 })
    expect(Object.prototype.hasOwnProperty.call(message.params, '__proto__')).toBe(false)
    expect(message.params).toEqual({ keep: 1 })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  test('every level is cleaned, including inside arrays', () => {
    const message = JSON.parse('{"__proto__":{},"a":[{"__proto__":{"x":1}}],"b":{"c":{"__proto__":null}}}')
    expect(inspectMessage(message).stripped).toBe(3)
    expect(JSON.stringify(message)).toBe('{"a":[{}],"b":{"c":{}}}')
  })

  test('an own __proto__ key that survived structured clone is removed too', () => {
    const cloned = structuredClone(JSON.parse('{"params":{"__proto__":{"isAdmin":true}}}'))
    expect(inspectMessage(cloned).stripped).toBe(1)
    expect(Object.keys(cloned.params)).toEqual([])
  })

  test('an ordinary "proto" key is left alone', () => {
    const message = { proto: 1, __proto_: 2 }
    expect(inspectMessage(message).stripped).toBe(0)
    expect(message).toEqual({ proto: 1, __proto_: 2 })
  })
})

describe('inspectMessage: Map and Set (structured clone delivers them)', () => {
  test('a large string inside a Map crosses the byte limit', () => {
    expect(inspectMessage({ params: { structuredContent: new Map([['k', 'x'.repeat(5000)]]) } }, small).problem).toBe('too large')
  })

  test('a large string inside a Set crosses the byte limit', () => {
    expect(inspectMessage({ params: { list: new Set(['x'.repeat(5000)]) } }, small).problem).toBe('too large')
  })

  test('nesting through Maps counts toward the depth', () => {
    let value: unknown = {}
    for (let i = 0; i < 12; i++) value = new Map([['a', value]])
    expect(inspectMessage(value, small).problem).toBe('too deep')
  })

  test('__proto__ keys inside a Map value are stripped', () => {
    const message = { params: new Map([['v', JSON.parse('{"__proto__":{"x":1}}')]]) }
    expect(inspectMessage(message).stripped).toBe(1)
  })

  test('a small Map passes', () => {
    expect(inspectMessage({ m: new Map([['a', 1]]), s: new Set([1, 2]) }, small).problem).toBeUndefined()
  })
})

describe('inspectMessage: what structured clone delivers beyond JSON', () => {
  /** An array with a named property, as postMessage delivers it (the clone keeps it). */
  const hung = (extra: Record<string, unknown>) => structuredClone(Object.assign([{ type: 'text', text: 'hi' }], extra))

  test("an array's named property counts toward the size", () => {
    const content = hung({ junk: 'x'.repeat(5000) })
    expect((content as unknown as { junk: string }).junk).toHaveLength(5000)
    expect(inspectMessage({ params: { content } }, small).problem).toBe('too large')
  })

  test("an array's named property counts toward the depth", () => {
    expect(inspectMessage({ params: { content: hung({ deep: nested(20) }) } }, small).problem).toBe('too deep')
  })

  test("__proto__ keys under an array's named property are stripped", () => {
    expect(inspectMessage({ params: { content: hung({ extra: JSON.parse('{"__proto__":{"x":1}}') }) } }).stripped).toBe(1)
  })

  test("a cloned Error's message, stack and cause count, though none is enumerable", () => {
    expect(inspectMessage({ params: { error: structuredClone(new Error('x'.repeat(5000))) } }, small).problem).toBe('too large')
    const caused = structuredClone(new Error('small', { cause: { big: 'x'.repeat(5000) } }))
    expect(inspectMessage({ params: { error: caused } }, small).problem).toBe('too large')
  })

  test('a huge array is refused by its length, before its keys are listed', () => {
    const listed = vi.spyOn(Object, 'getOwnPropertyNames')
    try {
      const huge = new Array(50_000_000)
      expect(inspectMessage({ params: { huge } }).problem).toBe('too large')
      expect(inspectMessage({ params: { sparse: structuredClone(Object.assign([], { length: 1e6 })) } }, small).problem).toBe('too large')
      expect(listed.mock.calls.map(([node]) => Array.isArray(node) && node.length)).not.toContain(50_000_000)
      expect(listed.mock.calls.map(([node]) => Array.isArray(node) && node.length)).not.toContain(1e6)
    } finally {
      listed.mockRestore()
    }
  })

  test("an array is refused by its length only when even its cheapest items (7 each: '' or {}) would overrun", () => {
    // 100 empty strings: about 820 by the walk's count, 301 bytes of JSON.
    for (const item of ['', {}]) {
      expect(inspectMessage({ list: Array.from({ length: 100 }, () => structuredClone(item)) }, small).problem).toBeUndefined()
      expect(inspectMessage({ list: Array.from({ length: 143 }, () => structuredClone(item)) }, small).problem).toBe('too large')
    }
  })

  test('a plain array of small items still passes', () => {
    expect(inspectMessage({ params: { content: [{ type: 'text', text: 'hi' }, 1, 'two'] } }, small).problem).toBeUndefined()
  })
})
