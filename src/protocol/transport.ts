/**
 * The seam between the protocol engine and the world. The session never touches `window`: a
 * transport does. The `postMessage` transports of the view and the host implement this, and so
 * do test doubles and any other channel (a `MessagePort`, a worker).
 */
import type { JsonRpcMessage } from './jsonrpc.js'

export interface Transport {
  /**
   * Sends one message to the peer. May throw (for example a `DataCloneError` for a value that
   * structured clone cannot copy); the session turns that into an error for the caller.
   */
  send(message: JsonRpcMessage): void
  /**
   * Starts delivering incoming data that the transport has authenticated (source, origin) to
   * `receive`. Returns the function that stops it. The data is untrusted in every other way.
   */
  listen(receive: (data: unknown) => void): () => void
}

/** Stable reasons for a {@link BridgeWarning}. */
export type BridgeWarningCode =
  /** Claimed JSON-RPC but was malformed, or its params were; dropped or answered with an error. */
  | 'MALFORMED'
  /** Over the size or depth limit; dropped, or answered with an error when it was a request. */
  | 'TOO_LARGE'
  /** A tolerated variant of the wire format (e.g. `clientInfo` for `appInfo`); accepted. */
  | 'VARIANT'
  /** Well-formed but out of place: a response to an unknown id, a duplicate id, a message out of order. */
  | 'UNEXPECTED'
  /** A protocol version this side does not know. */
  | 'VERSION'
  /** A security policy dropped or narrowed something (a CSP entry, a message from the wrong origin). */
  | 'POLICY'
  /** A listener or hook supplied by the application threw. */
  | 'LISTENER'

/** Something a bridge tolerated, dropped or refused, reported instead of thrown or hidden. */
export interface BridgeWarning {
  code: BridgeWarningCode
  message: string
  /** The offending message or value, when useful for debugging. */
  data?: unknown
}
