/**
 * The local HTTP servers a browser test file starts for itself, all on loopback, random ports.
 *
 * - `host`: the chat UI's origin, `http://127.0.0.1:<port>`. Serves the test host pages, their
 *   bundles, the views' HTML (fetched by the host page, as a host fetches a `ui://` resource) and
 *   the MCP endpoint the host page's client talks to.
 * - `sandbox`: a second origin, `http://localhost:<port>`, serving the sandbox proxy page and
 *   nothing else (env.ts routes it to the library's Node helper). Anything else on the proxy's
 *   origin could script the proxy: a deployment gives it an origin of its own, and so do we.
 * - `foreign`: a third origin, `http://localhost:<port>`, for pages nobody trusts: a sibling frame
 *   that attacks the host, a foreign page that frames the host or the proxy.
 * - `declared`: a third server standing in for a domain a view declares in `_meta.ui.csp`. It is
 *   reachable under two names: `http://localhost:<port>` (the one declared) and
 *   `http://127.0.0.1:<port>` (never declared), so a CSP test can show the same server allowed
 *   under one origin and blocked under the other. CORS is open (`*`): only the CSP may refuse.
 *   It records every request, so "blocked" means "never reached the server".
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Hit {
  method: string
  path: string
  /** The Host header: tells which name (origin) the request used. */
  host: string
}

export type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => unknown

export interface TestServer {
  /** `http://<name>:<port>`. */
  readonly origin: string
  readonly port: number
  /** Every request received, oldest first. */
  readonly hits: Hit[]
  /** Serves `path` (exact) or every path under `prefix/` when `path` ends with `/*`. Replaces an earlier route. */
  route(path: string, handler: Handler | StaticContent): void
  url(path: string): string
}

export interface StaticContent {
  body: string | Buffer
  type: string
  headers?: Record<string, string>
}

export interface Servers {
  host: TestServer
  sandbox: TestServer
  foreign: TestServer
  /** The declared domain (`http://localhost:<port>`). */
  declared: TestServer
  /** The same server as `declared`, under a name no view declares (`http://127.0.0.1:<port>`). */
  undeclaredOrigin: string
  close(): Promise<void>
}

export const html = (body: string, headers?: Record<string, string>): StaticContent => ({ body, type: 'text/html; charset=utf-8', headers })
export const javascript = (body: string): StaticContent => ({ body, type: 'text/javascript; charset=utf-8' })
export const json = (value: unknown): StaticContent => ({ body: JSON.stringify(value), type: 'application/json' })

async function start(hostname: string, options: { cors?: boolean } = {}): Promise<TestServer & { server: Server }> {
  const exact = new Map<string, Handler | StaticContent>()
  const prefixes = new Map<string, Handler | StaticContent>()
  const hits: Hit[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = (request.url ?? '/').split('?')[0]!
      hits.push({ method: request.method ?? 'GET', path, host: request.headers.host ?? '' })
      response.setHeader('Cache-Control', 'no-store')
      if (options.cors) {
        response.setHeader('Access-Control-Allow-Origin', '*')
        response.setHeader('Access-Control-Allow-Headers', '*')
        if (request.method === 'OPTIONS') return void response.writeHead(204).end()
      }
      let handler = exact.get(path)
      if (!handler) for (const [prefix, candidate] of prefixes) if (path.startsWith(prefix)) handler = candidate
      if (!handler && path === '/favicon.ico') return void response.writeHead(204).end()
      if (!handler) return void response.writeHead(404, { 'Content-Type': 'text/plain' }).end(`No route for ${path}`)
      if (typeof handler !== 'function') {
        response.writeHead(200, { 'Content-Type': handler.type, ...handler.headers }).end(handler.body)
        return
      }
      Promise.resolve(handler(request, response, Buffer.concat(chunks).toString('utf8'))).catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain' })
        response.end(error instanceof Error ? error.message : String(error))
      })
    })
  })
  // Views hold connections open (keep-alive); close() must not wait for them.
  server.keepAliveTimeout = 1_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  const origin = `http://${hostname}:${port}`
  return {
    server,
    origin,
    port,
    hits,
    route(path, handler) {
      if (path.endsWith('/*')) prefixes.set(path.slice(0, -1), handler)
      else exact.set(path, handler)
    },
    url: (path) => origin + path,
  }
}

export async function startServers(): Promise<Servers> {
  const host = await start('127.0.0.1')
  const sandbox = await start('localhost')
  const foreign = await start('localhost')
  const declared = await start('localhost', { cors: true })
  declared.route('/data.json', json({ ok: true, from: 'declared server' }))
  return {
    host,
    sandbox,
    foreign,
    declared,
    undeclaredOrigin: `http://127.0.0.1:${declared.port}`,
    async close() {
      await Promise.all(
        [host, sandbox, foreign, declared].map(
          ({ server }) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve())
              server.closeAllConnections()
            }),
        ),
      )
    },
  }
}
