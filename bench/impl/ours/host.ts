/**
 * Host port for mcp-app-bridge: `HostBridge` on the frame's window with `targetOrigin: 'null'`
 * (an opaque `sandbox="allow-scripts"` srcdoc frame).
 *
 * The host's rate limits and concurrent-call cap are raised to the benchmark's load: the
 * defaults (20 calls/s, 16 in flight) are a policy against hostile views and would refuse most of
 * the 5,000 calls; the benchmark measures the bridge's machinery, not that policy.
 */
import { HostBridge } from '../../../src/host/index.js'
import { ECHO_TOOL, HOST_CAPABILITIES, HOST_CONTEXT, HOST_INFO, TOOL_INPUT, TOOL_RESULT, echoResult } from '../fixtures.js'
import type { HostPort } from '../ports.js'

const unlimited = { burst: 1e9, perSecond: 1e9 }

export const hostPort: HostPort = {
  mount(iframe, onInitialized) {
    const bridge = new HostBridge({
      hostInfo: HOST_INFO,
      capabilities: HOST_CAPABILITIES,
      hostContext: HOST_CONTEXT,
      target: iframe.contentWindow!,
      targetOrigin: 'null',
      tools: [ECHO_TOOL],
      handlers: {
        callTool: (params) => echoResult(params.arguments),
        message: () => {},
        updateModelContext: () => {},
      },
      rateLimits: { calls: unlimited, actions: unlimited, context: unlimited },
      maxConcurrentCalls: 1_000,
    })
    bridge.on('initialized', onInitialized)
    bridge.on('sizechange', ({ height }) => {
      if (height !== undefined) iframe.style.height = `${height}px`
    })
    // Held by the bridge until the view is initialized (PROTOCOL.md A.2).
    bridge.sendToolInput(TOOL_INPUT)
    bridge.sendToolResult(TOOL_RESULT)
    return {
      update: (key, value) => bridge.setHostContext({ [key]: value }),
      teardown: () => bridge.teardown(),
    }
  },
}
