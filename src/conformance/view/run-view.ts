/**
 * The view-under-test driver: loads the view into the kit's scripted host and judges its side.
 *
 * - **main**: the host advertises what views commonly use, offers inline and fullscreen and a
 *   flexible height, answers `ui/initialize` after 400 ms (an early `initialized` shows) and
 *   answers display-mode requests with "inline", then once with "fullscreen".
 * - **minimal** (only for a view with a probe): the host advertises nothing and offers inline
 *   only; the view is asked to use every gated feature and to go fullscreen.
 */
import { randomUUID } from 'node:crypto'
import type { McpUiHostContext, McpUiResourceCsp } from '../../protocol/index.js'
import type { ScriptedHostConfig } from '../pages/contract.js'
import { assembleReport, type ConformanceReport } from '../report/report.js'
import { CATEGORIES, type Category } from '../requirements/index.js'
import { inlineScript, kitPageScript, kitVersion } from '../runtime/assets.js'
import type { ConformanceEnvironment } from '../runtime/environment.js'
import { html } from '../runtime/servers.js'
import { serveViewAssets, type ViewAssets } from '../runtime/view-assets.js'
import { MAIN_CAPABILITIES, START_CONTEXT } from '../host/setup.js'
import { notReached, type Verdict } from '../verdict.js'
import { judgeViewCapabilities, probeViewGating } from './checks/capabilities.js'
import { judgeViewContext, probeViewContext } from './checks/context.js'
import { judgeViewDisplayMode, probeViewDisplayMode, requestMode } from './checks/display-mode.js'
import { judgeViewHandshake } from './checks/handshake.js'
import { judgeViewOrigin, probeViewOrigin } from './checks/origin.js'
import { judgeViewRpc, probeViewRpc } from './checks/rpc.js'
import { judgeViewSandbox } from './checks/sandbox.js'
import { judgeViewSize, probeViewSize } from './checks/size.js'
import { judgeViewTeardown, probeViewTeardown } from './checks/teardown.js'
import { judgeViewPartials, probePartials } from './checks/tool-data.js'
import type { ViewRecord, ViewSessionRecord } from './record.js'
import { ViewSession } from './session.js'

export interface ViewRunOptions {
  /** The view under test: its complete HTML document. */
  html: string
  /** How reports name it (e.g. the file or URL it came from). */
  name?: string
  /** Run only these categories (default: all). */
  categories?: Category[]
  /** The resource's `_meta.ui.csp`; without it the view runs under the spec's restrictive default. */
  csp?: McpUiResourceCsp
  /**
   * Where the view came from, for its relative URLs (`./app.js`, `/assets/index.css`): the path of
   * its HTML file (its folder is served) or the http(s) URL it was fetched from (its origin is
   * proxied). The kit serves that on a loopback origin of its own, puts `<base href>` there first
   * in the document, and adds that origin to the CSP's `resourceDomains` and `baseUriDomains`
   * (not `connectDomains`: fetches follow `csp`). Without it, the view must be self-contained, as
   * a host delivers it: only the HTML.
   */
  base?: string
}

const JUDGES: Partial<Record<Category, (record: ViewRecord) => Verdict[]>> = {
  handshake: judgeViewHandshake,
  context: judgeViewContext,
  'tool-data': judgeViewPartials,
  'display-mode': judgeViewDisplayMode,
  capabilities: judgeViewCapabilities,
  size: judgeViewSize,
  teardown: judgeViewTeardown,
  rpc: judgeViewRpc,
  sandbox: judgeViewSandbox,
  origin: judgeViewOrigin,
}

const HOST_INFO = { name: 'mcp-app-bridge conformance host', version: '1.0.0' }
const VIEW_CONTEXT: McpUiHostContext = { ...START_CONTEXT, availableDisplayModes: ['inline', 'fullscreen'] }

export async function runView(env: ConformanceEnvironment, options: ViewRunOptions): Promise<ConformanceReport> {
  const categories = options.categories?.length ? CATEGORIES.filter((category) => options.categories!.includes(category) && JUDGES[category]) : CATEGORIES.filter((category) => JUDGES[category])
  if (!categories.length) throw new Error(`No view checks in the categories ${options.categories!.join(', ')} (view categories: ${CATEGORIES.filter((category) => JUDGES[category]).join(', ')})`)
  const assets = options.base === undefined ? undefined : await serveViewAssets(options.base)
  try {
    return await runViewSessions(env, options, categories, assets)
  } finally {
    await assets?.close()
  }
}

