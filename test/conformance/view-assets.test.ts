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
