import { describe, expect, test } from 'vitest'
import { deepEqual, diffHostContext, mergeHostContext } from '../../src/protocol/host-context.js'
import type { McpUiHostContext } from '../../src/protocol/types.js'

const styles = (primary: string) => ({ variables: { '--color-text-primary': primary, '--color-background-primary': '#fff' }, css: { fonts: '' } })

describe('deepEqual', () => {
  test('ignores key order at every level', () => {
    expect(deepEqual({ a: 1, b: { c: 2, d: [1, { e: 3, f: 4 }] } }, { b: { d: [1, { f: 4, e: 3 }], c: 2 }, a: 1 })).toBe(true)
  })

  test('respects array order', () => {
    expect(deepEqual(['inline', 'fullscreen'], ['fullscreen', 'inline'])).toBe(false)
  })

  test('an undefined-valued key equals a missing key (JSON drops both)', () => {
    expect(deepEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true)
  })

  test('distinguishes arrays from objects with index keys', () => {
    expect(deepEqual([1], { 0: 1 })).toBe(false)
  })

  test('distinguishes null, missing and other primitives', () => {
    expect(deepEqual({ a: null }, { a: undefined })).toBe(false)
    expect(deepEqual(0, '0')).toBe(false)
    expect(deepEqual(null, {})).toBe(false)
  })

  test('a primitive never equals an object, on either side, even one with no keys', () => {
    expect(deepEqual(5, {})).toBe(false)
    expect(deepEqual({}, 5)).toBe(false)
    expect(deepEqual(true, [])).toBe(false)
    expect(deepEqual([], 'x')).toBe(false)
  })

  test('an undefined array entry is still an entry (JSON writes null there)', () => {
    expect(deepEqual([undefined], [])).toBe(false)
    expect(deepEqual([], [undefined])).toBe(false)
  })

  test('only own keys count: an inherited value does not stand in for a missing key', () => {
    const inherits = Object.assign(Object.create({ a: 1 }), { b: 2 })
    expect(deepEqual({ a: 1 }, inherits)).toBe(false)
  })

  test('NaN equals NaN', () => {
    expect(deepEqual(Number.NaN, Number.NaN)).toBe(true)
  })

  test('NaN equals only NaN, on either side', () => {
    expect(deepEqual(Number.NaN, 0)).toBe(false)
    expect(deepEqual(0, Number.NaN)).toBe(false)
    expect(deepEqual({ a: Number.NaN }, { a: 1 })).toBe(false)
  })

  test('a key present on one side only is a difference', () => {
    expect(deepEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false)
    expect(deepEqual({ a: 1, b: 2 }, { a: 1, c: 2 })).toBe(false)
  })
})

