/**
 * The server that gives a view under test its relative assets: it serves the view's folder to the
 * view's opaque frame (`Origin: null`, or no Origin for an image), and to no other page's fetch.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { serveViewAssets } from '../../src/conformance/runtime/view-assets.js'

const work = mkdtempSync(join(tmpdir(), 'kit-assets-'))
mkdirSync(join(work, 'assets'))
writeFileSync(join(work, 'index.html'), '<!doctype html><script src="./assets/app.js"></script>')
writeFileSync(join(work, 'assets', 'app.js'), 'void 0')
const assets = await serveViewAssets(join(work, 'index.html'))
afterAll(async () => {
  await assets.close()
  rmSync(work, { recursive: true, force: true })
})

const get = (path: string, origin?: string) => fetch(assets.origin + path, { headers: origin ? { Origin: origin } : {} })

describe('serveViewAssets', () => {
  it("serves the view's folder to its opaque frame (Origin: null) and to requests without an Origin", async () => {
    expect(assets.base).toBe(`${assets.origin}/index.html`)
    const framed = await get('/assets/app.js', 'null')
    expect(framed.status).toBe(200)
    expect(framed.headers.get('access-control-allow-origin')).toBe('*')
    expect(await framed.text()).toBe('void 0')
    expect((await get('/assets/app.js')).status).toBe(200)
    expect((await get('/assets/missing.js', 'null')).status).toBe(404)
  })

  it("refuses a request that names another origin: no other page reads the user's folder through it", async () => {
    const other = await get('/assets/app.js', 'https://evil.example')
    expect(other.status).toBe(403)
    expect(await other.text()).toBe('')
  })
})

describe('serveViewAssets for a view given by URL', () => {
  it("proxies the view's origin only: a path naming another host (//host/x) is not fetched", async () => {
    const { createServer } = await import('node:http')
    const seen: string[] = []
    const upstream = createServer((request, response) => {
      seen.push(`${request.headers.host}${request.url}`)
      response.writeHead(200, { 'Content-Type': 'text/plain' }).end('upstream')
    })
    await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done))
    const port = (upstream.address() as { port: number }).port
    // The same server under another name: a host the proxy must not reach for the view.
    const proxy = await serveViewAssets(`http://127.0.0.1:${port}/index.html`)
    try {
      expect(await (await fetch(`${proxy.origin}/app.js`)).text()).toBe('upstream')
      expect((await fetch(`${proxy.origin}//localhost:${port}/secret`)).status).toBe(404)
      expect(seen).toEqual([`127.0.0.1:${port}/app.js`])
    } finally {
      await proxy.close()
      await new Promise((done) => upstream.close(done))
    }
  })
})
