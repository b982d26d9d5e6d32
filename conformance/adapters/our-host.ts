/**
 * Conformance adapter for mcp-app-bridge's own host, `HostBridge` (`mcp-app-bridge/host`).
 *
 * It mounts the view the way our host documents it until `mountApp` and the sandbox proxy land in
 * src/host: one opaque-origin frame (`sandbox="allow-scripts"`), the CSP from `buildCsp` as the
 * document's first element and in the frame's `csp` attribute, and the bridge on that frame. The
 * host's handlers accept the view's actions and report them to the kit; sizes are applied only
 * on a flexible axis, as the spec says. When `mountApp` lands this becomes a call to it.
 */
import type { HostAdapter } from 'mcp-app-bridge/conformance'
import { buildCsp, HostBridge } from 'mcp-app-bridge/host'
import { applySize, opaqueFrame } from './frame.js'

const adapter: HostAdapter = {
  name: 'mcp-app-bridge HostBridge (opaque srcdoc frame)',
  notApplicable: {
    'host-web-proxy':
      'The adapter mounts in the single opaque frame (PROTOCOL.md A.10: the mode for desktop hosts and tests) because mountApp and the sandbox proxy have not landed in src/host yet; HostBridge itself creates no frame.',
  },
  mount({ container, resource, capabilities, hostContext, server, effects }) {
    const frame = opaqueFrame(container, resource.html, buildCsp(resource.csp).policy)
    const bridge = new HostBridge({
      target: frame.contentWindow!,
      targetOrigin: 'null',
      hostInfo: { name: 'mcp-app-bridge conformance adapter', version: '0.1.0' },
      capabilities,
      hostContext,
      client: server,
      handlers: {
        message: (params) => effects.report('message', params),
        openLink: ({ url }) => effects.report('openLink', { url }),
        downloadFile: (params) => effects.report('downloadFile', params),
        requestDisplayMode: ({ mode }) => mode,
        createSamplingMessage: (params) => {
          effects.report('sampling', params)
          return { role: 'assistant', content: { type: 'text', text: 'sampled' }, model: 'conformance' }
        },
      },
    })
    bridge.on('log', (entry) => effects.report('log', entry))
    bridge.on('modelcontext', (context) => effects.report('modelContext', context))
    bridge.on('sizechange', (size) => applySize(frame, size, bridge.hostContext))
    return {
      setHostContext: (change) => bridge.setHostContext(change),
      sendToolInputPartial: (args) => bridge.sendToolInputPartial(args),
      sendToolInput: (args) => bridge.sendToolInput(args),
      sendToolResult: (result) => bridge.sendToolResult(result),
      sendToolCancelled: (reason) => bridge.sendToolCancelled(reason),
      async teardown(reason) {
        await bridge.teardown(reason)
        frame.remove()
      },
    }
  },
}

export default adapter
