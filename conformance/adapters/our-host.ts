/**
 * Conformance adapter for mcp-app-bridge's own host, `HostBridge` (`mcp-app-bridge/host`).
 *
 * The bridge alone, on a frame the host builds itself, as a host that does not use `mountApp`
 * would: one opaque-origin frame (`sandbox="allow-scripts"`, the desktop-host mode of PROTOCOL.md
 * A.10), the CSP from `buildCsp` as the document's first element and in the frame's `csp`
 * attribute. The host's handlers accept the view's actions and report them to the kit; sizes are
 * applied only on a flexible axis, as the spec says. `our-host-proxy.ts` judges the web-host
 * mode: `mountApp` behind the sandbox proxy.
 */
import type { HostAdapter } from 'mcp-app-bridge/conformance'
import { buildCsp, HostBridge } from 'mcp-app-bridge/host'
import { applySize, opaqueFrame } from './frame.js'
import { bridgeHooks, reportingHandlers } from './reporting.js'

const adapter: HostAdapter = {
  name: 'mcp-app-bridge HostBridge (opaque srcdoc frame)',
  notApplicable: {
    'host-web-proxy':
      'This adapter judges HostBridge on a single opaque frame it builds itself (PROTOCOL.md A.10: the desktop-host mode); HostBridge creates no frame. The web-host mode, mountApp behind the sandbox proxy, is judged by adapters/our-host-proxy.ts.',
  },
  mount({ container, resource, capabilities, hostContext, server, effects }) {
    // The kit's probe servers listen on loopback: a declared one passes with the relaxation meant for local servers.
    const frame = opaqueFrame(container, resource.html, buildCsp(resource.csp, { loopbackOrigins: true }).policy)
    const bridge = new HostBridge({
      target: frame.contentWindow!,
      targetOrigin: 'null',
      hostInfo: { name: 'mcp-app-bridge conformance adapter', version: '0.1.0' },
      capabilities,
      hostContext,
      client: server,
      handlers: reportingHandlers(effects),
    })
    bridge.on('sizechange', (size) => applySize(frame, size, bridge.hostContext))
    return bridgeHooks(bridge, effects, async (reason) => {
      await bridge.teardown(reason)
      frame.remove()
    })
  },
}

export default adapter
