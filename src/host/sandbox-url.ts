/**
 * The sandbox proxy's URL: what the host tells the proxy page, and the server that serves it,
 * before any message can flow.
 *
 * - `host`: the origin of the page that embeds the proxy. The page refuses to run unless it is
 *   really framed by that origin, the server refuses origins it was not configured for, and the
 *   server sends it as `frame-ancestors`.
 * - `csp`: the resource's declared (or granted) CSP domains as JSON, the form the reference host
 *   uses. The server rebuilds the policy with `buildCsp`, so whatever the URL says, only
 *   validated origins reach the header.
 * - `relax`: the named CSP relaxations the host turned on for this server, comma-separated.
 */
import { isObject, type CspRelaxations, type McpUiResourceCsp } from '../protocol/index.js'

const RELAXATIONS: ReadonlyArray<keyof CspRelaxations> = ['blobWorkers', 'dataScripts', 'blobMedia', 'webAssembly', 'unsafeEval', 'loopbackOrigins']

export interface SandboxUrlParams {
  /** The embedding page's origin (`location.origin` of the host). */
  hostOrigin: string
  /** The CSP domains the view may use. */
  csp?: McpUiResourceCsp
  /** Relaxations the host turned on for this server. */
  relax?: CspRelaxations
}

/** Adds the sandbox parameters to the proxy page's URL. */
export function buildSandboxUrl(proxyUrl: string | URL, params: SandboxUrlParams): URL {
  const url = new URL(proxyUrl)
  url.searchParams.set('host', params.hostOrigin)
  // Only what the host gives now: a `csp` or `relax` already in a configured URL would otherwise apply.
  for (const key of ['csp', 'relax']) url.searchParams.delete(key)
  if (params.csp) url.searchParams.set('csp', JSON.stringify(params.csp))
  const relax = RELAXATIONS.filter((key) => params.relax?.[key] === true)
  if (relax.length) url.searchParams.set('relax', relax.join(','))
  return url
}

/** Reads the sandbox parameters back; anything malformed is left out (the strict default applies). */
export function readSandboxUrl(url: string | URL): { hostOrigin: string | undefined; csp: McpUiResourceCsp | undefined; relax: CspRelaxations } {
  const search = new URL(url).searchParams
  let csp: unknown
  try {
    csp = JSON.parse(search.get('csp') ?? 'null')
  } catch {
    csp = undefined
  }
  const named = (search.get('relax') ?? '').split(',')
  const relax: CspRelaxations = {}
  for (const key of RELAXATIONS) if (named.includes(key)) relax[key] = true
  return { hostOrigin: search.get('host') ?? undefined, csp: isObject(csp) ? csp : undefined, relax }
}