/** The resource's CSP with the asset server's origin allowed for resources and `<base>`. */
function withAssets(csp: McpUiResourceCsp | undefined, origin: string): McpUiResourceCsp {
  return {
    ...csp,
    resourceDomains: [...(Array.isArray(csp?.resourceDomains) ? csp.resourceDomains : []), origin],
    baseUriDomains: [...(Array.isArray(csp?.baseUriDomains) ? csp.baseUriDomains : []), origin],
  }
}

async function runViewSessions(env: ConformanceEnvironment, options: ViewRunOptions, categories: Category[], assets: ViewAssets | undefined): Promise<ConformanceReport> {
  const startedAt = Date.now()
  const selected = (category: Category) => categories.includes(category)
  const path = `/view/${randomUUID().slice(0, 8)}.html`
  env.servers.host.route(
    path,
    html(`<!doctype html><html><head><meta charset="utf-8"><title>mcp-app-bridge conformance: scripted host</title></head><body>${inlineScript(kitPageScript('scripted-host'))}</body></html>`),
  )
  const pageUrl = env.servers.host.url(path)
  const config = (name: string, overrides: Partial<ScriptedHostConfig>): ScriptedHostConfig => ({
    session: name,
    html: options.html,
    ...(assets ? { csp: withAssets(options.csp, assets.origin), base: assets.base } : options.csp && { csp: options.csp }),
    hostInfo: HOST_INFO,
    hostCapabilities: MAIN_CAPABILITIES,
    hostContext: VIEW_CONTEXT,
    initializeDelayMs: 400,
    displayModeAnswer: 'inline',
    ...overrides,
  })

  const record = {} as ViewRecord
  const main = await ViewSession.open(env, pageUrl, 'main', config('main', {}))
  try {
    const handshake = await main.handshake()
    const hasProbe = handshake.initialized !== undefined && (await main.hasProbe())
    if (handshake.initialized) {
      if (selected('rpc')) record.rpc = await probeViewRpc(main)
      if (selected('context')) record.context = await probeViewContext(main, hasProbe)
      if (selected('tool-data')) record.partials = await probePartials(main)
      if (selected('display-mode') && hasProbe) record.displayMode = await probeViewDisplayMode(main)
      if (selected('origin')) record.origin = await probeViewOrigin(main, env.servers.sandbox.origin, hasProbe)
      if (selected('size')) await probeViewSize(main, handshake.initialized)
      if (selected('teardown')) record.teardown = await probeViewTeardown(main)
    }
    record.main = sessionRecord(main, handshake, hasProbe)
  } finally {
    await main.close()
  }

  if (record.main.hasProbe && (selected('capabilities') || selected('display-mode'))) {
    const minimal = await ViewSession.open(env, pageUrl, 'minimal', config('minimal', { hostCapabilities: {}, hostContext: { ...VIEW_CONTEXT, availableDisplayModes: ['inline'] }, initializeDelayMs: 0 }))
    try {
      const handshake = await minimal.handshake()
      if (handshake.initialized) {
        if (selected('capabilities')) record.gating = await probeViewGating(minimal)
        if (selected('display-mode') && record.displayMode) record.displayMode.notOffered = await requestMode(minimal, 'fullscreen')
      }
      record.minimal = sessionRecord(minimal, handshake, true)
    } finally {
      await minimal.close()
    }
  }

  return assembleReport({
    subject: 'view',
    implementation: options.name ?? 'view under test',
    version: kitVersion(),
    categories,
    verdicts: notReached(
      categories.flatMap((category) => JUDGES[category]!(record)),
      { main: record.main.initialized ? undefined : 'the view never completed the handshake (see view-initialize-params, view-initialized-after-result)' },
    ),
    startedAt,
  })
}

function sessionRecord(session: ViewSession, handshake: Awaited<ReturnType<ViewSession['handshake']>>, hasProbe: boolean): ViewSessionRecord {
  return {
    name: session.name,
    log: session.log(),
    errors: session.errors(),
    consoleErrors: session.consoleErrors(),
    initializeRequest: handshake.request,
    initializeAnswer: handshake.answer,
    initialized: handshake.initialized,
    hasProbe,
  }
}
