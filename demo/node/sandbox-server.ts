/**
 * The sandbox origin (`http://localhost:<port>`): a second origin for the double-iframe sandbox
 * proxy, so a view never shares the host page's origin (spec: host and proxy MUST differ).
 *
 * Placeholder for now: the library's proxy page and its Node helper are still being written,
 * and until then the page renders views in opaque `srcdoc` frames (see `demo/page/embed.ts`).
 * When the helper lands, serve its page from here and switch `embed.ts` to `mountApp` with
 * `sandbox: { proxyUrl: <this origin> }`.
 */
import { createServer, type Server } from 'node:http'

const PLACEHOLDER = `<!doctype html><meta charset="utf-8"><title>Sandbox origin</title>
<body style="font:14px system-ui;margin:2rem;color:#333">
<h1 style="font-size:16px">mcp-app-bridge demo: sandbox origin</h1>
<p>This origin is reserved for the sandbox proxy page. The demo currently renders views in opaque srcdoc frames.</p>`

export function createSandboxServer(): Server {
  return createServer((req, res) => {
    if (req.url !== '/' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
      return
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'x-content-type-options': 'nosniff' }).end(PLACEHOLDER)
  })
}
