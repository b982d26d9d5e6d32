/** A `Note` callback for guard tests that records what it was told. */
import type { Note } from '../../src/protocol/guards.js'
import { BridgeError, type BridgeErrorCode } from '../../src/protocol/errors.js'
import type { BridgeWarningCode } from '../../src/protocol/transport.js'

export function recordNotes(): { note: Note; notes: Array<{ message: string; code: BridgeWarningCode }>; codes(): BridgeWarningCode[] } {
  const notes: Array<{ message: string; code: BridgeWarningCode }> = []
  return {
    note: (message, code = 'VARIANT') => void notes.push({ message, code }),
    notes,
    codes: () => notes.map((n) => n.code),
  }
}

/** Runs `fn`, expects a `BridgeError` and returns it. */
export function thrown(fn: () => unknown): BridgeError {
  try {
    fn()
  } catch (error) {
    if (error instanceof BridgeError) return error
    throw new Error(`Expected a BridgeError, got ${String(error)}`)
  }
  throw new Error('Expected a BridgeError, but nothing was thrown')
}

/** Expects `fn` to throw a `BridgeError` with `code` whose message names `field`. */
export function expectRefusal(fn: () => unknown, field: string, code: BridgeErrorCode = 'INVALID_PARAMS'): void {
  const error = thrown(fn)
  if (error.code !== code) throw new Error(`Expected ${code}, got ${error.code}: ${error.message}`)
  if (!error.message.includes(field)) throw new Error(`Expected the message to name ${field}: ${error.message}`)
}
