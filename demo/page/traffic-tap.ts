/**
 * An MCP transport wrapper that reports every JSON-RPC message to the inspector before passing
 * it on unchanged: the host ⇄ server half of the protocol log.
 */
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js'

export type Tap = (direction: 'in' | 'out', message: JSONRPCMessage) => void

export class TappedTransport implements Transport {
  readonly #inner: Transport
  readonly #tap: Tap
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void
  onclose?: () => void
  onerror?: (error: Error) => void

  constructor(inner: Transport, tap: Tap) {
    this.#inner = inner
    this.#tap = tap
  }

  get sessionId(): string | undefined {
    return this.#inner.sessionId
  }

  setProtocolVersion(version: string): void {
    this.#inner.setProtocolVersion?.(version)
  }

  start(): Promise<void> {
    this.#inner.onmessage = (message, extra) => {
      this.#tap('in', message)
      this.onmessage?.(message, extra)
    }
    this.#inner.onclose = () => this.onclose?.()
    this.#inner.onerror = (error) => this.onerror?.(error)
    return this.#inner.start()
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.#tap('out', message)
    return this.#inner.send(message, options)
  }

  close(): Promise<void> {
    return this.#inner.close()
  }
}
