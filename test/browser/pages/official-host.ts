/**
 * Test host page on the official `AppBridge` (`@modelcontextprotocol/ext-apps@2.0.4`), configured
 * the way its documentation shows, with the same `window.testHost` as our host page.
 *
 * Two things the official bridge leaves to its caller are done here so the same scenario runs:
 * nothing is sent before `initialized` (the scenario waits for it), and `tools/call` is forwarded
 * through an `oncalltool` handler to the same Node-side MCP client our host uses.
 */
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge'
import type { McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge'
import { buildSandboxUrl } from '../../../src/host/index.js'
import { applySize, createOpaqueFrame, type ViewResource } from '../harness/frames.js'
import type { MountConfig, TestHostApi } from './contract.js'
import { hostBase } from './host-common.js'
import { remoteMcpClient } from './mcp-client.js'
import { plain } from './recorder.js'

let bridge: AppBridge | undefined
let iframe: HTMLIFrameElement | undefined
let context: McpUiHostContext = {}
let modelContext: unknown
const base = hostBase('official', () => iframe)
const record = base.record

const need = (): AppBridge => {
  if (!bridge) throw new Error('No view mounted')
  return bridge
}

const testHost: TestHostApi = {
  ...base.api,
  async mount(config: MountConfig) {
    const html = await (await fetch(config.viewUrl)).text()
    const policy = config.policy ?? {}
    context = config.hostContext as McpUiHostContext
    const resource: ViewResource = { html, meta: { csp: config.csp, permissions: config.permissions } }
    const container = document.getElementById('views')!
    const frame = (iframe = config.frameMode === 'proxy' ? createProxyFrame(container, config.proxyUrl!, resource) : createOpaqueFrame(container, resource))
    const host = (bridge = new AppBridge(null, { name: 'official AppBridge test host', version: '2.0.4' }, config.capabilities as never, { hostContext: context }))
    // Proxy mode, as the SDK documents it: the bridge is connected to the proxy's window before
    // the proxy can announce itself, and answers its ready with the resource.
    host.onsandboxready = () => void host.sendSandboxResourceReady({ html, csp: config.csp, permissions: config.permissions } as never)
    const client = config.mcpSession ? remoteMcpClient(config.mcpSession) : undefined
    host.oninitialized = () => record('initialized', { appInfo: host.getAppVersion(), appCapabilities: host.getAppCapabilities() })
    host.onsizechange = (size) => {
      record('sizechange', size)
      applySize(frame, size, context as never)
      const box = frame.getBoundingClientRect()
      record('resized', { height: box.height, width: box.width })
    }
    host.onmessage = async (params) => {
      record('message', params)
      return policy.message === 'deny' ? { isError: true } : {}
    }
    host.onopenlink = async ({ url }) => {
      record('openLink', { url })
      return policy.openLink === 'deny' ? { isError: true } : {}
    }
    host.onupdatemodelcontext = async (params) => {
      modelContext = params
      record('modelcontext', params)
      return {}
    }
    host.onloggingmessage = (entry) => record('log', entry)
    host.onrequestteardown = () => record('requestteardown')
    host.onrequestdisplaymode = async ({ mode }) => {
      const allowed = context.availableDisplayModes ?? []
      if (policy.displayMode === 'keep' || !allowed.includes(mode)) return { mode: context.displayMode ?? 'inline' }
      context = { ...context, displayMode: mode }
      host.setHostContext(context)
      frame.dataset.displayMode = mode
      record('displaymode', mode)
      return { mode }
    }
    host.oncalltool = async (params) => {
      record('callTool', params)
      if (!client) throw new Error('No MCP server behind this host')
      return client.call('callTool', params)
    }
    const transport = new PostMessageTransport(frame.contentWindow!, frame.contentWindow!)
    await host.connect(transport)
    const deliver = transport.onmessage
    transport.onmessage = (message, extra) => {
      base.count(message)
      deliver?.(message, extra)
    }
  },
  setHostContext(change) {
    context = { ...context, ...(change as McpUiHostContext) }
    need().setHostContext(context)
    if (change.displayMode) record('displaymode', change.displayMode)
  },
  toolInputPartial: (args) => void need().sendToolInputPartial({ arguments: args }),
  toolInput: (args) => void need().sendToolInput({ arguments: args }),
  toolResult: (result) => void need().sendToolResult(result as never),
  toolCancelled: (reason) => void need().sendToolCancelled({ reason }),
  async teardown(reason) {
    const host = need()
    let answered = true
    try {
      // The SDK's own hosts send `{}` (the spec has `{reason}`); do what they do.
      await host.teardownResource({}, { timeout: 5_000 })
    } catch (error) {
      answered = false
      record('warning', { code: 'TEARDOWN', message: String(error) })
    }
    await host.close()
    iframe?.remove()
    record('close', reason)
    record('teardown', { reason, answered })
  },
  modelContext: () => plain(modelContext),
  listenedFrames: () => {
    throw new Error('Only our host counts its message listeners')
  },
  removeFrame: () => void iframe?.remove(),
  moveFrame: () => {
    throw new Error('Only our host is tested moving its frame')
  },
}

/**
 * Our sandbox proxy page framed the way the official basic host frames its own: the spec's
 * `allow-scripts allow-same-origin`, the CSP domains in the URL (plus the host origin our proxy
 * checks its embedder against).
 */
function createProxyFrame(container: HTMLElement, proxyUrl: string, resource: ViewResource): HTMLIFrameElement {
  const frame = document.createElement('iframe')
  frame.setAttribute('sandbox', 'allow-scripts allow-same-origin')
  frame.style.cssText = 'display:block;border:0;width:100%;height:0'
  frame.src = String(buildSandboxUrl(proxyUrl, { hostOrigin: location.origin, csp: resource.meta?.csp }))
  container.append(frame)
  return frame
}

;(window as unknown as { testHost: TestHostApi }).testHost = testHost
