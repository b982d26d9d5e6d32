/**
 * The kit's local HTTP servers, all on loopback with random ports:
 *
 * - `host` (`http://127.0.0.1:<port>`): the page of the host under test (or the scripted host).
 * - `sandbox` (`http://localhost:<port>`): a second origin, for a host's sandbox proxy and for
 *   the attacker frames of the origin checks.
 * - `probe`: the target of the CSP checks, one server under two names: `http://localhost:<port>`
 *   is the origin a resource declares, `http://127.0.0.1:<port>` one it never declares, so a
 *   request that reached the server under the undeclared name proves the CSP let it through.
 *   CORS is open: only the CSP may refuse.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'

export interface StaticContent {
  body: string | Buffer
  type: string
}

export interface KitServer {
  /** `http://<name>:<port>`. */
  readonly origin: string
  readonly port: number
  /** Serves `path` exactly, or everything under it when it ends with `/`. A later route replaces an earlier one. */
  route(path: string, content: StaticContent | ((path: string) => StaticContent | undefined)): void
  url(path: string): string
}

export interface ProbeHit {
  path: string
  /** The Host header: which name (origin) the request used. */
  host: string
}

export interface KitServers {
  host: KitServer
  sandbox: KitServer
  /** The probe server under the name resources declare (`http://localhost:<port>`). */
  probeDeclared: string
  /** The probe server under a name nobody declares (`http://127.0.0.1:<port>`). */
  probeUndeclared: string
  /** Every request the probe server received. */
  readonly probeHits: ProbeHit[]
  close(): Promise<void>
}

export const html = (body: string): StaticContent => ({ body, type: 'text/html; charset=utf-8' })
export const javascript = (body: string): StaticContent => ({ body, type: 'text/javascript; charset=utf-8' })

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
}

/**
 * The files of the directory `root` (an absolute path), by URL path: `undefined` for what is
 * not a file under it (a path climbing out with `..` included) and for hidden files and folders
 * (`.env`, `.git/`): the folder may be the user's own, served on loopback while a run lasts.
 */
export function directoryContent(root: string): (path: string) => StaticContent | undefined {
  return (path) => {
    let decoded: string
    try {
      decoded = decodeURIComponent(path)
    } catch {
      return undefined
    }
    if (decoded.split(/[\\/]/).some((part) => part.startsWith('.'))) return undefined
    const file = normalize(join(root, decoded))
    if (!(file === root || file.startsWith(root.endsWith(sep) ? root : root + sep)) || !existsSync(file) || !statSync(file).isFile()) return undefined
    return { body: readFileSync(file), type: TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream' }
  }
}

export async function listen(server: Server): Promise<number> {
  // Views hold connections open (keep-alive); close() must not wait for them.
  server.keepAliveTimeout = 1_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  return (server.address() as AddressInfo).port
}

async function startStatic(hostname: string): Promise<KitServer & { server: Server }> {
  const exact = new Map<string, StaticContent | ((path: string) => StaticContent | undefined)>()
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!
    let route = exact.get(path)
    if (!route) for (const [prefix, candidate] of exact) if (prefix.endsWith('/') && path.startsWith(prefix)) route = candidate
    const content = typeof route === 'function' ? route(path) : route
    response.setHeader('Cache-Control', 'no-store')
    if (!content) return void response.writeHead(path === '/favicon.ico' ? 204 : 404, { 'Content-Type': 'text/plain' }).end()
    response.writeHead(200, { 'Content-Type': content.type }).end(content.body)
  })
  const port = await listen(server)
  const origin = `http://${hostname}:${port}`
  return { server, origin, port, route: (path, content) => void exact.set(path, content), url: (path) => origin + path }
}

export async function startKitServers(): Promise<KitServers> {
  const started: Server[] = []
  try {
    const host = await startStatic('127.0.0.1')
    started.push(host.server)
    const sandbox = await startStatic('localhost')
    started.push(sandbox.server)
    const probeHits: ProbeHit[] = []
    const probe = createServer((request, response) => {
      probeHits.push({ path: (request.url ?? '/').split('?')[0]!, host: request.headers.host ?? '' })
      response.writeHead(200, { 'Content-Type': 'text/plain', 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' }).end('probe')
    })
    const probePort = await listen(probe)
    started.push(probe)
    return {
      host,
      sandbox,
      probeDeclared: `http://localhost:${probePort}`,
      probeUndeclared: `http://127.0.0.1:${probePort}`,
      probeHits,
      close: () => closeAll(started),
    }
  } catch (error) {
    await closeAll(started)
    throw error
  }
}

export function closeAll(servers: Server[]): Promise<void> {
  return Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((resolve) => {
          server.close(() => resolve())
          server.closeAllConnections()
        }),
    ),
  ).then(() => undefined)
}
