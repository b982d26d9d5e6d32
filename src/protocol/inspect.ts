/**
 * One bounded walk over an incoming message before anything reads it.
 *
 * `postMessage` uses structured clone, so a peer can send what JSON cannot: cycles, shared
 * references that blow up into huge trees, `Map`s, and own `__proto__` keys that would change an
 * object's prototype if code ever copied them with `Object.assign` or `obj[key] = value`.
 * The walk measures an approximate serialized size and the nesting depth, and deletes own
 * `__proto__` keys in place (the message is already our private clone). It stops as soon as a
 * limit is crossed, so a hostile message costs at most `maxBytes` units of work.
 */

export interface MessageLimits {
  /** Approximate serialized size above which a message is refused. Default 4 MiB. */
  maxBytes: number
  /** Nesting depth above which a message is refused. Default 100. */
  maxDepth: number
}

// The walk reads the defaults as constants, not through DEFAULT_LIMITS: a bundler inlines them and
// leaves the object out of a bundle that does not import it (the host's).
const MAX_BYTES = 4 * 1024 * 1024
const MAX_DEPTH = 100

export const DEFAULT_LIMITS: MessageLimits = { maxBytes: MAX_BYTES, maxDepth: MAX_DEPTH }

/** The outcome of {@link inspectMessage}: `undefined` when the message is acceptable, else why not. */
export type InspectProblem = 'too large' | 'too deep' | undefined

/**
 * Checks `value` against `limits` (each one left out is its default), stripping own `__proto__`
 * keys. Returns the problem, or `undefined`; `stripped` counts the `__proto__` keys removed.
 */
export function inspectMessage(value: unknown, limits?: Partial<MessageLimits>): { problem: InspectProblem; stripped: number } {
  let budget = limits?.maxBytes ?? MAX_BYTES
  const maxDepth = limits?.maxDepth ?? MAX_DEPTH
  let stripped = 0
  const walk = (node: unknown, depth: number): InspectProblem => {
    if (typeof node !== 'object' || !node) {
      // A string costs its length and quotes; any other primitive (null too) about a number's.
      budget -= typeof node === 'string' ? node.length + 2 : 8
    } else if (depth > maxDepth) {
      return 'too deep'
    } else if (ArrayBuffer.isView(node) || node instanceof ArrayBuffer) {
      budget -= node.byteLength
    } else if (node instanceof Map || node instanceof Set) {
      // Structured clone delivers `Map`s and `Set`s too; no key lists their entries: walked as
      // the array of them (a Map's as [key, value] pairs).
      return walk([...node], depth)
    } else if (Array.isArray(node) && node.length * 7 > budget) {
      // An item costs at least 7 below (its index key, 1 or more; 4; a value, 2 or more for '', {}
      // or []): refused before the keys are listed, which would take memory in proportion to a
      // length the peer chose. No more: a list of small items the walk would accept must pass.
      return 'too large'
    } else {
      budget -= 2
      if (Object.hasOwn(node, '__proto__')) {
        delete (node as Record<string, unknown>)['__proto__']
        stripped++
      }
      // Every own key, enumerable or not, arrays included: structured clone keeps an array's named
      // properties (which `for...of` skips) and a cloned Error's message, stack and cause (which
      // `for...in` skips). Index keys cost a little more than JSON would; never less.
      for (const key of Object.getOwnPropertyNames(node)) {
        budget -= key.length + 4
        if (budget < 0) break
        const problem = walk((node as Record<string, unknown>)[key], depth + 1)
        if (problem) return problem
      }
    }
    return budget < 0 ? 'too large' : undefined
  }
  return { problem: walk(value, 0), stripped }
}
