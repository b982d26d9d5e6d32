/**
 * A transport whose channel is attached later. `mountApp` creates the bridge at once, so a host
 * can subscribe to its events and stream partial tool input while the resource is still being
 * read; the frame, and with it the real transport, only exists once the HTML is known. Nothing is
 * lost in between: the bridge holds everything it would send until the view is initialized, and
 * the view cannot speak before its frame exists.
 */
import { BridgeError, type JsonRpcMessage, type Transport } from '../protocol/index.js'

export class DeferredTransport implements Transport {
  #inner: Transport | undefined
  #receive: ((data: unknown) => void) | undefined
  #stop: (() => void) | undefined

  /** Connects the real channel; a bridge that already closed stays closed (nothing is listened to). */
  attach(inner: Transport): void {
    if (this.#inner) throw new BridgeError('PROTOCOL', 'The transport is already attached')
    this.#inner = inner
    if (this.#receive) this.#stop = inner.listen(this.#receive)
  }

  send(message: JsonRpcMessage): void {
    if (!this.#inner) throw new BridgeError('CLOSED', 'The frame does not exist yet')
    this.#inner.send(message)
  }

  listen(receive: (data: unknown) => void): () => void {
    this.#receive = receive
    if (this.#inner) this.#stop = this.#inner.listen(receive)
    return () => {
      this.#receive = undefined
      this.#stop?.()
      this.#stop = undefined
    }
  }
}
