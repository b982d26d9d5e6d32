/**
 * The frame the view runs in: sandboxed, unable to reach the host page, behind a proxy on
 * another origin (web hosts), with a CSP that lets through the declared domain and nothing else,
 * and no `ui/notifications/sandbox-*` traffic in either direction.
 *
 * The network checks request a probe server under two names (`probeDeclared`, declared in the
 * main session's resource, and `probeUndeclared`); "blocked" means the server never saw the request.
 */
import { SANDBOX_PREFIX, SANDBOX_PROXY_READY, SANDBOX_RESOURCE_READY } from '../../../protocol/index.js'
import type { NetworkOutcome, NetworkProbe } from '../../pages/contract.js'
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
  /** Frames in the page before and after the view posted sandbox-* messages. */
  spoof?: { before: number; after: number }
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

/** Minimal session (no CSP declared: the restrictive default). */
export async function probeDefaultNetwork(session: HostSession, target: ProbeTarget): Promise<SandboxObservation['minimal']> {
  const path = (name: string) => `/probe/${target.token}/minimal/${name}`
  const urls = { fetch: target.declared + path('fetch'), frame: target.declared + path('frame'), object: target.declared + path('object'), base: target.declared + path('base/') }
  return probeUrls(session, target, urls, { fetch: [urls.fetch], frame: [urls.frame], object: [urls.object], base: urls.base })
}

/** The view posts the messages reserved for the host's proxy: nothing may come of them. */
export async function probeSpoofedSandboxMessages(session: HostSession): Promise<SandboxObservation['spoof']> {
  const before = session.page.frames().length
  await session.notify(SANDBOX_PROXY_READY, {})
  await session.notify(SANDBOX_RESOURCE_READY, { html: '<!doctype html><title>spoofed</title><p>loaded by a view posing as the host</p>' })
  await session.settle()
  await session.page.waitForTimeout(300)
  return { before, after: session.page.frames().length }
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
  const blocked = (id: string, run: typeof main, name: string, what: string) => {
    if (!run) return notRun(id, 'the session of this probe')
    return run.hit[name] ? fail(id, `${what} reached the server: ${run.urls[name]}`) : pass(id, `${what} never reached the server (${run.urls[name]})`)
  }
  const declared = !main
    ? notRun('host-csp-declared-domains', 'the main session\'s network probe')
    : main.hit.declaredFetch && main.outcome.fetch[main.urls.declaredFetch!]?.startsWith('ok')
      ? pass('host-csp-declared-domains', `fetch of the declared ${main.urls.declaredFetch}: ${main.outcome.fetch[main.urls.declaredFetch!]}`)
      : fail('host-csp-declared-domains', `a fetch to the declared connect domain failed: ${main.urls.declaredFetch} → ${main.outcome.fetch[main.urls.declaredFetch!] ?? 'not attempted'}`)
  const base = !minimal?.outcome.base
    ? notRun('host-csp-base-uri', 'the minimal session\'s network probe')
    : judged('host-csp-base-uri', minimal.outcome.base.after === minimal.outcome.base.before ? [] : [`<base href> moved the document's base URL to ${minimal.outcome.base.after}`], [`base URL ${minimal.outcome.base.before} → ${minimal.outcome.base.after}`])
  return [
    declared,
    blocked('host-csp-default', minimal, 'fetch', 'without ui.csp, a fetch to another origin'),
    blocked('host-csp-no-undeclared', main, 'undeclaredImage', 'an image from an undeclared origin'),
    blocked('host-csp-blocks-connections', main, 'undeclaredFetch', 'a fetch to an undeclared origin'),
    blocked('host-csp-frame-src', minimal, 'frame', 'a nested frame from another origin'),
    base,
    blocked('host-csp-object-src', minimal, 'object', 'an <object> from another origin'),
  ]
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
  if (spoof && spoof.after > spoof.before) problems.push(`after the view posted sandbox-resource-ready, the page went from ${spoof.before} to ${spoof.after} frames`)
  if (problems.length) return fail(id, ...problems)
  return pass(
    id,
    'no ui/notifications/sandbox-* message reached the view',
    spoof ? `the view's own sandbox-proxy-ready and sandbox-resource-ready changed nothing (${spoof.before} frames before, ${spoof.after} after)` : 'the spoofing probe did not run',
  )
}
