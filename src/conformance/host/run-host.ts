/**
 * The host-under-test driver: loads the kit's scripted view into the host through its adapter,
 * in up to three sessions, plays a chat UI around it, and judges what the view saw.
 *
 * - **main**: the host is asked to advertise what views commonly use, offers three display modes
 *   and a flexible height; the resource declares one connect domain. The view holds back
 *   `initialized` while the kit delivers context and tool data early, then runs every probe.
 * - **minimal**: the host is asked to advertise nothing; the view receives a tool call that is
 *   cancelled, tries every gated request, probes the default CSP.
 * - **version**: handshake only; the view asks for an unknown protocol version. Kept apart so a
 *   host that refuses it still has every other check judged against an initialized view.
 *
 * A session's probes run only when its `ui/initialize` got a result; otherwise the verdicts
 * that needed them say the session was not reached, and why.
 */
import { randomUUID } from 'node:crypto'
import { INITIALIZED, type McpUiHostContext } from '../../protocol/index.js'
import { RUNTIME_GLOBAL, type HostRuntimeApi } from '../pages/contract.js'
import { assembleReport, type ConformanceReport } from '../report/report.js'
import { CATEGORIES, type Category } from '../requirements/index.js'
import { bundleAdapter, kitPageScript, kitVersion } from '../runtime/assets.js'
import type { ConformanceEnvironment } from '../runtime/environment.js'
import { html, javascript } from '../runtime/servers.js'
import { KIT_RESOURCE_URI } from '../scripted-server.js'
import { notReached, type Verdict } from '../verdict.js'
import { messageOf, resultOf } from '../wire.js'
import { whyNotReached } from './reached.js'
import { judgeActions, probeActions } from './checks/actions.js'
import { judgeCapabilities, probeGating, probeLoggingReported } from './checks/capabilities.js'
import { judgeContext, probeContext } from './checks/context.js'
import { judgeDisplayMode, probeDisplayMode } from './checks/display-mode.js'
import { judgeHandshake } from './checks/handshake.js'
import { judgeOrdering, playBeforeInitialized } from './checks/ordering.js'
import { judgeOrigin, probeOrigin } from './checks/origin.js'
import { judgeRpc, probeRpc } from './checks/rpc.js'
import { judgeSandbox, probeDefaultNetwork, probeFrame, probeMainNetwork, probeSpoofedSandboxMessages, type ProbeTarget } from './checks/sandbox.js'
import { judgeSize, probeSize } from './checks/size.js'
import { judgeTeardown, probeTeardown } from './checks/teardown.js'
import { judgeToolData, playMainToolData, playMinimalToolData } from './checks/tool-data.js'
import { judgeVisibility, probeVisibility } from './checks/visibility.js'
import type { HostRecord, SessionRecord } from './record.js'
import { HostSession, DELIVERY_TIMEOUT_MS, type SessionSetup } from './session.js'
import { hostPageHtml, mainViewConfig, MAIN_CAPABILITIES, minimalViewConfig, scriptedViewHtml, START_CONTEXT, versionViewConfig } from './setup.js'

export interface HostRunOptions {
  /** Path of the adapter module (TypeScript or JavaScript; bundled for the browser with esbuild). */
  adapter: string
  /** Run only these categories (default: all). */
  categories?: Category[]
  /** Passed to the adapter's `mount` as `adapterOptions`. */
  adapterOptions?: unknown
  /** Import specifiers to redirect when bundling the adapter (esbuild `alias`). */
  alias?: Record<string, string>
  /** A directory to serve on the sandbox origin (a host's sandbox proxy page). */
  sandboxDir?: string
}

const JUDGES: Record<Category, (record: HostRecord) => Verdict[]> = {
  handshake: judgeHandshake,
  ordering: judgeOrdering,
  'tool-data': judgeToolData,
  context: judgeContext,
  visibility: judgeVisibility,
  capabilities: judgeCapabilities,
  actions: judgeActions,
  'display-mode': judgeDisplayMode,
  size: judgeSize,
  teardown: judgeTeardown,
  rpc: judgeRpc,
  sandbox: judgeSandbox,
  origin: judgeOrigin,
}

/** Categories that need the minimal session. */
const MINIMAL: Category[] = ['tool-data', 'capabilities', 'sandbox', 'teardown']

