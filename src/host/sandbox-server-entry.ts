/**
 * `mcp-app-bridge/sandbox-server`: serve the sandbox proxy page from Node with its CSP as an HTTP
 * header. The page itself is built into this module (and shipped as `sandbox-proxy.html` for
 * static hosting).
 */
import script from 'virtual:sandbox-proxy-script'
import { renderSandboxProxyPage } from './sandbox-proxy-page.js'
import * as server from './sandbox-server.js'
import type { SandboxServerOptions } from './sandbox-server.js'

/** The sandbox proxy page (self-contained HTML). */
export const SANDBOX_PROXY_HTML = renderSandboxProxyPage(script)

/** Options of the helpers below; `page` defaults to {@link SANDBOX_PROXY_HTML}. */
export type SandboxOptions = Omit<SandboxServerOptions, 'page'> & { page?: string }

const withPage = <T extends SandboxOptions>(options: T) => ({ ...options, page: options.page ?? SANDBOX_PROXY_HTML })

/** The response (status, headers, body) for a request to the proxy page; see `sandbox-server.ts`. */
export const sandboxResponse = (url: string | URL, options: SandboxOptions) => server.sandboxResponse(url, withPage(options))
/** A `node:http` (or Express/Connect) handler serving the proxy page. */
export const createSandboxHandler = (options: SandboxOptions) => server.createSandboxHandler(withPage(options))
/** Starts a development server for the proxy page on a loopback address. */
export const startSandboxServer = (options: SandboxOptions & { port?: number; host?: string }) => server.startSandboxServer(withPage(options))
export { buildSandboxUrl, readSandboxUrl, type SandboxUrlParams } from './sandbox-url.js'
export type { SandboxResponse, StartedSandboxServer } from './sandbox-server.js'
