/**
 * What both adapters of our host share: handlers that accept the view's actions and report them
 * to the kit, and the kit's hooks mapped onto the bridge's own methods.
 */
import type { HostEffects, MountedHost } from 'mcp-app-bridge/conformance'
import type { HostBridge, HostHandlers } from 'mcp-app-bridge/host'

/** Accepts every action the host advertised, reports it, and grants display modes as asked. */
export function reportingHandlers(effects: HostEffects): HostHandlers {
  return {
    message: (params) => effects.report('message', params),
    openLink: ({ url }) => effects.report('openLink', { url }),
    downloadFile: (params) => effects.report('downloadFile', params),
    requestDisplayMode: ({ mode }) => mode,
    createSamplingMessage: (params) => {
      effects.report('sampling', params)
      return { role: 'assistant', content: { type: 'text', text: 'sampled' }, model: 'conformance' }
    },
  }
}

/** Reports the view's logs and model context, and plays the kit's hooks on `bridge`. */
export function bridgeHooks(bridge: HostBridge, effects: HostEffects, teardown: MountedHost['teardown']): MountedHost {
  bridge.on('log', (entry) => effects.report('log', entry))
  bridge.on('modelcontext', (context) => effects.report('modelContext', context))
  return {
    setHostContext: (change) => bridge.setHostContext(change),
    sendToolInputPartial: (args) => bridge.sendToolInputPartial(args),
    sendToolInput: (args) => bridge.sendToolInput(args),
    sendToolResult: (result) => bridge.sendToolResult(result),
    sendToolCancelled: (reason) => bridge.sendToolCancelled(reason),
    teardown,
  }
}
