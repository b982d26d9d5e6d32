/**
 * The frame the view runs in: sandboxed, unable to reach the host page, behind a proxy on
 * another origin (web hosts), with a CSP that lets through the declared domain and nothing else,
 * and no `ui/notifications/sandbox-*` traffic in either direction.
 *
 * The network checks request a probe server under two names (`probeDeclared`, declared in the
 * main session's resource, and `probeUndeclared`); "blocked" means the server never saw the request.
 */
import { PING, SANDBOX_PREFIX, SANDBOX_PROXY_READY, SANDBOX_RESOURCE_READY } from '../../../protocol/index.js'
import { VIEW_GLOBAL, type NetworkOutcome, type NetworkProbe } from '../../pages/contract.js'
import { brief, describeEvent, fail, judged, notApplicable, notRun, pass, type Verdict } from '../../verdict.js'
import { methodOf } from '../../wire.js'
import type { ProbeHit } from '../../runtime/servers.js'
import type { HostRecord } from '../record.js'
import type { HostSession } from '../session.js'

export interface ProbeTarget {
  declared: string
  undeclared: string
  hits: readonly ProbeHit[]
  /** Unique per run, so runs sharing a probe server cannot see each other's hits. */
  token: string
}

export interface FrameStructure {
  sandbox: string | null
  top: 'reachable' | 'blocked'
  /** Set when the view's frame sits inside another frame (a sandbox proxy). */
  proxy?: { origin: string; sandbox: string | null }
  hostOrigin: string
}

export interface SandboxObservation {
  frame?: FrameStructure
  /** Probe URL → whether the probe server saw it, plus what the view reported. */
  main?: { urls: Record<string, string>; hit: Record<string, boolean>; outcome: NetworkOutcome }
  minimal?: { urls: Record<string, string>; hit: Record<string, boolean>; outcome: NetworkOutcome }
  spoof?: SpoofObservation
}

/** What the view's own sandbox-* messages changed. */
export interface SpoofObservation {
  /** Frames in the page before and after. */
  before: number
  after: number
  /** The view's frame afterwards: a proxy that obeys the view may reload it (same frame count). */
  view: 'intact' | 'removed' | 'replaced'
  /** Whether the view's ping still got an answer afterwards (only tried when the view is intact). */
  pingAnswered: boolean
}

const wasHit = (target: ProbeTarget, url: string) => target.hits.some((hit) => url.endsWith(hit.path) && url.includes(hit.host))

export async function probeFrame(session: HostSession): Promise<FrameStructure | undefined> {
  const frame = await session.viewFrame()
  if (!frame) return undefined
  const element = await frame.frameElement()
  const parent = frame.parentFrame()
  const proxied = parent !== null && parent !== session.page.mainFrame()
  return {
    sandbox: await element.getAttribute('sandbox'),
    top: await session.callView('probeTop'),
    hostOrigin: new URL(session.page.url()).origin,
    // The proxy's real origin: a srcdoc proxy's URL says about:srcdoc whatever origin it has.
    ...(proxied && { proxy: { origin: await parent.evaluate(() => window.origin), sandbox: await (await parent.frameElement()).getAttribute('sandbox') } }),
  }
}

async function probeUrls(session: HostSession, target: ProbeTarget, urls: Record<string, string>, request: NetworkProbe) {
  const outcome = await session.callView('probeNetwork', request)
  // Frames and objects load asynchronously: give them time to (not) reach the server.
  await session.page.waitForTimeout(500)
  const hit = Object.fromEntries(Object.entries(urls).map(([name, url]) => [name, wasHit(target, url)]))
  return { urls, hit, outcome }
}

/** Main session (the resource declares `probeDeclared` as a connect domain). */
export async function probeMainNetwork(session: HostSession, target: ProbeTarget): Promise<SandboxObservation['main']> {
  const path = (name: string) => `/probe/${target.token}/main/${name}`
  const urls = { declaredFetch: target.declared + path('declared-fetch'), undeclaredFetch: target.undeclared + path('undeclared-fetch'), undeclaredImage: target.undeclared + path('undeclared-image') }
  return probeUrls(session, target, urls, { fetch: [urls.declaredFetch, urls.undeclaredFetch], image: [urls.undeclaredImage] })
}

