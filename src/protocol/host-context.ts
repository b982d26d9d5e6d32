/**
 * Host-context diff and merge (PROTOCOL.md A.3).
 *
 * The host sends only the top-level keys whose value changed, each with its full value; a no-op
 * update sends nothing. The view merges by top-level replace, as the SDK does, so nested objects
 * always travel whole and `containerDimensions` unions stay valid.
 */
import type { McpUiHostContext } from './types.js'

/** Deep equality of JSON-like values, insensitive to key order. */
export function deepEqual(a: unknown, b: unknown): boolean {
  // `a !== a` only for NaN, which equals NaN here as it does in a JSON round trip of a value.
  if (a === b || (a !== a && b !== b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || !a || !b || Array.isArray(a) !== Array.isArray(b)) return false
  // One walk for arrays and objects: an array's keys are its indices, so its order still counts.
  const left = definedKeys(a as Record<string, unknown>)
  return left.length === definedKeys(b as Record<string, unknown>).length && left.every((key) => Object.hasOwn(b, key) && deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
}

/**
 * Keys whose value is not `undefined` (JSON drops those, so they do not count as a difference);
 * every index of an array (JSON writes `null` there).
 */
function definedKeys(object: Record<string, unknown>): string[] {
  return Object.keys(object).filter((key) => object[key] !== undefined || Array.isArray(object))
}

/**
 * What a view holding `previous` must be sent to hold `next`: the top-level keys whose value
 * differs, each with its full value, and a key `next` no longer has as `undefined` (structured
 * clone keeps it, and {@link mergeHostContext} reads it as a removal). An empty object means there
 * is nothing to send.
 */
export function diffHostContext(previous: McpUiHostContext, next: McpUiHostContext): Partial<McpUiHostContext> {
  const changed: Record<string, unknown> = {}
  for (const key of Object.keys({ ...previous, ...next })) {
    if (key !== '__proto__' && !deepEqual(previous[key], next[key])) changed[key] = next[key]
  }
  return changed
}

/**
 * Applies a change (top-level replace) and returns the merged context and the keys that changed.
 * A key whose value is `undefined` is removed, which is how a host withdraws a field.
 */
export function mergeHostContext(current: McpUiHostContext, change: Partial<McpUiHostContext>): { context: McpUiHostContext; changed: string[] } {
  const context: McpUiHostContext = { ...current }
  // Against the context's own values: `toString` or `constructor` in a change must not meet `Object.prototype`'s.
  const changed = Object.keys(change).filter((key) => key !== '__proto__' && !deepEqual(Object.hasOwn(current, key) ? current[key] : undefined, change[key]))
  for (const key of changed) {
    if (change[key] === undefined) delete context[key]
    else context[key] = change[key]
  }
  return { context, changed }
}
