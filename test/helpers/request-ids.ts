/**
 * Vitest setup file: request ids are shared by every session of a realm (`session-core.ts`), and a
 * test file's tests share one realm; numbering from 1 again before each test keeps each test's ids
 * what a fresh page would send.
 */
import { beforeEach } from 'vitest'
import { resetRequestIds } from '../../src/protocol/session-core.js'

beforeEach(() => resetRequestIds())
