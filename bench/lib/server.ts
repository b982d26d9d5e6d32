/**
 * The host page's origin: a tiny HTTP server on 127.0.0.1 serving the host page, the host bundle
 * and the view bundles from memory.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface BenchServer {
  url: string
  close(): Promise<void>
}

export async function serve(files: Record<string, string>): Promise<BenchServer> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname
    const body = files[path]
    if (body === undefined) {
      response.writeHead(404).end()
      return
    }
    const type = path.endsWith('.js') ? 'text/javascript' : 'text/html'
    response.writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' }).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}
