/**
 * The Content Security Policy and permissions policy of a view's frame (PROTOCOL.md A.9).
 *
 * Without `_meta.ui.csp` the view gets the spec's restrictive default. With it, the spec's
 * construction, where every declared entry must be an origin: `https://host[:port]` with at most
 * one leading `*.` label (under at least two more labels, never over an IP address's tail), and
 * `wss://` in `connectDomains`. Loopback hosts (the user's own machine), over any scheme and
 * `http://`/`ws://` too, only when the host turns on the `loopbackOrigins` relaxation (local
 * development). Keywords, bare schemes, `*`, quotes, `;`, whitespace and paths are dropped and
 * reported: a server can widen the policy only by the origins it names, never by injecting
 * directives. The result is never looser than the
 * default plus the declared origins, unless the host turns on a named relaxation for a server it
 * trusts.
 */
import type { McpUiResourceCsp, McpUiResourcePermissions } from './types.js'

/**
 * Relaxations a host may turn on per server it trusts; each is off by default, on only when set to
 * `true`, and one directive wide.
 */
export interface CspRelaxations {
  /** Adds `blob:` to the sources of workers (pdf.js and similar build workers from blobs). */
  blobWorkers?: boolean
  /**
   * Adds `data:` to `script-src` (pdf.js loads its worker's code from a `data:` script), not to
   * the sources of workers. Scripts the view writes inline are allowed anyway, so this admits no
   * code the view could not already run.
   */
  dataScripts?: boolean
  /** Adds `blob:` to `media-src` (audio or video the view builds from bytes it read, as a `blob:` URL). */
  blobMedia?: boolean
  /** Adds `'wasm-unsafe-eval'` to `script-src` (WebAssembly compilation). */
  webAssembly?: boolean
  /** Adds `'unsafe-eval'` to `script-src`. Dangerous: lets the view run strings as code. */
  unsafeEval?: boolean
  /**
   * Accepts origins on loopback hosts (`localhost` and `*.localhost`, `127.x.x.x`, `0.0.0.0`,
   * `[::1]`), over `http://` (and, for connecting, `ws://`) as well as `https://`/`wss://`. For a
   * server under local development. Off by default, whatever the scheme: a view that may reach
   * the user's own machine can talk to whatever listens there (local model servers, admin pages,
   * development servers with local certificates).
   */
  loopbackOrigins?: boolean
}

/** One declared entry the builder refused, and why. */
export interface DroppedCspEntry {
  list: keyof McpUiResourceCsp & string
  entry: unknown
  reason: string
}

export interface BuiltCsp {
  /** The policy, directives joined with `; `. */
  policy: string
  /** Declared entries that were not origins. A host should surface these (spec: SHOULD log). */
  dropped: DroppedCspEntry[]
  /** The origins actually granted, per list (what a host reports in `hostCapabilities.sandbox.csp`). */
  granted: Required<Pick<McpUiResourceCsp, 'connectDomains' | 'resourceDomains' | 'frameDomains' | 'baseUriDomains'>>
}

// Chromium resolves every `*.localhost` name to loopback, and `0.0.0.0` reaches local listeners.
const LOOPBACK = /^((.+\.)?localhost|127(\.\d{1,3}){3}|0\.0\.0\.0|\[::1\])$/
// Labels of 1 to 63 letters, digits and inner hyphens.
const HOST = /^(\*\.)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[::1\])$/

/**
 * Validates one declared CSP source. Returns the normalized origin (lowercase, no trailing
 * slash), or a reason it is refused. Loopback origins, whatever their scheme, pass only with
 * `allowLoopback` (the `loopbackOrigins` relaxation).
 */
export function checkCspOrigin(entry: unknown, forConnect = false, allowLoopback = false): { origin: string } | { reason: string } {
  if (typeof entry !== 'string') return { reason: 'not a string' }
  const match = /^([a-z]+):\/\/([^/:\s]+|\[[^\]]*\])(?::(\d{1,5}))?\/?$/i.exec(entry)
  if (!match) return { reason: 'not an origin (scheme://host[:port])' }
  // Digits are the same in lower case: the port too.
  const [, scheme, host, port] = match.map((part: string | undefined) => part?.toLowerCase()) as [string, string, string, string | undefined]
  if (!HOST.test(host)) return { reason: 'invalid host' }
  const wildcard = host.startsWith('*.')
  if (wildcard && host.split('.').length < 3) return { reason: 'wildcard must sit under at least two labels' }
  // CSP matches `*.` as a plain suffix, IP addresses too: `*.0.0.1` is 127.0.0.1, 10.0.0.1, ... (no TLD is numeric).
  if (wildcard && /\.\d+$/.test(host)) return { reason: 'wildcard over an IP address' }
  if (port && (+port < 1 || +port > 65535)) return { reason: 'invalid port' }
  // A wildcard under localhost is loopback too (`.+` takes the `*`); the other loopback hosts are IP
  // addresses (or `[::1]`), refused under a wildcard above.
  const loopback = LOOPBACK.test(host)
  const secure = scheme === 'https' || (forConnect && scheme === 'wss')
  if (loopback && !allowLoopback) return { reason: 'loopback: needs the loopbackOrigins relaxation' }
  const local = loopback && (scheme === 'http' || (forConnect && scheme === 'ws'))
  if (!secure && !local) return { reason: forConnect ? 'scheme must be https or wss (http/ws only for loopback)' : 'scheme must be https (http only for loopback)' }
  return { origin: `${scheme}://${host}${port === undefined ? '' : `:${port}`}` }
}