/** What the restrictive default must keep from leaving the view (item 17), by probe name. */
export const DEFAULT_POLICY_PROBES = { fetch: 'a fetch', image: 'an image', script: 'a script', style: 'a stylesheet', font: 'a font', media: 'an audio file' } as const

/** Minimal session (no CSP declared: the restrictive default). */
export async function probeDefaultNetwork(session: HostSession, target: ProbeTarget): Promise<SandboxObservation['minimal']> {
  const url = (name: string) => `${target.declared}/probe/${target.token}/minimal/${name}`
  // One URL per kind of load, each requested by the probe of that name.
  const loads = Object.fromEntries([...Object.keys(DEFAULT_POLICY_PROBES), 'frame', 'object'].map((name) => [name, url(name)]))
  const urls = { ...loads, base: url('base/') }
  const request = { ...Object.fromEntries(Object.entries(loads).map(([name, address]) => [name, [address]])), base: urls.base } as NetworkProbe
  return probeUrls(session, target, urls, request)
}

/** The view posts the messages reserved for the host's proxy: nothing may come of them. */
export async function probeSpoofedSandboxMessages(session: HostSession): Promise<SpoofObservation> {
  const frame = await session.viewFrame()
  const before = session.page.frames().length
  await session.notify(SANDBOX_PROXY_READY, {})
  await session.notify(SANDBOX_RESOURCE_READY, { html: '<!doctype html><title>spoofed</title><p>loaded by a view posing as the host</p>' })
  await session.settle()
  await session.page.waitForTimeout(300)
  const after = session.page.frames().length
  // Replacing the view keeps the frame count: check that the scripted view itself is still there.
  const still = frame && !frame.isDetached() ? await frame.evaluate((global) => (window as unknown as Record<string, { session?: string } | undefined>)[global]?.session, VIEW_GLOBAL).catch(() => undefined) : undefined
  const view = !frame || frame.isDetached() ? 'removed' : still === session.setup.view.session ? 'intact' : 'replaced'
  const pingAnswered = view === 'intact' && (await session.request(PING, {}, 2_000)).response !== undefined
  return { before, after, view, pingAnswered }
}

export function judgeSandbox(record: HostRecord): Verdict[] {
  const observed = record.sandbox ?? {}
  return [...judgeFrame(observed.frame), ...judgeCsp(observed), judgeSandboxMessages(record)]
}

function judgeFrame(frame: FrameStructure | undefined): Verdict[] {
  const ids = ['host-sandboxed-frame', 'host-web-proxy', 'host-proxy-origin', 'host-proxy-sandbox-flags']
  if (!frame) return ids.map((id) => notApplicable(id, 'the scripted view never ran, so its frame could not be inspected'))
  const structure = `view frame sandbox=${brief(frame.sandbox)}; host page document ${frame.top} from the view`
  const problems = [
    ...(frame.sandbox === null ? ['the view\'s iframe has no sandbox attribute'] : []),
    ...(frame.top === 'reachable' ? ['the view can read the host page\'s document (window.top.document)'] : []),
  ]
  const noProxy = 'the view\'s frame is a direct child of the host page: there is no sandbox proxy'
  return [
    judged('host-sandboxed-frame', problems, [structure]),
    frame.proxy ? pass('host-web-proxy', `the view's frame sits in a frame of ${frame.proxy.origin}`) : fail('host-web-proxy', noProxy),
    frame.proxy
      ? judged('host-proxy-origin', frame.proxy.origin === frame.hostOrigin ? [`the proxy shares the host page's origin ${frame.hostOrigin}`] : [], [`host ${frame.hostOrigin}, proxy ${frame.proxy.origin}`])
      : notApplicable('host-proxy-origin', noProxy),
    frame.proxy
      ? judged(
          'host-proxy-sandbox-flags',
          ['allow-scripts', 'allow-same-origin'].filter((flag) => !(frame.proxy!.sandbox ?? '').split(/\s+/).includes(flag)).map((flag) => `the proxy frame lacks ${flag} (sandbox=${brief(frame.proxy!.sandbox)})`),
          [`proxy sandbox=${brief(frame.proxy.sandbox)}`],
        )
      : notApplicable('host-proxy-sandbox-flags', noProxy),
  ]
}

