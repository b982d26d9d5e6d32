import { invalid } from '../protocol/index.js'

/**
 * A structured-clone copy of what the host will post to the view, made at once: what a send
 * would take (postMessage copies as it is called), and proof that it can be sent at all. A value
 * that cannot (a framework's reactive proxy, a function) is refused with `INVALID_PARAMS` here,
 * at the caller, instead of failing later where nobody can answer for it.
 */
export function sendableCopy<T>(what: string, value: T): T {
  try {
    return structuredClone(value)
  } catch {
    return invalid(what, 'value', 'cloneable')
  }
}
