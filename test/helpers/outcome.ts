/**
 * Watches a promise without awaiting it, so a test can assert "still pending" and later "rejected
 * with CLOSED" without unhandled rejections in between.
 */
import { BridgeError, type BridgeErrorCode } from '../../src/protocol/errors.js'

export interface Outcome<T> {
  readonly state: 'pending' | 'fulfilled' | 'rejected'
  readonly value: T | undefined
  readonly error: unknown
  /** The `BridgeError` code of the rejection, or `undefined` (also for a non-`BridgeError`). */
  readonly code: BridgeErrorCode | undefined
}

export function watch<T>(promise: Promise<T>): Outcome<T> {
  const outcome = { state: 'pending' as Outcome<T>['state'], value: undefined as T | undefined, error: undefined as unknown }
  promise.then(
    (value) => {
      outcome.state = 'fulfilled'
      outcome.value = value
    },
    (error: unknown) => {
      outcome.state = 'rejected'
      outcome.error = error
    },
  )
  return {
    get state() {
      return outcome.state
    },
    get value() {
      return outcome.value
    },
    get error() {
      return outcome.error
    },
    get code() {
      return outcome.error instanceof BridgeError ? outcome.error.code : undefined
    },
  }
}

/** Awaits `promise` expecting a rejection and returns the `BridgeError` (fails the test otherwise). */
export async function rejection(promise: Promise<unknown>): Promise<BridgeError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof BridgeError) return error
    throw new Error(`Expected a BridgeError, got ${String(error)}`)
  }
  throw new Error('Expected a rejection, but the promise fulfilled')
}
