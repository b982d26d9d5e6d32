/**
 * `npm run demo`: the demo host, its sandbox origin and an MCP server, with one command.
 *
 *     npm run demo                                   embedded example server
 *     npm run demo -- --server "<stdio command>"     any stdio MCP server instead
 *     npm run demo -- --screenshot demo.png          headless check: render every tool, save a PNG
 *     npm run demo -- --port 9000                    host on 127.0.0.1:9000, sandbox on localhost:9001
 */
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { buildApps } from '../examples/apps/build.js'
import { parseArgs, USAGE, UsageError, type DemoArgs } from './node/args.js'
import { createHostServer } from './node/host-server.js'
import { McpEndpoint } from './node/mcp-endpoint.js'
import { buildPageAssets } from './node/page-assets.js'
import { ensureLibraryBuilt } from './node/library-build.js'
import { createSandboxServer, PROXY_PATH } from './node/sandbox-server.js'
import { captureScreenshot } from './node/screenshot.js'
import { embeddedUpstream, stdioUpstream } from './node/upstream.js'

const DEFAULT_PORT = 8570

async function main(args: DemoArgs): Promise<void> {
  ensureLibraryBuilt((line) => console.log(line))
  // The example server reads its views from the built files; building takes well under a second.
  await buildApps()
  const assets = await buildPageAssets()
  const upstream = args.server ? stdioUpstream(args.server) : embeddedUpstream()
  const endpoint = new McpEndpoint(upstream)
  const fallback = args.port === undefined

  let proxyUrl = ''
  const host = createHostServer({ assets, endpoint, config: () => ({ server: { label: upstream.label, kind: upstream.kind }, proxyUrl }) })
  const hostPort = await listen(host, args.port ?? DEFAULT_PORT, fallback)
  const url = `http://127.0.0.1:${hostPort}/`
  // The proxy is served to this host page and no other.
  const sandbox = await createSandboxServer(`http://127.0.0.1:${hostPort}`)
  const stop = async () => {
    await endpoint.close()
    for (const server of [host, sandbox]) {
      server.closeAllConnections()
      server.close()
    }
  }
  process.once('SIGINT', () => void stop().then(() => process.exit(130)))
  process.once('SIGTERM', () => void stop().then(() => process.exit(143)))
  const sandboxPort = await listen(sandbox, args.port === undefined ? hostPort + 1 : args.port && args.port + 1, fallback).catch(async (error: unknown) => {
    await stop()
    throw error
  })
  proxyUrl = `http://localhost:${sandboxPort}${PROXY_PATH}`

  console.log(`
  mcp-app-bridge demo

  Host page   ${url}
  MCP server  ${upstream.kind === 'stdio' ? `stdio: ${upstream.label}` : upstream.label}
  Sandbox     ${proxyUrl} (views run behind this proxy, on its origin)
`)

  if (args.screenshot) {
    try {
      console.log('  Taking a screenshot in headless Chromium…')
      const file = await captureScreenshot(url, args.screenshot, (line) => console.log(line))
      console.log(`  Screenshot saved to ${file}\n`)
    } finally {
      await stop()
    }
    return
  }
  console.log('  Press Ctrl+C to stop.\n')
}

/**
 * Listens on loopback only. With `fallback`, a port that is taken is replaced by a free one (the
 * default port may be busy); a port the user asked for is not.
 */
function listen(server: Server, port: number, fallback: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const attempt = (candidate: number) => {
      server.once('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'EADDRINUSE' && candidate !== 0 && fallback) attempt(0)
        else reject(error.code === 'EADDRINUSE' ? new Error(`Port ${candidate} is in use: pick another with --port`) : error)
      })
      server.listen(candidate, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))
    }
    attempt(port)
  })
}

try {
  const args = parseArgs(process.argv.slice(2))
  if (args.help) console.log(USAGE)
  else await main(args)
} catch (error) {
  console.error(`\n  ${error instanceof Error ? error.message : String(error)}\n`)
  if (error instanceof UsageError) console.error(USAGE)
  process.exitCode = 1
}
