/**
 * Test host page on our `mountApp` (through `harness/frames.ts`), in either frame mode. Exposes
 * `window.testHost`.
 */
import { listenedFrames, type MountedApp } from '../../../src/host/index.js'
import { mountView } from '../harness/frames.js'
import type { MountConfig, TestHostApi } from './contract.js'
import { hostBase } from './host-common.js'
import { remoteMcpClient } from './mcp-client.js'
import { plain } from './recorder.js'

let mounted: MountedApp | undefined
const base = hostBase('ours', () => mounted?.iframe)
const record = base.record

const need = (): MountedApp => {
  if (!mounted) throw new Error('No view mounted')
  return mounted
}

const testHost: TestHostApi = {
  ...base.api,
  async mount(config: MountConfig) {
    const html = await (await fetch(config.viewUrl)).text()
    const container = document.getElementById('views')!
    const policy = config.policy ?? {}
    const client = config.mcpSession ? remoteMcpClient(config.mcpSession) : undefined
    const proxyUrl = config.proxyUrl!
    mounted = withCode(() => mountView({
      container,
      resource: { html, meta: { csp: config.csp, permissions: config.permissions } },
      cspRelaxations: config.cspRelaxations,
      sandbox: config.frameMode === 'proxy' ? { proxyUrl: config.proxyUrlPerResource ? () => proxyUrl : proxyUrl } : 'srcdoc',
      // The tests drive tool data themselves (toolInput/toolResult below).
      hostInfo: { name: 'mcp-app-bridge test host', version: '1.0.0' },
      capabilities: config.capabilities,
      hostContext: config.hostContext,
      title: config.title,
      hideUntilInitializedMs: config.hideUntilInitializedMs,
      size: config.size,
      client,
      ...(config.bridgeOptions as object),
      handlers: {
        message: (params) => {
          record('message', params)
          return policy.message === 'deny' ? { isError: true } : undefined
        },
        openLink: ({ url }) => {
          record('openLink', { url })
          return policy.openLink === 'deny' ? { isError: true } : undefined
        },
        updateModelContext: () => {},
        requestDisplayMode: ({ mode }) => (policy.displayMode === 'keep' ? (need().bridge.hostContext.displayMode ?? 'inline') : mode),
        callTool: (params, context) => {
          record('callTool', params)
          // Aborted when the host drops the call unanswered (its view closed or was re-created).
          context.signal.addEventListener('abort', () => {
            const { code, message } = context.signal.reason as { code?: string; message?: string }
            record('callToolAborted', { name: params.name, code, message })
          })
          return context.forward()
        },
      },
    }))
    const { bridge, iframe } = mounted
    mounted.ready.then(
      () => record('ready'),
      (error: { code?: string; message?: string }) => record('error', { code: error?.code, message: String(error?.message ?? error) }),
    )
    if (config.beforeInitialized) {
      const initializedBefore = bridge.initialized
      for (const { call, arg } of config.beforeInitialized) (testHost[call] as (arg: unknown) => void)(arg)
      record('early', { initializedBefore, calls: config.beforeInitialized.length })
    }
    bridge.on('initialized', (app) => record('initialized', app))
    bridge.on('sizechange', (size) => {
      record('sizechange', size)
      // mountApp resized the frame in its own listener, registered first.
      record('resized', { height: iframe.getBoundingClientRect().height, width: iframe.getBoundingClientRect().width })
    })
    bridge.on('modelcontext', (context) => record('modelcontext', context))
    bridge.on('log', (entry) => record('log', entry))
    bridge.on('displaymodechange', (mode) => record('displaymode', mode))
    bridge.on('requestteardown', () => record('requestteardown'))
    bridge.on('warning', (warning) => record('warning', { code: warning.code, message: warning.message }))
    bridge.on('close', (reason) => record('close', reason))
    bridge.on('traffic', (direction, message) => direction === 'in' && base.count(message))
  },
  setHostContext: (change) => withCode(() => need().bridge.setHostContext(change)),
  toolInputPartial: (args) => withCode(() => need().bridge.sendToolInputPartial(args)),
  toolInput: (args) => withCode(() => need().bridge.sendToolInput(args)),
  toolResult: (result) => withCode(() => need().bridge.sendToolResult(result)),
  toolCancelled: (reason) => withCode(() => need().bridge.sendToolCancelled(reason)),
  async teardown(reason) {
    const before = base.api.events.length
    await need().teardown(reason)
    // HostBridge.teardown never rejects: a view that fails or stalls is reported as a warning.
    const failed = base.api.events.slice(before).some((event) => event.kind === 'warning' && String((event.data as { message?: string }).message).startsWith('Teardown'))
    record('teardown', { reason, answered: !failed })
  },
  modelContext: () => plain(mounted?.bridge.modelContext),
  listenedFrames: () => listenedFrames(window),
  removeFrame() {
    need().iframe.remove()
  },
  moveFrame(withMoveBefore) {
    const { iframe } = need()
    const parent = iframe.parentElement as HTMLElement & { moveBefore(node: Node, child: Node | null): void }
    if (withMoveBefore) parent.moveBefore(iframe, null)
    else parent.appendChild(iframe)
  },
}

/** Runs a library call; a refusal crosses `page.evaluate` as `<code>: <message>` (tests branch on the code). */
function withCode<T>(call: () => T): T {
  try {
    return call()
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string }
    throw new Error(`${code}: ${message}`)
  }
}

;(window as unknown as { testHost: TestHostApi }).testHost = testHost
