/**
 * The compatibility layers' size budgets (issue 10: each ≤ 2 KB gzip) and their opt-in promise:
 * the core entries carry none of their code.
 *
 * Each layer is measured as what it adds to the bundle an app or host already ships: the MCP-UI
 * layer on top of `mcp-app-bridge/host`, the `window.openai` shim on top of the view bridge it
 * stands on. Minified with esbuild, gzip level 9, as `test/host/size.test.ts` measures the host.
 * The shim's script-tag bundle is built from the very rollup options `npm run build` uses, and
 * run, to show that it installs itself (and its size, bridge included, is reported).
 */
import { rollup } from 'rollup'
import { runInNewContext } from 'node:vm'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { bundleSize } from '../helpers/bundle-size.js'
import { openaiIife, type viewIife } from '../../rollup.config.js'

/** Issue 10's budget for each layer, in gzip bytes. */
export const LAYER_BUDGET = 2 * 1024

/** Each measured without the MCP SDK, which no layer may pull in. */
const bundle = (contents: string) => bundleSize(contents, ['@modelcontextprotocol/*'])

async function iife(options: typeof viewIife): Promise<string> {
  const built = await rollup({ ...options, onwarn: () => {} })
  try {
    return (await built.generate(options.output)).output[0].code
  } finally {
    await built.close()
  }
}

const HOST = "export * from './src/host/index.ts';"

describe('compatibility layer sizes', () => {
  it('the MCP-UI host layer adds at most 2 KB gzip to the host entry, which carries none of it', async () => {
    const [host, withLayer, withHook] = await Promise.all([
      bundle(HOST),
      bundle(`${HOST} export * from './src/mcp-ui/index.ts'`),
      bundle(`${HOST} export * from './src/openai/host.ts'`),
    ])
    const layer = withLayer.gzip - host.gzip
    console.info(`mcp-ui layer: +${layer} B gzip over the host entry (${host.gzip} B); openai widget-state host hook: +${withHook.gzip - host.gzip} B`)
    expect(layer).toBeLessThanOrEqual(LAYER_BUDGET)
    for (const marker of ['ui-lifecycle-iframe-render-data', 'ui-message-response', 'mcpui.dev/ui-', 'openai/widgetState']) expect(host.code).not.toContain(marker)
    expect(withLayer.code).toContain('ui-lifecycle-iframe-render-data')
  })

  it('the window.openai shim adds at most 2 KB gzip to the view bridge; the view bundle carries none of it', async () => {
    const [bridge, withShim, view] = await Promise.all([
      bundle("export { ViewBridge } from './src/view/index.ts'"),
      bundle("export { ViewBridge } from './src/view/index.ts'; export * from './src/openai/index.ts'"),
      bundle("export * from './src/view/index.ts'"),
    ])
    const layer = withShim.gzip - bridge.gzip
    console.info(`openai shim: +${layer} B gzip over the view bridge (${bridge.gzip} B)`)
    expect(layer).toBeLessThanOrEqual(LAYER_BUDGET)
    for (const marker of ['openai:set_globals', 'openai/widgetState', 'sendFollowUpMessage']) expect(view.code).not.toContain(marker)
  })

  // Built by rollup with the shipped options: their tree-shaking must keep the install call.
  it('the shim\'s script-tag bundle installs window.openai as it loads and starts the handshake with the parent', { timeout: 60_000 }, async () => {
    const posted: unknown[] = []
    const parent = { postMessage: (message: unknown) => void posted.push(message) }
    const listeners: string[] = []
    const window: Record<string, unknown> = {
      parent,
      document: { title: 'Pizza list' },
      addEventListener: (type: string) => void listeners.push(type),
      removeEventListener: () => {},
      dispatchEvent: () => true,
      CustomEvent: class {},
      setTimeout,
      clearTimeout,
      queueMicrotask,
      performance,
      // The handshake offers the host a channel (every browser has MessageChannel).
      MessageChannel,
    }
    window.window = window
    const code = await iife(openaiIife)
    console.info(`openai.iife.js (view bridge included): ${gzipSync(code, { level: 9 }).length} B gzip`)
    runInNewContext(code, window)
    expect(Object.keys(window.openai as object)).toContain('notifyIntrinsicHeight')
    expect(listeners).toContain('message')
    // Built in another realm: compared as JSON.
    expect(JSON.parse(JSON.stringify(posted))).toStrictEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'ui/initialize',
        params: { appInfo: { name: 'Pizza list', version: '0' }, appCapabilities: { availableDisplayModes: ['inline', 'fullscreen', 'pip'] }, protocolVersion: '2026-01-26' },
      },
    ])
  })
})
