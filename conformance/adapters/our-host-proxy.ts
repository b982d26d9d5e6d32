/**
 * Conformance adapter for mcp-app-bridge's host as a web host runs it: `mountApp` with the
 * sandbox proxy (`dist/sandbox-proxy.html`, served on the kit's sandbox origin with
 * `--sandbox-dir dist`). Here the frame, its CSP, the proxy and the sizing are the library's own,
 * so the sandbox requirements judge the library, not the adapter; the adapter only reports the
 * host's actions to the kit.
 */
import type { HostAdapter } from 'mcp-app-bridge/conformance'
import { mountApp } from 'mcp-app-bridge/host'

const adapter: HostAdapter = {
  name: 'mcp-app-bridge mountApp (sandbox proxy on another origin)',
  mount({ container, resource, capabilities, hostContext, server, effects, sandboxOrigin }) {
    const app = mountApp({
      container,
      sandbox: { proxyUrl: `${sandboxOrigin}/sandbox-proxy.html` },
      resource: { html: resource.html, uri: resource.uri, meta: resource.csp ? { csp: resource.csp } : {} },
      hostInfo: { name: 'mcp-app-bridge conformance adapter (proxy)', version: '0.1.0' },
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
    const { bridge } = app
    bridge.on('log', (entry) => effects.report('log', entry))
    bridge.on('modelcontext', (context) => effects.report('modelContext', context))
    return {
      setHostContext: (change) => bridge.setHostContext(change),
      sendToolInputPartial: (args) => bridge.sendToolInputPartial(args),
      sendToolInput: (args) => bridge.sendToolInput(args),
      sendToolResult: (result) => bridge.sendToolResult(result),
      sendToolCancelled: (reason) => bridge.sendToolCancelled(reason),
      // Sends ui/resource-teardown, waits for the answer (bounded), then removes the frame.
      teardown: (reason) => app.teardown(reason),
    }
  },
}

export default adapter
