/**
 * Host port for `@modelcontextprotocol/ext-apps` 2.0.4: `AppBridge(null, hostInfo, caps)` +
 * `PostMessageTransport(iframe.contentWindow, iframe.contentWindow)`.
 */
import { AppBridge, PostMessageTransport, type McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge'
import { HOST_CAPABILITIES, HOST_CONTEXT, HOST_INFO, TOOL_INPUT, TOOL_RESULT, echoResult } from '../fixtures.js'
import type { HostPort } from '../ports.js'

export const hostPort: HostPort = {
  mount(iframe, onInitialized) {
    const bridge = new AppBridge(null, HOST_INFO, HOST_CAPABILITIES, {
      // The SDK's style type lists every variable as required (PROTOCOL.md 3.1, typing trap).
      hostContext: HOST_CONTEXT as unknown as McpUiHostContext,
    })
    // setHostContext takes the whole context and sends the keys that differ.
    let context: Record<string, unknown> = HOST_CONTEXT
    bridge.oncalltool = async (params) => echoResult(params.arguments)
    bridge.onmessage = async () => ({})
    bridge.onupdatemodelcontext = async () => ({})
    bridge.onsizechange = ({ height }) => {
      if (height !== undefined) iframe.style.height = `${height}px`
    }
    // The SDK does not hold messages until `initialized`: the host must wait for it itself.
    bridge.oninitialized = () => {
      void bridge.sendToolInput({ arguments: TOOL_INPUT })
      void bridge.sendToolResult(TOOL_RESULT)
      onInitialized()
    }
    const frame = iframe.contentWindow!
    void bridge.connect(new PostMessageTransport(frame, frame))
    return {
      update(key, value) {
        context = { ...context, [key]: value }
        bridge.setHostContext(context)
      },
      async teardown() {
        await bridge.teardownResource({})
        await bridge.close()
      },
    }
  },
}
