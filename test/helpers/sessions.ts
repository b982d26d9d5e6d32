/** Two sessions over an in-memory transport pair, with their warnings captured. */
import { onTestFinished } from 'vitest'
import { Session, type SessionOptions } from '../../src/protocol/session.js'
import type { BridgeWarning } from '../../src/protocol/transport.js'
import { createTransportPair, type TransportPair } from './memory-transport.js'

export interface SessionPair {
  link: TransportPair
  /** The side under test (the "client" in most tests). */
  a: Session
  /** Its peer. */
  b: Session
  warnings: { a: BridgeWarning[]; b: BridgeWarning[] }
}

export function createSessionPair(options: { a?: Omit<SessionOptions, 'transport'>; b?: Omit<SessionOptions, 'transport'> } = {}): SessionPair {
  const link = createTransportPair()
  const warnings: SessionPair['warnings'] = { a: [], b: [] }
  const a = new Session({ onWarning: (w) => void warnings.a.push(w), ...options.a, transport: link.a })
  const b = new Session({ onWarning: (w) => void warnings.b.push(w), ...options.b, transport: link.b })
  onTestFinished(() => {
    a.close()
    b.close()
  })
  return { link, a, b, warnings }
}

/**
 * One session whose peer is the test itself: nothing answers unless the test injects it, and
 * `link.sent('a')` shows exactly what the session wrote.
 */
export function createLoneSession(options: Omit<SessionOptions, 'transport'> = {}): Omit<SessionPair, 'b' | 'warnings'> & { warnings: BridgeWarning[] } {
  const link = createTransportPair()
  const warnings: BridgeWarning[] = []
  const a = new Session({ onWarning: (w) => void warnings.push(w), ...options, transport: link.a })
  onTestFinished(() => a.close())
  return { link, a, warnings }
}
