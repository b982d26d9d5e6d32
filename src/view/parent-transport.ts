/**
 * The view's `postMessage` transport to its parent (the host, or the host's sandbox proxy).
 *
 * Security (PROTOCOL.md A.8): only messages whose `event.source` is the parent window are read.
 * Until the handshake answer arrives the host's origin is unknown, so `ui/initialize` (which holds
 * nothing secret) goes to `"*"`; the bridge then pins the origin that answered, and from then on
 * messages from any other origin are dropped and everything is posted to that origin only.
 */
import type { JsonRpcMessage, Transport } from '../protocol/index.js'

/** The little of `Window` the transport needs, so tests can pass two linked fakes. */
export interface MessageTarget {
  postMessage(message: unknown, targetOrigin: string): void
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

  constructor(options: ParentTransportOptions) {
    this.#options = options
    // Compared with `event.origin` as a string, so written the way browsers write origins
    // (`https://host.example/` would otherwise match nothing, and every message would be dropped).
    const { origin } = options
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
    // An opaque ("null") parent can only be addressed with "*".
    this.#options.target.postMessage(message, this.#origin && this.#origin !== 'null' ? this.#origin : '*')
  }

  listen(receive: (data: unknown) => void): () => void {
    const { target, self, onForeignOrigin } = this.#options
    const listener = (event: MessageEvent) => {
      if (event.source !== (target as unknown)) return
      if (this.#origin !== undefined && event.origin !== this.#origin) return onForeignOrigin?.(event.origin)
      this.#lastOrigin = event.origin
      receive(event.data)
    }
    // A `self` that cannot listen (no window: server-side rendering runs the app's modules in Node)
    // hears nothing, and leaves nothing behind; `ViewBridge.connect()` refuses there.
    self.addEventListener?.('message', listener)
    return () => self.removeEventListener?.('message', listener)
  }
}
