/**
 * Values the fuzzers build messages from: ids, wrong types, dangerous keys, junk.
 *
 * Everything here survives structured clone (what `postMessage` can carry): no functions, no
 * symbols. Large values are built once and shared, because the link clones each message anyway.
 */
import fc from 'fast-check'

/**
 * Request ids, biased towards a small pool so that sequences collide: duplicates in flight,
 * responses to ids the peer uses for its own requests (both bridges number theirs from 1), `1`
 * beside `'1'`, `0` beside `-0`.
 */
export const requestId: fc.Arbitrary<string | number> = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 8 }) },
  { weight: 2, arbitrary: fc.constantFrom<string | number>('a', 'b', '1', '', -0, 1.5, -7, 2 ** 53, 'x'.repeat(40)) },
  { weight: 1, arbitrary: fc.integer({ min: 9, max: 1_000_000 }) },
)

/** Ids no JSON-RPC peer can answer (`null`, objects, `NaN`, ...): such a request must get no response. */
export const unanswerableId: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(null, undefined, true, Number.NaN, Infinity, -Infinity, 10n, [], {}, [1], { id: 1 }, new Date(0))

/** Own keys that would change an object's prototype or shadow its methods if copied naively. */
export const dangerousKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__')

/** Sets an own enumerable property, even `__proto__` (which `obj[key] = v` would not create). */
export function withOwn(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  return target
}

const memo = new Map<number, string>()
/** A string of `length` characters, built once per length. */
export function bigString(length: number): string {
  let text = memo.get(length)
  if (text === undefined) memo.set(length, (text = 'x'.repeat(length)))
  return text
}

/** Just over the host's default 4 MiB limit (rare in the mix: it costs a few ms to clone). */
export const OVER_DEFAULT_LIMIT = 4 * 1024 * 1024 + 4096

/** `{a: {a: ... }}` or `[[...]]`, `depth` levels deep. */
export function nest(depth: number, array: boolean): unknown {
  let value: unknown = array ? [] : {}
  for (let i = 0; i < depth; i++) value = array ? [value] : { a: value }
  return value
}

/** An object that contains itself (structured clone keeps the cycle). */
export function cyclic(): Record<string, unknown> {
  const node: Record<string, unknown> = { role: 'user', content: [] }
  ;(node.content as unknown[]).push({ type: 'text', text: 'loop', self: node })
  node.self = node
  return node
}

/** Non-plain values structured clone keeps: `Map`, `Set`, `Date`, typed arrays, `Error`, boxed primitives, BigInt, holes. */
export const exotic: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    new Date(0),
    /re/g,
    new Map([['k', 'v']]),
    new Set([1, 'a']),
    new Uint8Array([1, 2, 3]),
    new ArrayBuffer(8),
    new Error('boom'),
    Object(1),
    Object('text'),
    Object(true),
    2n ** 70n,
    [1, , 3],
    Object.create(null),
    -0,
  ),
  fc.anything({ maxDepth: 2, maxKeys: 4, withMap: true, withSet: true, withBigInt: true, withDate: true, withTypedArray: true, withSparseArray: true, withBoxedValues: true, withNullPrototype: true }),
)

/** A value of some type, usually the wrong one for whatever field it replaces. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, undefined, true, false, 0, -1, Number.NaN, Infinity, '', 'str', [], {}, [{}], '{"a":1}', '[1,2]', 'not json {'),
  fc.double(),
  fc.string({ maxLength: 12 }),
  exotic,
  fc.jsonValue({ maxDepth: 2 }),
)

export interface SizeProfile {
  /** Lengths of "big" strings: near and over the limit in force. */
  big: readonly number[]
  /** Depths of "deep" values: around the depth limit in force. */
  deep: readonly number[]
  /** Include values that contain themselves (the host must refuse them; the view trusts its parent). */
  cycles: boolean
}

/** Payloads that stress the size and depth checks (host) or the readers (view). */
export function heavy(sizes: SizeProfile): fc.Arbitrary<unknown> {
  const kinds: Array<fc.WeightedArbitrary<unknown>> = [
    { weight: 4, arbitrary: fc.constantFrom(...sizes.big).map(bigString) },
    { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...sizes.deep), fc.boolean()).map(([depth, array]) => nest(depth, array)) },
    // A shared reference repeated: small to post, large once walked.
    { weight: 1, arbitrary: fc.integer({ min: 50, max: 400 }).map((n) => Array(n).fill(bigString(512))) },
  ]
  if (sizes.cycles) kinds.push({ weight: 1, arbitrary: fc.constant(null).map(cyclic) })
  return fc.oneof(...kinds)
}

/** Junk: anything at all that can be posted, from random JSON to non-plain objects and oversized strings. */
export function junk(sizes: SizeProfile): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
    { weight: 3, arbitrary: exotic },
    { weight: 2, arbitrary: fc.dictionary(fc.oneof(dangerousKey, fc.string({ maxLength: 8 })), wrongValue, { maxKeys: 5 }).map(ownKeys) },
    { weight: 1, arbitrary: heavy(sizes) },
    { weight: 1, arbitrary: fc.record({ jsonrpc: fc.constant('2.0') }, { requiredKeys: [] }).map((value) => ({ ...value })) },
  )
}

/** Re-creates a dictionary so that `__proto__` entries become own keys (as `JSON.parse` makes them). */
function ownKeys(dictionary: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(dictionary)) withOwn(result, key, value)
  return result
}
