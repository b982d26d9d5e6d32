import { connect } from 'node:net'
import { describe, expect, it, vi } from 'vitest'
import { createSandboxHandler, sandboxResponse, startSandboxServer } from '../../src/host/sandbox-server.js'
import { buildSandboxUrl } from '../../src/host/sandbox-url.js'
import { DEFAULT_CSP } from '../../src/host/index.js'

vi.mock('virtual:sandbox-proxy-script', () => ({ default: 'console.log("proxy")</script><script>alert(1)' }))

const HOST = 'https://chat.example'
const options = { hostOrigins: [HOST, 'http://127.0.0.1:5173'], page: '<!doctype html><p>proxy</p>' }
const url = (params: Parameters<typeof buildSandboxUrl>[1]) => buildSandboxUrl('https://sandbox.example/sandbox-proxy.html', params)

describe('sandboxResponse', () => {
  it('serves the page with the view\'s CSP and frame-ancestors for the host', () => {
    const response = sandboxResponse(url({ hostOrigin: HOST, csp: { connectDomains: ['https://api.example.com'] } }), options)
    expect(response.status).toBe(200)
    expect(response.body).toBe(options.page)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['content-security-policy']).toBe(`${DEFAULT_CSP.replace("connect-src 'none'", 'connect-src https://api.example.com')}; frame-ancestors ${HOST}`)
  })

  it('lets listed embedders of the host page frame the proxy too, and refuses a non-origin among them', () => {
    const response = sandboxResponse(url({ hostOrigin: HOST }), { ...options, embedderOrigins: ['https://portal.example'] })
    expect(response.headers['content-security-policy']).toBe(`${DEFAULT_CSP}; frame-ancestors ${HOST} https://portal.example`)
    expect(() => sandboxResponse(url({ hostOrigin: HOST }), { ...options, embedderOrigins: ["'self' *"] })).toThrow(TypeError)
  })

  it('rebuilds the policy, so hostile URL entries never reach the header', () => {
    const hostile = ['*', "'unsafe-eval'", 'https:', 'a.com; script-src *', "https://x.example; script-src 'unsafe-eval'"]
    const response = sandboxResponse(url({ hostOrigin: HOST, csp: { resourceDomains: hostile, connectDomains: hostile, frameDomains: hostile, baseUriDomains: hostile } }), options)
    expect(response.headers['content-security-policy']).toBe(`${DEFAULT_CSP}; frame-ancestors ${HOST}`)
    const raw = `/sandbox-proxy.html?host=${encodeURIComponent(HOST)}&csp=${encodeURIComponent('{"connectDomains":"*"}')}&relax=everything`
    expect(sandboxResponse(raw, options).headers['content-security-policy']).toBe(`${DEFAULT_CSP}; frame-ancestors ${HOST}`)
  })

  it('applies the named relaxations only', () => {
    const policy = sandboxResponse(url({ hostOrigin: HOST, relax: { blobWorkers: true, webAssembly: true } }), options).headers['content-security-policy']
    expect(policy).toContain("script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval';")
    expect(policy).toContain("worker-src 'self' 'unsafe-inline' blob:")
    expect(policy).not.toContain("'unsafe-eval'")
  })

  it('refuses host origins it was not configured for', () => {
    for (const hostOrigin of ['https://evil.example', 'https://chat.example.evil.example', 'null', '*', `${HOST}/`]) {
      const response = sandboxResponse(url({ hostOrigin }), options)
      expect(response.status, hostOrigin).toBe(403)
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'")
      expect(response.body).not.toBe(options.page)
    }
    expect(sandboxResponse('/sandbox-proxy.html', options).status).toBe(403)
  })

  it('refuses a configuration that is not a list of http(s) origins', () => {
    for (const hostOrigins of [[], ['*'], ['https://chat.example/path'], ['null'], ['javascript:alert(1)'], ['ws://chat.example'], ['wss://chat.example']]) {
      expect(() => createSandboxHandler({ ...options, hostOrigins }), JSON.stringify(hostOrigins)).toThrow(TypeError)
    }
  })
})

describe('over HTTP', () => {
  it('serves GET and HEAD and refuses other methods', async () => {
    const server = await startSandboxServer(options)
    try {
      expect(server.url).toMatch(/^http:\/\/localhost:\d+\/sandbox-proxy\.html$/)
      const address = server.url.replace('localhost', '127.0.0.1')
      const page = await fetch(`${address}?host=${encodeURIComponent(HOST)}`)
      expect(page.status).toBe(200)
      expect(page.headers.get('content-security-policy')).toBe(`${DEFAULT_CSP}; frame-ancestors ${HOST}`)
      expect(await page.text()).toBe(options.page)
      const head = await fetch(`${address}?host=${encodeURIComponent(HOST)}`, { method: 'HEAD' })
      expect(head.status).toBe(200)
      expect(await head.text()).toBe('')
      const post = await fetch(address, { method: 'POST', body: 'x' })
      expect(post.status).toBe(405)
      expect(post.headers.get('allow')).toBe('GET, HEAD')
      expect((await fetch(`${address}?host=${encodeURIComponent('https://evil.example')}`)).status).toBe(403)
    } finally {
      await server.close()
    }
  })

  it('answers 400 to a request target no URL parser takes, and keeps serving (one such request used to end the process)', async () => {
    expect(sandboxResponse('//', options).status).toBe(400)
    const server = await startSandboxServer(options)
    try {
      const { port } = new URL(server.url)
      for (const target of ['//', '//[', 'http://%']) {
        const raw = await new Promise<string>((resolve, reject) => {
          const socket = connect(Number(port), '127.0.0.1')
          let text = ''
          socket.on('data', (chunk) => (text += chunk))
          socket.on('end', () => resolve(text))
          socket.on('error', reject)
          socket.end(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`)
        })
        expect(raw.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request')
      }
      expect((await fetch(`${server.url.replace('localhost', '127.0.0.1')}?host=${encodeURIComponent(HOST)}`)).status).toBe(200)
    } finally {
      await server.close()
    }
  })

  it('refuses a misconfigured embedder list when the handler is made, not on its first request', () => {
    expect(() => createSandboxHandler({ ...options, embedderOrigins: ['not an origin'] })).toThrow()
  })
})

describe('the published entry', () => {
  it('serves the built page by default, with its script unable to close the element early', async () => {
    const entry = await import('../../src/host/sandbox-server-entry.js')
    expect(entry.SANDBOX_PROXY_HTML.startsWith('<!doctype html>')).toBe(true)
    expect(entry.SANDBOX_PROXY_HTML).toContain('console.log("proxy")<\\/script><script>alert(1)')
    expect(entry.SANDBOX_PROXY_HTML.match(/<\/script>/g)).toHaveLength(1)
    expect(entry.sandboxResponse(`/?host=${encodeURIComponent(HOST)}`, { hostOrigins: [HOST] }).body).toBe(entry.SANDBOX_PROXY_HTML)
  })
})
