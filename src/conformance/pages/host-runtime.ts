/**
 * The kit's runtime in the page of the host under test. It gives the adapter what `mount` needs
 * (a fresh container, the scripted server, the effects reporter), relays the driver's hook calls,
 * and reports each hook's outcome, each server call and each effect on the report channel.
 */
import { createScriptedServer } from '../scripted-server.js'
import type { HostAdapter, MountedHost } from '../adapter.js'
import { createReporter } from './reporter.js'
import { ADAPTER_GLOBAL, RUNTIME_GLOBAL, type HookOutcome, type HostRuntimeApi } from './contract.js'

const report = createReporter('runtime')
const added = new Set<unknown>()
let fromAdded = 0
// Installed before the adapter mounts anything, in the capture phase: counts what the attacker frames
// posted even when the host's own listener (correctly) ignores it.
window.addEventListener('message', (event) => void (added.has(event.source) && fromAdded++), { capture: true })

let mounted: MountedHost | undefined

const outcome = async (run: () => unknown): Promise<HookOutcome> => {
  try {
    await run()
    return { ok: true }
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) }
  }
}

const loaded = (): HostAdapter | undefined => (window as unknown as Record<string, { default?: HostAdapter } | undefined>)[ADAPTER_GLOBAL]?.default

const api: HostRuntimeApi = {
  mount: (config) =>
    outcome(async () => {
      const adapter = loaded()
      if (!adapter || typeof adapter.mount !== 'function') throw new Error('The adapter module has no default export with a mount() function')
      const container = document.createElement('div')
      container.id = 'mcp-conformance-container'
      document.body.append(container)
      mounted = await adapter.mount({
        container,
        resource: config.resource,
        capabilities: config.capabilities,
        hostContext: config.hostContext,
        sandboxOrigin: config.sandboxOrigin,
        adapterOptions: config.adapterOptions,
        server: createScriptedServer((call) => report.mark('server-call', call)),
        effects: { report: (kind, params) => report.mark('effect', { kind, params }) },
      })
    }),
  async hook(name, arg) {
    const result = await outcome(() => {
      if (!mounted) throw new Error('Nothing is mounted')
      return (mounted[name] as (arg: unknown) => unknown).call(mounted, arg)
    })
    report.mark('hook', { name, arg, ...result })
    return result
  },
  addFrame({ name, url, srcdoc, sandbox }) {
    const frame = document.createElement('iframe')
    frame.name = name
    if (sandbox !== undefined) frame.setAttribute('sandbox', sandbox)
    if (srcdoc !== undefined) frame.srcdoc = srcdoc
    else if (url !== undefined) frame.src = url
    frame.style.cssText = 'width:10px;height:10px;border:0'
    document.body.append(frame)
    added.add(frame.contentWindow)
  },
  fromAddedFrames: () => fromAdded,
  adapter() {
    const adapter = loaded()
    return adapter && { name: String(adapter.name ?? 'unnamed adapter'), notApplicable: { ...adapter.notApplicable } }
  },
}

;(window as unknown as Record<string, HostRuntimeApi>)[RUNTIME_GLOBAL] = api
