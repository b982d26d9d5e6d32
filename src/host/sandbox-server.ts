/// <reference types="node" />
/**
 * Serving the sandbox proxy page from Node, with the view's CSP as an HTTP header.
 *
 * A header, unlike the `<meta>` the page also adds, cannot be removed by the document it governs,
 * covers the proxy page itself, and can say `frame-ancestors`: only the configured host origins may
 * frame the proxy. The policy is rebuilt here from the URL's `csp` and `relax` with `buildCsp`, so
 * a crafted URL can only ever yield a policy `buildCsp` would build; the `host` it names must be
 * one of `hostOrigins`, or the page is not served at all.
 *
 * `sandboxResponse` is framework-free (status, headers, body); `createSandboxHandler` adapts it to
 * `node:http` (and Express/Connect, which take the same function); `startSandboxServer` runs one.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { buildCsp } from '../protocol/csp.js'
import { readSandboxUrl } from './sandbox-url.js'

export interface SandboxServerOptions {
  /**
   * Exact origins of the host pages that may embed the proxy (`https://chat.example.com`). A
   * request naming any other host origin gets 403.
   */
  hostOrigins: readonly string[]
  /** The proxy page to serve (the entry `mcp-app-bridge/sandbox-server` fills in the built one). */
  page: string
  /**
   * Origins allowed to frame the host page itself, when the chat UI is embedded on purpose:
   * `frame-ancestors` checks every ancestor, not just the parent. Each must be an exact origin.
   */
  embedderOrigins?: readonly string[]
}

/** A response to send: status, headers and body. */
export interface SandboxResponse {
  status: number
  headers: Record<string, string>
  body: string
}

function checkOrigins(origins: readonly string[]): void {
  if (!Array.isArray(origins) || !origins.length) throw new TypeError('hostOrigins must list the host origins allowed to embed the proxy')
  for (const origin of origins) {
    let parsed: URL | undefined
    try {
      parsed = new URL(origin)
    } catch {
      parsed = undefined
    }
    if (!parsed || parsed.origin !== origin || !/^https?:$/.test(parsed.protocol)) throw new TypeError(`Not an http(s) origin: ${String(origin)}`)
  }
}

const refuse = (status: number, text: string, headers?: Record<string, string>): SandboxResponse => ({
  status,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'content-security-policy': "default-src 'none'; frame-ancestors 'none'", 'x-content-type-options': 'nosniff', ...headers },
  body: text,
})

/** The response for a request to the proxy page at `url` (a full URL or a path with its query). */
export function sandboxResponse(url: string | URL, options: SandboxServerOptions): SandboxResponse {
  checkOrigins(options.hostOrigins)
  const embedders = options.embedderOrigins ?? []
  if (embedders.length) checkOrigins(embedders)
  let parsed: URL
  try {
    parsed = new URL(url, 'http://sandbox.invalid')
  } catch {
    // A request target no URL parser takes (`//`, `http://%`): anyone can send one.
    return refuse(400, 'Bad request target.')
  }
  const { hostOrigin, csp, relax } = readSandboxUrl(parsed)
  if (!hostOrigin || !options.hostOrigins.includes(hostOrigin)) return refuse(403, 'This sandbox proxy does not serve that host origin.')
  return {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `${buildCsp(csp, relax).policy}; frame-ancestors ${[hostOrigin, ...embedders].join(' ')}`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    },
    body: options.page,
  }
}

/** A `node:http` request handler serving the proxy page (GET and HEAD, any path). */
export function createSandboxHandler(options: SandboxServerOptions): (request: IncomingMessage, response: ServerResponse) => void {
  // A misconfiguration fails here, at start-up, not on the first request.
  checkOrigins(options.hostOrigins)
  if (options.embedderOrigins?.length) checkOrigins(options.embedderOrigins)
  return (request, response) => {
    const method = request.method ?? 'GET'
    let answer: SandboxResponse
    try {
      answer = method === 'GET' || method === 'HEAD' ? sandboxResponse(request.url ?? '/', options) : refuse(405, 'Method not allowed', { allow: 'GET, HEAD' })
    } catch {
      // Nothing a request carries may throw out of the handler: in Node that ends the process.
      answer = refuse(400, 'Bad request.')
    }
    response.writeHead(answer.status, answer.headers)
    response.end(method === 'HEAD' ? undefined : answer.body)
  }
}

export interface StartedSandboxServer {
  /** The proxy page's URL (`http://localhost:<port>/sandbox-proxy.html`): pass it as `sandbox.proxyUrl`. */
  url: string
  /** Stops the server. */
  close(): Promise<void>
}

/**
 * Starts an HTTP server for the proxy page. For development and tests: it listens on `host`
 * (default `127.0.0.1`) and names itself `localhost`, so a host page on `127.0.0.1` gets a proxy
 * on another origin on the same machine. Use HTTPS and a dedicated domain in production.
 */
export function startSandboxServer(options: SandboxServerOptions & { port?: number; host?: string }): Promise<StartedSandboxServer> {
  const server = createServer(createSandboxHandler(options))
  const host = options.host ?? '127.0.0.1'
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      const { port } = server.address() as { port: number }
      const name = host === '127.0.0.1' || host === 'localhost' ? 'localhost' : host
      resolve({
        url: `http://${name}:${port}/sandbox-proxy.html`,
        close: () => new Promise((done) => server.close(() => done())),
      })
    })
  })
}
