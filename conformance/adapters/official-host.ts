/**
 * Conformance adapter for the official host bridge, `AppBridge` from
 * `@modelcontextprotocol/ext-apps@2.0.4`, used the way its documentation and reference host
 * (examples/basic-host) use it:
 *
 * - the kit's hooks map one to one onto AppBridge's own methods (`sendToolInput`,
 *   `setHostContext`, `teardownResource`, ...): the adapter adds no ordering or enforcement of
 *   its own, so every verdict is AppBridge's;
 * - AppBridge forwards the view's server requests itself when given a client (`connect()`
 *   installs the forwarders); the client here is a minimal stand-in for the SDK `Client` over
 *   the kit's scripted server;
 * - handlers are installed only where AppBridge has no default, and do what basic-host does:
 *   accept the action and report it, resize the frame on `onsizechange`. Display-mode requests
 *   keep AppBridge's default handler (it answers the current mode).
 *
 * AppBridge creates no frame: the adapter uses the same opaque frame as our adapter, with
 * mcp-app-bridge's CSP, so the frame and CSP requirements are declared not applicable (their
 * verdicts would be ours, not AppBridge's).
 */
import { AppBridge, PostMessageTransport, type McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge'
import type { HostAdapter } from 'mcp-app-bridge/conformance'
import { buildCsp } from 'mcp-app-bridge/host'
import { applySize, opaqueFrame } from './frame.js'

const FRAME_IS_OURS = 'AppBridge creates no frame: the adapter mounts the view in mcp-app-bridge\'s opaque frame with mcp-app-bridge\'s CSP, so this verdict would judge our code, not AppBridge.'

const adapter: HostAdapter = {
  name: 'AppBridge (@modelcontextprotocol/ext-apps 2.0.4)',
  notApplicable: Object.fromEntries(
    [
      'host-sandboxed-frame',
      'host-web-proxy',
      'host-csp-declared-domains',
      'host-csp-default',
      'host-csp-no-undeclared',
      'host-csp-blocks-connections',
      'host-csp-frame-src',
      'host-csp-base-uri',
      'host-csp-object-src',
    ].map((id) => [id, FRAME_IS_OURS]),
  ),
  async mount({ container, resource, capabilities, hostContext, server, effects }) {
    // The kit's probe servers listen on loopback: a declared one passes with the relaxation meant for local servers.
    const frame = opaqueFrame(container, resource.html, buildCsp(resource.csp, { loopbackOrigins: true }).policy)
    let context = hostContext as McpUiHostContext
    // The part of the SDK `Client` that AppBridge.connect() uses to install its forwarders.
    const client = {
      getServerCapabilities: () => server.getServerCapabilities(),
      request: (request: { method: string; params?: unknown }) => server.request(request),
      setNotificationHandler: () => {},
    }
    const bridge = new AppBridge(client as never, { name: 'official AppBridge (conformance adapter)', version: '2.0.4' }, capabilities as never, { hostContext: context })
    bridge.onopenlink = async ({ url }) => {
      effects.report('openLink', { url })
      return {}
    }
    bridge.onmessage = async (params) => {
      effects.report('message', params)
      return {}
    }
    bridge.onupdatemodelcontext = async (params) => {
      effects.report('modelContext', params)
      return {}
    }
    bridge.ondownloadfile = async (params) => {
      effects.report('downloadFile', params)
      return {}
    }
    bridge.oncreatesamplingmessage = async (params) => {
      effects.report('sampling', params)
      return { role: 'assistant', content: { type: 'text', text: 'sampled' }, model: 'conformance' }
    }
    bridge.onloggingmessage = (params) => effects.report('log', params)
    bridge.onsizechange = (size) => applySize(frame, size, context as never)
    await bridge.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!))
    return {
      setHostContext(change) {
        context = { ...context, ...(change as McpUiHostContext) }
        bridge.setHostContext(context)
      },
      sendToolInputPartial: (args) => bridge.sendToolInputPartial({ arguments: args }),
      sendToolInput: (args) => bridge.sendToolInput({ arguments: args }),
      sendToolResult: (result) => bridge.sendToolResult(result as never),
      sendToolCancelled: (reason) => bridge.sendToolCancelled({ reason }),
      async teardown() {
        // As the SDK's own hosts do: params {}, then close and remove the frame.
        await bridge.teardownResource({})
        await bridge.close()
        frame.remove()
      },
    }
  },
}

export default adapter