describe('diffHostContext (A.3)', () => {
  const base: McpUiHostContext = { theme: 'dark', locale: 'en-US', styles: styles('#000'), availableDisplayModes: ['inline', 'fullscreen'] }

  test('identical contexts: empty diff (nothing to send)', () => {
    expect(diffHostContext(base, structuredClone(base))).toEqual({})
  })

  test('the same values in another key order at every level: empty diff', () => {
    const reordered: McpUiHostContext = {
      availableDisplayModes: ['inline', 'fullscreen'],
      styles: { css: { fonts: '' }, variables: { '--color-background-primary': '#fff', '--color-text-primary': '#000' } },
      locale: 'en-US',
      theme: 'dark',
    }
    expect(diffHostContext(base, reordered)).toEqual({})
  })

  test('only changed top-level keys are sent', () => {
    expect(diffHostContext(base, { ...base, theme: 'light' })).toStrictEqual({ theme: 'light' })
  })

  test('a nested change sends the whole top-level value', () => {
    const next = { ...base, styles: styles('#111') }
    expect(diffHostContext(base, next)).toStrictEqual({ styles: styles('#111') })
  })

  test('a new key is sent', () => {
    expect(diffHostContext(base, { ...base, timeZone: 'Europe/Paris' })).toStrictEqual({ timeZone: 'Europe/Paris' })
  })

  test('several changes come together', () => {
    expect(diffHostContext(base, { ...base, theme: 'light', locale: 'fr-FR' })).toStrictEqual({ theme: 'light', locale: 'fr-FR' })
  })

  test('an array reorder is a change', () => {
    expect(diffHostContext(base, { ...base, availableDisplayModes: ['fullscreen', 'inline'] })).toStrictEqual({
      availableDisplayModes: ['fullscreen', 'inline'],
    })
  })

  test('a removed key, or one set to undefined, is in the diff as undefined (a removal for the view)', () => {
    expect(diffHostContext(base, { theme: 'dark', styles: styles('#000'), availableDisplayModes: ['inline', 'fullscreen'] })).toStrictEqual({ locale: undefined })
    expect(diffHostContext(base, { ...base, locale: undefined })).toStrictEqual({ locale: undefined })
    expect(diffHostContext({ ...base, locale: undefined }, { ...base, timeZone: undefined })).toStrictEqual({ locale: 'en-US' })
  })

  test('an own __proto__ key in the next context is never part of the diff', () => {
    const next = { ...base, ...JSON.parse('{"__proto__":{"polluted":true}}') }
    const diff = diffHostContext(base, next)
    expect(Object.keys(diff)).toEqual([])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    // Nor does it reach the diff's own prototype (an assignment to `__proto__` would set it).
    expect(Object.getPrototypeOf(diff)).toBe(Object.prototype)
    expect((diff as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('mergeHostContext: top-level replace', () => {
  const current: McpUiHostContext = { theme: 'dark', styles: styles('#000'), containerDimensions: { maxHeight: 600 } }

  test('compares with the context\'s own values: an inherited name set to undefined is no change', () => {
    expect(mergeHostContext(current, { toString: undefined, constructor: undefined } as never)).toEqual({ context: current, changed: [] })
  })

  test('replaces changed keys whole and reports them', () => {
    const { context, changed } = mergeHostContext(current, { containerDimensions: { height: 400 } })
    // Replaced, not deep-merged: a deep merge would leave {height, maxHeight}, an invalid union.
    expect(context).toStrictEqual({ theme: 'dark', styles: styles('#000'), containerDimensions: { height: 400 } })
    expect(changed).toEqual(['containerDimensions'])
  })

  test('a key set to undefined is removed', () => {
    const { context, changed } = mergeHostContext(current, { theme: undefined })
    expect(context).toStrictEqual({ styles: styles('#000'), containerDimensions: { maxHeight: 600 } })
    expect('theme' in context).toBe(false)
    expect(changed).toEqual(['theme'])
  })

  test('removing a key that is not there changes nothing', () => {
    expect(mergeHostContext(current, { locale: undefined }).changed).toEqual([])
  })

  test('equal values (in another key order) are not changes', () => {
    const { context, changed } = mergeHostContext(current, {
      theme: 'dark',
      styles: { css: { fonts: '' }, variables: { '--color-background-primary': '#fff', '--color-text-primary': '#000' } },
    })
    expect(changed).toEqual([])
    expect(context).toStrictEqual(current)
  })

  test('does not modify its inputs', () => {
    const before = structuredClone(current)
    const change = { theme: 'light' as const }
    mergeHostContext(current, change)
    expect(current).toStrictEqual(before)
    expect(change).toEqual({ theme: 'light' })
  })

  test('an own __proto__ key in a change is skipped: no prototype change, no pollution', () => {
    const change = JSON.parse('{"__proto__":{"polluted":true},"locale":"de-DE"}')
    const { context, changed } = mergeHostContext(current, change)
    expect(changed).toEqual(['locale'])
    expect(Object.getPrototypeOf(context)).toBe(Object.prototype)
    expect((context as Record<string, unknown>).polluted).toBeUndefined()
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  test('unknown keys are merged like known ones (forward compatibility)', () => {
    expect(mergeHostContext({}, { futureField: { a: 1 } }).context).toStrictEqual({ futureField: { a: 1 } })
  })

  test('diff then merge reproduces the next context', () => {
    const next: McpUiHostContext = { theme: 'light', styles: styles('#222'), containerDimensions: { maxHeight: 600 }, locale: 'ja-JP' }
    expect(mergeHostContext(current, diffHostContext(current, next)).context).toStrictEqual(next)
  })
})