/** Builds the policy for a resource's declared `csp` (or the default without one). */
export function buildCsp(csp?: McpUiResourceCsp | null, relax: CspRelaxations = {}): BuiltCsp {
  // Only `true` turns a relaxation on, as in the sandbox URL (`'false'` from a JSON config does not).
  const on = (name: keyof CspRelaxations): boolean => relax[name] === true
  const dropped: DroppedCspEntry[] = []
  const origins = (list: DroppedCspEntry['list'], forConnect = false): string[] => {
    const declared = (csp as Record<string, unknown> | null | undefined)?.[list]
    if (declared === undefined) return []
    if (!Array.isArray(declared)) {
      dropped.push({ list, entry: declared, reason: 'not an array' })
      return []
    }
    // A Set: a hostile server's list of thousands of origins must not cost quadratic time on the host's page.
    const accepted = new Set<string>()
    for (const entry of declared) {
      const checked = checkCspOrigin(entry, forConnect, on('loopbackOrigins'))
      if ('origin' in checked) accepted.add(checked.origin)
      else dropped.push({ list, entry, ...checked })
    }
    return [...accepted]
  }
  const granted = {} as BuiltCsp['granted']
  for (const list of ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const) granted[list] = origins(list, list === 'connectDomains')
  const join = (...parts: string[]) => parts.filter(Boolean).join(' ')
  const extra = granted.resourceDomains.join(' ')
  const selfInline = "'self' 'unsafe-inline'"
  const script = join(selfInline, on('dataScripts') ? 'data:' : '', on('webAssembly') ? "'wasm-unsafe-eval'" : '', on('unsafeEval') ? "'unsafe-eval'" : '', extra)
  const directives = [
    "default-src 'none'",
    `script-src ${script}`,
    `style-src ${join(selfInline, extra)}`,
    `img-src ${join("'self' data:", extra)}`,
    `media-src ${join("'self' data:", on('blobMedia') ? 'blob:' : '', extra)}`,
    `font-src ${join("'self'", extra)}`,
    `connect-src ${join(...granted.connectDomains) || "'none'"}`,
    `frame-src ${join(...granted.frameDomains) || "'none'"}`,
    "object-src 'none'",
    `base-uri ${join(...granted.baseUriDomains) || "'self'"}`,
  ]
  // Workers load from what `script-src` gives without relaxations (its fallback for them), so that
  // `dataScripts` starts no `data:` workers and `blobWorkers` takes no source away while adding `blob:`.
  if (on('blobWorkers') || on('dataScripts')) directives.push(`worker-src ${join(selfInline, on('blobWorkers') ? 'blob:' : '', extra)}`)
  return {
    policy: directives.join('; '),
    dropped,
    granted,
  }
}

/** The four spec features, by their key in `_meta.ui.permissions`: the feature's name, but for `clipboardWrite`'s capital. */
const PERMISSION_KEYS: ReadonlyArray<keyof McpUiResourcePermissions & string> = ['camera', 'microphone', 'geolocation', 'clipboardWrite']

/**
 * The iframe `allow` attribute for the permissions a resource requests and the host grants
 * (`"camera; clipboard-write"`). Only the four spec features; anything else is ignored.
 * It must be set on every frame level (proxy and inner) for delegation to work.
 */
export function buildAllowAttribute(permissions?: McpUiResourcePermissions | null): string {
  if (!permissions || typeof permissions !== 'object') return ''
  return PERMISSION_KEYS.filter((key) => {
    const value = permissions[key]
    return typeof value === 'object' && value !== null
  })
    .join('; ')
    .replace('W', '-w')
}

/**
 * The spec's restrictive default, used when a resource declares no CSP: `default-src 'none'`,
 * scripts and styles from the document itself, images and media also from `data:`, no
 * connections, no frames, no plugins, `base-uri 'self'`. Built by {@link buildCsp} from an empty
 * declaration, so the two cannot drift apart.
 */
export const DEFAULT_CSP: string = /* @__PURE__ */ buildCsp().policy
