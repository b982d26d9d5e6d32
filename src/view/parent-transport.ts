/**
 * The view's `postMessage` transport to its parent (the host, or the host's sandbox proxy).
 *
 * Security (PROTOCOL.md A.8): only messages whose `event.source` is the parent window are read.
 * Until the handshake answer arrives the host's origin is unknown, so `ui/initialize` (which holds
 * nothing secret) goes to `"*"`; the bridge then pins the origin that answered, and from then on
 * messages from any other origin are dropped and everything is posted to that origin only.
 *
 * Speed: `ui/initialize` carries one end of a `MessageChannel`. A host that answers on it (ours
 * does; others ignore the port) has the rest of the session on that private channel: a port
 * message skips the browser's window routing and origin checks and costs a third of a window's,
 * and nothing else, not even a document that later loads in the parent, can read or forge it.
 * From the first message on the port, the window is no longer read.
 */
import { INITIALIZE, type JsonRpcMessage, type Transport } from '../protocol/index.js'

/** The little of `Window` the transport needs, so tests can pass two linked fakes. */
export interface MessageTarget {
  postMessage(message: unknown, targetOrigin: string, transfer?: Transferable[]): void
}
/** Without `addEventListener` (no window: server-side rendering) the transport hears nothing. */
export interface MessageSource {
  addEventListener?(type: 'message', listener: (event: MessageEvent) => void): void
  removeEventListener?(type: 'message', listener: (event: MessageEvent) => void): void
}

export interface ParentTransportOptions {
  /** Where messages go (`ViewBridge` passes `window.parent`). */
  target: MessageTarget
  /** Where messages arrive (`ViewBridge` passes `window`). */
  self: MessageSource
  /** The host's origin when the app knows it; pinned from the start instead of after the handshake. */
  origin?: string
  /** Told about each message dropped because it came from another origin. */
  onForeignOrigin?: (origin: string) => void
}

export class ParentTransport implements Transport {
  readonly #options: ParentTransportOptions
  #origin: string | undefined
  #lastOrigin: string | undefined
  /** The channel offered with `ui/initialize` (one handshake per bridge). */
  #offered: MessagePort | undefined
  /** The same port, once the host answered on it: from then on the only way in and out. */
  #port: MessagePort | undefined
  /** The session's receiver, for the offered port. */
  #receive: ((data: unknown) => void) | undefined

  constructor(options: ParentTransportOptions) {
    this.#options = options
    // Compared with `event.origin` as a string, so written the way browsers write origins
    // (`https://host.example/` would otherwise match nothing, and every message would be dropped).
    const origin = options.origin
    this.#origin = origin !== undefined && origin !== 'null' ? new URL(origin).origin : origin
  }

  /** The pinned host origin, once known. */
  get origin(): string | undefined {
    return this.#origin
  }

  /** Pins the origin of the last accepted message (call it when the handshake answer arrives). */
  pin(): void {
    this.#origin ??= this.#lastOrigin
  }

  send(message: JsonRpcMessage): void {
    if (this.#port) return this.#port.postMessage(message)
    let transfer: Transferable[] | undefined
    if ((message as { method?: string }).method === INITIALIZE) {
      const channel = new MessageChannel()
      const port = (this.#offered = channel.port1)
      port.onmessage = (event) => {
        this.#port = port
        this.#receive?.(event.data)
      }
      transfer = [channel.port2]
    }
    // An opaque ("null") parent can only be addressed with "*".
    this.#options.target.postMessage(message, this.#origin && this.#origin !== 'null' ? this.#origin : '*', transfer)
  }

  listen(receive: (data: unknown) => void): () => void {
    const { target, self, onForeignOrigin } = this.#options
    this.#receive = receive
    const listener = (event: MessageEvent) => {
      if (this.#port || event.source !== (target as unknown)) return
      if (this.#origin !== undefined && event.origin !== this.#origin) return onForeignOrigin?.(event.origin)
      this.#lastOrigin = event.origin
      receive(event.data)
    }
    // A `self` that cannot listen (no window: server-side rendering runs the app's modules in Node)
    // hears nothing, and leaves nothing behind; `ViewBridge.connect()` refuses there.
    self.addEventListener?.('message', listener)
    return () => {
      self.removeEventListener?.('message', listener)
      this.#receive = undefined
      // A port the host answered on stays open: a teardown answer is sent by hand after the session closed.
      if (this.#offered !== this.#port) this.#offered?.close()
    }
  }
}
