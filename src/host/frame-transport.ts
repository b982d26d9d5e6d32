/**
 * The host's `postMessage` transport to one frame (the view's iframe, or the sandbox proxy).
 *
 * Security (PROTOCOL.md A.8): a message is read only when `event.source` is this frame's window
 * and, when the frame's origin is known, `event.origin` equals it. Messages are posted to that
 * origin, so tool data and context never reach a document that navigated into the frame; `"*"`
 * is used only for an opaque (`"null"`) frame, which cannot be addressed any other way.
 *
 * A `ui/initialize` that arrives with a `MessagePort` (our view offers one) moves everything this
 * side sends to that port: a third of a window message's cost, and no document that navigates
 * into the frame can read it (even an opaque frame's, which `"*"` would reach). The window is
 * still read: a new document in the frame starts over there, with or without a port of its own.
 */
import { BridgeError, INITIALIZE, type JsonRpcMessage, type Transport } from '../protocol/index.js'
import { listenToFrame, type HubWindow } from './message-hub.js'

export interface FrameTransportOptions {
  /** The frame's window (`iframe.contentWindow`). */
  target: Window | { postMessage(message: unknown, targetOrigin: string): void }
  /**
   * The frame's origin: the sandbox proxy's origin (`https://sandbox.example`), or `"null"` for an
   * opaque `sandbox="allow-scripts"` frame. Required: a transport never guesses whom it trusts.
   */
  targetOrigin: string
  /** The window whose `message` events carry the frame's messages; `window` by default. */
  hostWindow?: HubWindow
  /** Told about each message dropped because it came from another origin. */
  onForeignOrigin?: (origin: string) => void
  /** Told once when the frame's window is found closed (the iframe was removed). */
  onGone?: () => void
}

export class FrameTransport implements Transport {
  readonly #options: FrameTransportOptions
  /** `hostWindow` with its default resolved. */
  readonly #hostWindow: HubWindow
  /** The view's channel, from its last `ui/initialize`. */
  #port: MessagePort | undefined

  /** Throws `NOT_SUPPORTED` where there is no window (server rendering), before anything is allocated. */
  constructor(options: FrameTransportOptions) {
    const { targetOrigin, hostWindow = globalThis as unknown as HubWindow } = options
    if (typeof targetOrigin !== 'string' || !targetOrigin || targetOrigin === '*') {
      throw new TypeError('targetOrigin must be the frame origin or "null"')
    }
    if (!hostWindow.addEventListener) throw new BridgeError('NOT_SUPPORTED', 'No window: create it in the browser')
    this.#options = options
    this.#hostWindow = hostWindow
  }

  send(message: JsonRpcMessage): void {
    const { target, targetOrigin } = this.#options
    if (this.#port) this.#port.postMessage(message)
    else target.postMessage(message, targetOrigin === 'null' ? '*' : targetOrigin)
  }

  listen(receive: (data: unknown) => void): () => void {
    const { targetOrigin, onForeignOrigin } = this.#options
    const stop = listenToFrame(
      this.#hostWindow,
      this.#options.target,
      (event) => {
        if (event.origin !== targetOrigin) return onForeignOrigin?.(event.origin)
        // Each handshake sets the channel: a new document's, or none (the window) for a view without one.
        if (event.data?.method === INITIALIZE) {
          this.#port?.close()
          const port = (this.#port = event.ports?.[0])
          if (port) port.onmessage = (message) => receive(message.data)
        }
        receive(event.data)
      },
      this.#options.onGone,
    )
    return () => {
      stop()
      this.#port?.close()
    }
  }
}
