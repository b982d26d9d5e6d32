/**
 * The host's side of the sandbox proxy handshake (spec "Sandbox proxy", steps 3 and 4), as a
 * transport: the bridge talks through it to the view as if the proxy were not there.
 *
 * Messages under `ui/notifications/sandbox-` are host ↔ proxy traffic and never reach the bridge.
 * When the proxy says `sandbox-proxy-ready`, the transport answers once with
 * `sandbox-resource-ready` carrying the HTML; by then the bridge is already listening, so the
 * view's `ui/initialize` cannot be missed. A second `sandbox-proxy-ready` means the proxy page was
 * reloaded and the view inside it is gone: it is reported, never answered with the HTML again.
 */
import { SANDBOX_PREFIX, SANDBOX_PROXY_READY, SANDBOX_RESOURCE_READY, isObject, type JsonRpcMessage, type McpUiSandboxResourceReadyParams, type Transport } from '../protocol/index.js'

export interface ProxyTransportOptions {
  /** The transport to the proxy's frame (a `FrameTransport` pinned to the proxy's origin). */
  frame: Transport
  /** What `sandbox-resource-ready` carries: the HTML and its CSP domains, permissions, sandbox. */
  resource: McpUiSandboxResourceReadyParams
  /** Called when the proxy is ready and the HTML has been sent. */
  onReady?: () => void
  /** Called with a description of each reserved message it refused. */
  onRefused?: (message: string) => void
}

export class ProxyTransport implements Transport {
  readonly #options: ProxyTransportOptions
  #sent = false

  constructor(options: ProxyTransportOptions) {
    this.#options = options
  }

  send(message: JsonRpcMessage): void {
    this.#options.frame.send(message)
  }

  listen(receive: (data: unknown) => void): () => void {
    const { frame, resource, onReady, onRefused } = this.#options
    return frame.listen((data) => {
      const method = isObject(data) ? data.method : undefined
      if (typeof method !== 'string' || !method.startsWith(SANDBOX_PREFIX)) return receive(data)
      if (method !== SANDBOX_PROXY_READY || this.#sent) return onRefused?.(`Refused ${method}${this.#sent ? ' after the proxy was ready' : ''}`)
      this.#sent = true
      frame.send({ jsonrpc: '2.0', method: SANDBOX_RESOURCE_READY, params: resource })
      onReady?.()
    })
  }
}