export async function runHost(env: ConformanceEnvironment, options: HostRunOptions): Promise<ConformanceReport> {
  const startedAt = Date.now()
  const categories = options.categories?.length ? CATEGORIES.filter((category) => options.categories!.includes(category)) : [...CATEGORIES]
  const selected = (category: Category) => categories.includes(category)
  const token = randomUUID().slice(0, 8)
  const base = `/host/${token}`
  env.servers.host.route(`${base}/runtime.js`, javascript(kitPageScript('host-runtime')))
  env.servers.host.route(`${base}/adapter.js`, javascript(await bundleAdapter(options.adapter, { alias: options.alias })))
  env.servers.host.route(`${base}/index.html`, html(hostPageHtml(base)))
  if (options.sandboxDir) env.serveSandboxDir(options.sandboxDir)
  const target: ProbeTarget = { declared: env.servers.probeDeclared, undeclared: env.servers.probeUndeclared, hits: env.servers.probeHits, token }
  const setup = (name: string, view: SessionSetup['view'], mount: SessionSetup['mount']): SessionSetup => ({
    name,
    hostPageUrl: env.servers.host.url(`${base}/index.html`),
    view,
    mount,
    viewHtml: scriptedViewHtml(view),
    resourceUri: KIT_RESOURCE_URI,
  })
  const common = { hostContext: START_CONTEXT, sandboxOrigin: env.servers.sandbox.origin, adapterOptions: options.adapterOptions }

  const record = { teardown: { sessions: [] }, sandbox: {} } as unknown as HostRecord
  const main = await HostSession.open(env, setup('main', mainViewConfig(`${token}-main`), { ...common, capabilities: MAIN_CAPABILITIES, csp: { connectDomains: [target.declared] } }))
  const adapter = await main.page.evaluate((global) => (window as unknown as Record<string, HostRuntimeApi>)[global]!.adapter(), RUNTIME_GLOBAL).catch(() => undefined)
  let loggingReported: boolean | undefined
  try {
    const handshake = await main.handshake()
    const initial = (resultOf(handshake.response)?.hostContext ?? {}) as McpUiHostContext
    const advertised = (resultOf(handshake.response)?.hostCapabilities ?? {}) as Record<string, unknown>
    record.initialContext = initial
    let initializedSeq = Number.POSITIVE_INFINITY
    if (resultOf(handshake.response)) {
      record.ordering = await playBeforeInitialized(main)
      initializedSeq = await main.initialized()
      await playMainToolData(main)
      if (selected('context')) record.context = await probeContext(main, initial)
      if (selected('visibility')) record.visibility = await probeVisibility(main)
      if (selected('actions')) record.actions = await probeActions(main, advertised)
      if (selected('capabilities')) loggingReported = await probeLoggingReported(main, advertised)
      if (selected('rpc')) record.rpc = await probeRpc(main)
      if (selected('size')) record.size = await probeSize(main, initial)
      if (selected('display-mode')) record.displayMode = await probeDisplayMode(main, initial.displayMode)
      if (selected('origin')) record.origin = await probeOrigin(main, env.servers.sandbox.origin)
      if (selected('sandbox')) {
        record.sandbox!.frame = await probeFrame(main)
        record.sandbox!.main = await probeMainNetwork(main, target)
        record.sandbox!.spoof = await probeSpoofedSandboxMessages(main)
      }
      if (selected('teardown')) record.teardown!.sessions.push(await probeTeardown(main))
    }
    record.main = sessionRecord(main, handshake, initializedSeq)
  } finally {
    await main.close()
  }

  if (MINIMAL.some(selected)) {
    const minimal = await HostSession.open(env, setup('minimal', minimalViewConfig(`${token}-minimal`), { ...common, capabilities: {} }))
    try {
      const handshake = await minimal.handshake()
      const advertised = (resultOf(handshake.response)?.hostCapabilities ?? {}) as Record<string, unknown>
      const initialized = resultOf(handshake.response) !== undefined
      const sent = initialized
        ? await minimal.channel.waitFor((event) => event.source === 'view' && event.kind === 'out' && messageOf(event).method === INITIALIZED, DELIVERY_TIMEOUT_MS)
        : undefined
      if (initialized) {
        if (selected('tool-data')) await playMinimalToolData(minimal)
        if (selected('capabilities')) record.gating = await probeGating(minimal, advertised, loggingReported)
        if (selected('sandbox')) record.sandbox!.minimal = await probeDefaultNetwork(minimal, target)
        if (selected('teardown')) record.teardown!.sessions.push(await probeTeardown(minimal))
      }
      record.minimal = sessionRecord(minimal, handshake, sent?.seq ?? Number.POSITIVE_INFINITY)
    } finally {
      await minimal.close()
    }
  }

  if (selected('handshake')) {
    const version = await HostSession.open(env, setup('version', versionViewConfig(`${token}-version`), { ...common, capabilities: {} }))
    try {
      record.version = sessionRecord(version, await version.handshake(), Number.POSITIVE_INFINITY)
    } finally {
      await version.close()
    }
  }

  return assembleReport({
    subject: 'host',
    implementation: adapter?.name ?? options.adapter,
    version: kitVersion(),
    categories,
    verdicts: notReached(categories.flatMap((category) => JUDGES[category](record)), { main: whyNotReached(record.main), minimal: whyNotReached(record.minimal) }),
    declared: adapter?.notApplicable,
    startedAt,
  })
}

function sessionRecord(session: HostSession, handshake: Awaited<ReturnType<HostSession['handshake']>>, initializedSeq: number): SessionRecord {
  return {
    name: session.name,
    ...(!session.mounted.ok && { mountError: session.mounted.error }),
    view: session.channel.from('view'),
    runtime: session.channel.from('runtime'),
    errors: session.channel.from('page').map((event) => String(event.data)),
    initializeRequest: handshake.request,
    initializeResponse: handshake.response,
    initializedSeq,
    requestedVersion: session.setup.view.protocolVersion,
    viewDisplayModes: session.setup.view.appCapabilities.availableDisplayModes ?? [],
  }
}
