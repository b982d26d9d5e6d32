/**
 * The sandbox origin (`http://localhost:<port>`): the library's sandbox proxy page, served by its
 * Node helper. Views run inside that page, never on the host page's origin (spec: host and proxy
 * MUST differ), so no view script can reach the host page's DOM, cookies or storage.
 *
 * This is all a host writes for it:
 *
 *     import { createSandboxHandler } from 'mcp-app-bridge/sandbox-server'
 *     createServer(createSandboxHandler({ hostOrigins: ['https://chat.example.com'] }))
 *
 * The helper answers every GET with the proxy page and the view's CSP as an HTTP header (a header,
 * unlike a `<meta>`, the page cannot remove), plus `frame-ancestors` for the host origin the URL
 * names, which must be one of `hostOrigins`: another web page gets a 403 instead of a proxy.
 */
import { createServer, type RequestListener, type Server } from 'node:http'

/** The page's path on the sandbox origin (the helper serves any path; this one says what it is). */
export const PROXY_PATH = '/sandbox-proxy.html'

/** The part of `mcp-app-bridge/sandbox-server` the demo uses. */
interface SandboxServerEntry {
  createSandboxHandler(options: { hostOrigins: readonly string[] }): RequestListener
}

/**
 * That entry is the one part of the library that exists only once built: its proxy page is
 * bundled by `npm run build` (`cli.ts` runs it when `dist/` is missing or stale). So it is loaded
 * at run time, through the package's own `exports`, exactly as an installed `mcp-app-bridge`
 * would be; a literal import would make `tsc` need `dist/` too.
 */
const SANDBOX_SERVER_ENTRY = 'mcp-app-bridge/sandbox-server'

/** The sandbox origin's server, serving the proxy to the host page at `hostOrigin` only. */
export async function createSandboxServer(hostOrigin: string): Promise<Server> {
  const { createSandboxHandler } = (await import(SANDBOX_SERVER_ENTRY)) as SandboxServerEntry
  return createServer(createSandboxHandler({ hostOrigins: [hostOrigin] }))
}
