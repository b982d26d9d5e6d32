/**
 * The host origin (`http://127.0.0.1:<port>`): the demo page, its config and the MCP endpoint.
 *
 * Every request must name this exact host, and a cross-origin request must come from it: this
 * server can start processes (`--server`), so a web page elsewhere, or a DNS-rebound name that
 * resolves to loopback, must not be able to drive it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { McpEndpoint } from './mcp-endpoint.js'
import type { PageAssets } from './page-assets.js'

/** What the page learns about its environment from `/config.json`. */
export interface PageConfig {
  server: { label: string; kind: 'embedded' | 'stdio' }
  /** The sandbox proxy page on the second origin (`demo/node/sandbox-server.ts`). */
  proxyUrl: string
}

export interface HostServerOptions {
  assets: PageAssets
  endpoint: McpEndpoint
  config: () => PageConfig
}

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
}

export function createHostServer({ assets, endpoint, config }: HostServerOptions): Server {
  const server = createServer((req, res) => {
    void route(req, res).catch((error) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
      res.end(error instanceof Error ? error.message : String(error))
    })
  })

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const address = server.address()
    const origin = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : ''
    if (`http://${req.headers.host}` !== origin || (req.headers.origin !== undefined && req.headers.origin !== origin)) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end(`Forbidden: open ${origin}/`)
      return
    }
    const path = new URL(req.url ?? '/', origin).pathname
    if (path === '/mcp') return endpoint.handle(req, res)
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end()
      return
    }
    const file = {
      '/': [assets.html, 'text/html; charset=utf-8'],
      '/app.js': [assets.script, 'text/javascript; charset=utf-8'],
      '/app.css': [assets.style, 'text/css; charset=utf-8'],
      '/config.json': [JSON.stringify(config()), 'application/json'],
    }[path]
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
      return
    }
    res.writeHead(200, { 'content-type': file[1], ...SECURITY_HEADERS }).end(req.method === 'HEAD' ? undefined : file[0])
  }

  return server
}
