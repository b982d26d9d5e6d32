/** Small checks both fuzz runners share. */
import { BridgeError } from '../../src/protocol/errors.js'
import type { BridgeWarning } from '../../src/protocol/transport.js'
import { preview } from './ledger.js'

export const BRIDGE_ERROR_CODES = new Set(['TIMEOUT', 'CLOSED', 'CANCELLED', 'NOT_SUPPORTED', 'INVALID_PARAMS', 'DENIED', 'RATE_LIMITED', 'PROTOCOL', 'REMOTE'])
export const WARNING_CODES = new Set(['MALFORMED', 'TOO_LARGE', 'VARIANT', 'UNEXPECTED', 'VERSION', 'POLICY', 'LISTENER'])

/** Messages of JavaScript's own errors: a check that threw one was confused by its input. */
const ENGINE_ERROR = /Cannot read prop|Cannot set prop|is not a function|is not iterable|is not a constructor|Cannot convert|Invalid array length|Cannot destructure|Cannot create property|Cannot access|undefined is not|null is not/

export const describe = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : preview(error))

/** Problems with one warning: unknown code, no message, or a JavaScript error caught by the last line of defence. */
export function warningProblem(warning: BridgeWarning): string | undefined {
  if (!WARNING_CODES.has(warning.code) || typeof warning.message !== 'string') return `malformed warning ${preview(warning)}`
  if (ENGINE_ERROR.test(warning.message)) return `a check threw a JavaScript error: ${warning.message}`
  return undefined
}

/** Problems with a rejection: every rejection a caller sees is a `BridgeError` with a documented code. */
export function rejectionProblem(label: string, error: unknown): string | undefined {
  if (error instanceof BridgeError && BRIDGE_ERROR_CODES.has(error.code)) return undefined
  return `${label} rejected with something other than a BridgeError: ${describe(error)}`
}

/** Runs a guard again on what reached a handler or event: hostile input must never arrive unchecked. */
export function recheck(label: string, check: () => unknown): string | undefined {
  try {
    check()
    return undefined
  } catch (error) {
    return `${label} got data its own guard refuses: ${describe(error)}`
  }
}

const prototypeKeys = () => [Object.prototype, Array.prototype, Function.prototype].map((proto) => Object.getOwnPropertyNames(proto).sort().join(','))
const baseline = prototypeKeys()

/** Problems if any built-in prototype gained or lost a property (`__proto__` pollution). */
export function prototypeProblem(): string | undefined {
  const now = prototypeKeys()
  const probe = {} as Record<string, unknown>
  if (now.some((keys, i) => keys !== baseline[i]) || probe.polluted !== undefined || probe.theme !== undefined) return 'a built-in prototype was changed'
  return undefined
}

/** Tracks a promise a bridge returned: it must settle, and a rejection must be a typed error. */
export interface Tracked {
  label: string
  state: 'pending' | 'fulfilled' | 'rejected'
  value?: unknown
  error?: unknown
  controller: AbortController
}

export function track(label: string, start: (signal: AbortSignal) => Promise<unknown>, onSettle: (entry: Tracked) => void): Tracked {
  const entry: Tracked = { label, state: 'pending', controller: new AbortController() }
  let promise: Promise<unknown>
  try {
    promise = start(entry.controller.signal)
  } catch (error) {
    promise = Promise.reject(new Error(`threw synchronously: ${describe(error)}`))
  }
  promise.then(
    (value) => {
      entry.state = 'fulfilled'
      entry.value = value
      onSettle(entry)
    },
    (error: unknown) => {
      entry.state = 'rejected'
      entry.error = error
      onSettle(entry)
    },
  )
  return entry
}
