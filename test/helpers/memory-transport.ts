/**
 * Two in-memory {@link Transport}s linked to each other, for testing the session engine without a DOM.
 * Messages are structured-cloned (so un-cloneable values throw in `send`, as with `postMessage`),
 * logged, and delivered asynchronously by a {@link Courier}.
 */
import type { JsonRpcMessage } from '../../src/protocol/jsonrpc.js'
import type { Transport } from '../../src/protocol/transport.js'
import { createCourier } from './courier.js'

export type Side = 'a' | 'b'

export interface TransportPair {
  a: Transport
  b: Transport
  /** Every message sent, in order, as the peer received it (cloned). */
  log: Array<{ from: Side; message: any }>
  /** Messages sent by one side, in order. */
  sent(from: Side): any[]
  /** Delivers raw data to `to` as if the peer had sent it (not logged). */
  inject(to: Side, data: unknown): void
  /** True while `side` has a listener (the session has not closed). */
  listening(side: Side): boolean
  /** Resolves once every message in flight, and every answer to one, was delivered. */
  flush(): Promise<void>
}

export function createTransportPair(): TransportPair {
  const courier = createCourier()
  const log: TransportPair['log'] = []
  const receivers: Record<Side, ((data: unknown) => void) | undefined> = { a: undefined, b: undefined }
  const deliver = (to: Side, data: unknown) => courier.post(() => receivers[to]?.(data))
  const end = (side: Side): Transport => ({
    send(message: JsonRpcMessage) {
      const copy = structuredClone(message)
      log.push({ from: side, message: copy })
      deliver(side === 'a' ? 'b' : 'a', copy)
    },
    listen(receive) {
      receivers[side] = receive
      return () => {
        if (receivers[side] === receive) receivers[side] = undefined
      }
    },
  })
  return {
    a: end('a'),
    b: end('b'),
    log,
    sent: (from) => log.filter((entry) => entry.from === from).map((entry) => entry.message),
    inject: deliver,
    listening: (side) => receivers[side] !== undefined,
    flush: courier.flush,
  }
}
