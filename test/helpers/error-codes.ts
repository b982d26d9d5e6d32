/** The binding map of `BridgeError` codes to JSON-RPC error codes (DEVELOPERS.md, PROTOCOL.md A.7). */
import type { BridgeErrorCode } from '../../src/protocol/errors.js'

export const RPC_CODE_OF: ReadonlyArray<[BridgeErrorCode, number]> = [
  ['NOT_SUPPORTED', -32601],
  ['INVALID_PARAMS', -32602],
  ['DENIED', -32000],
  ['RATE_LIMITED', -32000],
  ['PROTOCOL', -32600],
  ['TIMEOUT', -32001],
  ['CLOSED', -32603],
  ['CANCELLED', -32603],
  ['REMOTE', -32603],
]
