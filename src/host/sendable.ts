import { invalid } from '../protocol/index.js'

/**
 * A copy of what the host will post to the view, made at once: what a send would take
 * (postMessage copies as it is called), and proof that it can be sent at all. Structured clone
 * first; a value it refuses is copied as JSON, which MCP data is: a framework's reactive proxy
 * (Vue `reactive()`, Pinia, MobX) refuses structured clone but reads as the object it wraps (in
 * that copy functions and `undefined` are dropped, as JSON drops them). A value neither can copy
 * (a function, a `BigInt` in a proxy, a cycle) is refused with `INVALID_PARAMS` here, at the
 * caller, instead of failing later where nobody can answer for it.
 */
export function sendableCopy<T>(what: string, value: T): T {
  try {
    return structuredClone(value)
  } catch {}
  try {
    return JSON.parse(JSON.stringify(value))
  } catch {}
  return invalid(what, 'value', 'JSON')
}
