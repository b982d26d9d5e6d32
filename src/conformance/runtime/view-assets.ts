/**
 * A view's relative assets. The kit loads a view's HTML into an opaque `srcdoc` frame, where a
 * relative URL (`./app.js`, `/assets/index.css`) would resolve against the kit's own page and
 * fail. Given where the view came from, the kit serves that place on a loopback origin of its
 * own and gives the view a `<base href>` there:
 *
 * - a file: its folder, as is (so `/assets/x.js` in `dist/index.html` is `dist/assets/x.js`);
 * - an http(s) URL: its whole origin, proxied (so absolute paths work too).
 *
 * The server answers with `Access-Control-Allow-Origin: *`: an opaque frame's module scripts and
 * fonts are CORS requests from the origin `null`, which a development server usually refuses.
 * A request that names any other origin is refused (403): while the run lasts, no other page open
 * on the machine may read the user's folder, or the proxied origin, through it.
 */
import { existsSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { basename, dirname, resolve } from 'node:path'
import { closeAll, directoryContent, listen, type StaticContent } from './servers.js'

export interface ViewAssets {
  /** The asset server's origin: what the view's CSP must allow for resources and `<base>`. */
  origin: string
  /** The view's own address on the asset server: its `<base href>`. */
  base: string
  close(): Promise<void>
}

const isUrl = (location: string) => /^https?:\/\//i.test(location)

/** Serves what `location` (the view's HTML file, or the http(s) URL it was fetched from) refers to by relative URL. */
export async function serveViewAssets(location: string): Promise<ViewAssets> {
  let content: (path: string, query: string) => Promise<StaticContent | undefined>
  let page: string
  if (isUrl(location)) {
    const upstream = new URL(location)
    page = upstream.pathname + upstream.search
    content = async (path, query) => {
      const target = new URL(path + query, upstream.origin)
      // `//other.host/x` resolves to another host: the proxy serves the view's origin only, or it
      // would carry the view past its CSP to any server.
      if (target.origin !== upstream.origin) return undefined
      const response = await fetch(target).catch(() => undefined)
      if (!response?.ok) return undefined
      return { body: Buffer.from(await response.arrayBuffer()), type: response.headers.get('content-type') ?? 'application/octet-stream' }
    }
  } else {
    const file = resolve(location)
    if (!existsSync(file) || !statSync(file).isFile()) throw new Error(`No view file at ${file}: give the path of an HTML file or an http(s) URL`)
    const files = directoryContent(dirname(file))
    page = `/${encodeURIComponent(basename(file))}`
    content = async (path) => files(path)
  }
  const server = createServer((request, response) => {
    const headers = { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' }
    const refuse = (status: number) => void response.writeHead(status, { ...headers, 'Content-Type': 'text/plain' }).end()
    // The view's opaque frame sends `Origin: null` (or none, for an image or a classic script);
    // another page's fetch names its own origin.
    const origin = request.headers.origin
    if (origin !== undefined && origin !== 'null') return refuse(403)
    const url = request.url ?? '/'
    const at = url.includes('?') ? url.indexOf('?') : url.length
    content(url.slice(0, at), url.slice(at)).then(
      (found) => (found ? void response.writeHead(200, { ...headers, 'Content-Type': found.type }).end(found.body) : refuse(404)),
      // A file that cannot be read (permissions, removed meanwhile): not found, and the run goes on.
      () => refuse(404),
    )
  })
  const port = await listen(server)
  const origin = `http://127.0.0.1:${port}`
  return { origin, base: origin + page, close: () => closeAll([server]) }
}
