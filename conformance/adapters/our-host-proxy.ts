/**
 * Conformance adapter for mcp-app-bridge's host as a web host runs it: `mountApp` with the
 * sandbox proxy (`dist/sandbox-proxy.html`, served on the kit's sandbox origin with
 * `--sandbox-dir dist`). Here the frame, its CSP, the proxy and the sizing are the library's own,
 * so the sandbox requirements judge the library, not the adapter; the adapter only reports the
 * host's actions to the kit.
 */
import type { HostAdapter } from 'mcp-app-bridge/conformance'
import { mountApp } from 'mcp-app-bridge/host'
import { bridgeHooks, reportingHandlers } from './reporting.js'

const adapter: HostAdapter = {
  name: 'mcp-app-bridge mountApp (sandbox proxy on another origin)',
  mount({ container, resource, capabilities, hostContext, server, effects, sandboxOrigin }) {
    const app = mountApp({
      container,
      sandbox: { proxyUrl: `${sandboxOrigin}/sandbox-proxy.html` },
      resource: { html: resource.html, uri: resource.uri, meta: resource.csp ? { csp: resource.csp } : {} },
      // The kit's probe servers listen on loopback: a declared one passes with the relaxation meant for local servers.
      cspRelaxations: { loopbackOrigins: true },
      hostInfo: { name: 'mcp-app-bridge conformance adapter (proxy)', version: '0.1.0' },
      capabilities,
      hostContext,
      client: server,
      handlers: reportingHandlers(effects),
    })
    // Sends ui/resource-teardown, waits for the answer (bounded), then removes the frame.
    return bridgeHooks(app.bridge, effects, (reason) => app.teardown(reason))
  },
}

export default adapter