function judgeCsp(observed: SandboxObservation): Verdict[] {
  const { main, minimal } = observed
  const blocked = (id: string, session: 'main' | 'minimal', name: string, what: string) => {
    const run = observed[session]
    if (!run) return notRun(id, `the ${session} session's network probe`, session)
    return run.hit[name] ? fail(id, `${what} reached the server: ${run.urls[name]}`) : pass(id, `${what} never reached the server (${run.urls[name]})`)
  }
  const declared = !main
    ? notRun('host-csp-declared-domains', 'the main session\'s network probe')
    : main.hit.declaredFetch && main.outcome.fetch[main.urls.declaredFetch!]?.startsWith('ok')
      ? pass('host-csp-declared-domains', `fetch of the declared ${main.urls.declaredFetch}: ${main.outcome.fetch[main.urls.declaredFetch!]}`)
      : fail('host-csp-declared-domains', `a fetch to the declared connect domain failed: ${main.urls.declaredFetch} → ${main.outcome.fetch[main.urls.declaredFetch!] ?? 'not attempted'}`)
  const base = !minimal?.outcome.base
    ? notRun('host-csp-base-uri', 'the minimal session\'s network probe', 'minimal')
    : judged(
        'host-csp-base-uri',
        minimal.outcome.base.after === minimal.outcome.base.before ? [] : [`<base href="${minimal.urls.base}"> moved the document's base URL to ${minimal.outcome.base.after}`],
        [`<base href="${minimal.urls.base}"> (another origin) left the document's base URL at ${minimal.outcome.base.before}`],
      )
  return [
    declared,
    judgeDefaultPolicy(minimal),
    blocked('host-csp-no-undeclared', 'main', 'undeclaredImage', 'an image from an undeclared origin'),
    blocked('host-csp-blocks-connections', 'main', 'undeclaredFetch', 'a fetch to an undeclared origin'),
    blocked('host-csp-frame-src', 'minimal', 'frame', 'a nested frame from another origin'),
    base,
    blocked('host-csp-object-src', 'minimal', 'object', 'an <object> from another origin'),
  ]
}

/** Without ui.csp nothing may load from another origin: connections, images, scripts, styles, fonts, media. */
function judgeDefaultPolicy(minimal: SandboxObservation['minimal']): Verdict {
  const id = 'host-csp-default'
  if (!minimal) return notRun(id, 'the minimal session\'s network probe', 'minimal')
  const names = Object.keys(DEFAULT_POLICY_PROBES) as Array<keyof typeof DEFAULT_POLICY_PROBES>
  const problems = names.filter((name) => minimal.hit[name]).map((name) => `without ui.csp, ${DEFAULT_POLICY_PROBES[name]} from another origin reached the server: ${minimal.urls[name]}`)
  return judged(id, problems, [`without ui.csp, none of ${names.map((name) => DEFAULT_POLICY_PROBES[name]).join(', ')} from another origin reached the server`])
}

function judgeSandboxMessages(record: HostRecord): Verdict {
  const id = 'host-sandbox-messages-filtered'
  const problems: string[] = []
  for (const session of [record.main, record.minimal]) {
    for (const event of session?.view ?? []) {
      if (event.kind === 'in' && methodOf(event)?.startsWith(SANDBOX_PREFIX)) problems.push(`${session!.name}: reached the view: ${describeEvent(event)}`)
    }
  }
  const spoof = record.sandbox?.spoof
  if (spoof) {
    const posted = 'after the view posted sandbox-proxy-ready and sandbox-resource-ready'
    if (spoof.after > spoof.before) problems.push(`${posted}, the page went from ${spoof.before} to ${spoof.after} frames`)
    if (spoof.view !== 'intact') problems.push(`${posted}, the view's frame was ${spoof.view === 'removed' ? 'removed' : 'loaded with another document'}`)
    else if (!spoof.pingAnswered) problems.push(`${posted}, the view's ping got no answer: it was cut off from the host`)
  }
  if (problems.length) return fail(id, ...problems)
  return pass(
    id,
    'no ui/notifications/sandbox-* message reached the view',
    spoof ? `the view's own sandbox-proxy-ready and sandbox-resource-ready changed nothing (${spoof.before} frames before, ${spoof.after} after; the view intact and answered)` : 'the spoofing probe did not run',
  )
}
