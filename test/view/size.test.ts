/**
 * The view's script-tag bundle: built here exactly as `npm run build` builds it (the same rollup
 * options object), so the test holds without a prior build. It must expose what
 * `mcp-app-bridge/view` exports, run on its own, and stay within its size ceiling.
 */
import { describe, expect, it } from 'vitest'
import { gzipSync } from 'node:zlib'
import { runInNewContext } from 'node:vm'
import { rollup } from 'rollup'
import { viewIife } from '../../rollup.config.js'
import * as view from '../../src/view/index.js'

/**
 * The ceiling enforced today, in gzip bytes (level 9): 7,108 measured, raised from 7,100 for the
 * fixes of a second view review, +62 B, less 53 B of a byte hunt (7,099 + 62 - 53):
 * - notifications keep call order behind calls still waiting for the handshake or a display-mode
 *   check (a `requestTeardown` no longer overtakes the `sendMessage` made before it), +24 B;
 * - once closed, the bridge emits `close` only, as the host bridge does (a listener that closes it
 *   stops the event's later listeners and the message's later events), +16 B;
 * - closing sends `notifications/cancelled` for each pending request, from the session core the
 *   host shares, so a host stops a server tool call for a view that is gone, +6 B;
 * - `connect()` in a worker (a global without a parent) rejects with `NOT_SUPPORTED` instead of
 *   failing to post, +2 B, and the error says where a view runs, +14 B;
 * - less: auto-resize stopped once the teardown's outcome is known (a failed teardown no longer
 *   stops it), -2 B; and same-behaviour rewrites: `#ready` taking the call's options last, -12 B;
 *   the notifications' readers called with the method the session hands each handler (the tool
 *   input's now named by its method, like its siblings), -26 B; a failed teardown listener found
 *   by its outcome's `reason`, -7 B; a notification's send as one expression, -2 B;
 *   `applyHostStyles`' followers lists grown with `concat` and left in one expression, -4 B.
 * 7,099 before those, rounded up to the next ten
 * (raised from 7,080 for three fixes of a view review, +25 B together: the app's calls go out in the
 * order it made them, also against code that awaited `connect()` first and after
 * `requestDisplayMode`, so a host no longer keeps an older model context; a teardown listener
 * removed by an earlier one is skipped; auto-resize observes a `<body>` parsed after it started);
 * 7,074 B before them (7,135 before a byte hunt of
 * fifteen rewrites with the same behaviour, -61 B: the largest a method without a handler refused
 * through a handler's path, -8 B, and the display-mode result read by the host context's own mode
 * check, -12 B; the rest locals, aliases and destructurings read where used; 7,133 before the shared
 * event emitter built its listener arrays with `concat`, +1 B, and the session core passed each
 * handler its method, +1 B: about 0.2 and 1.8 KB less of the host page's heap per live view),
 * rounded up to the next ten
 * (raised from 7,050 for the MessageChannel the handshake offers the host, on which ours then
 * runs the session at a third of a window message's cost, +107 B, less 17 B of the session's
 * options kept instead of copied and its requests served in their route; raised from 7,020 for the teardown answer a closing listener sends by hand: it carries a failed
 * save's error now instead of `{}`, +25 B; 7,018 before it; 7,023 before the view's teardown
 * answered a closing listener itself instead of through `close()`: 6,999; raised from 7,000 for the session's `abortIncoming`, +19 B, which the host
 * needs so that a view re-created in its frame neither gets the old one's answers nor has its own
 * requests dropped as duplicates).
 * Issue 3 targets 6 KB (6,000 B), which the bundle does not reach yet. Lower it whenever the bundle
 * shrinks; never raise it without saying why in the commit. (Raised from 6,900 to 7,030 for a
 * framework author's review: `hostContext` one frozen `{}` before the handshake (+10 B),
 * construction without a window for server-side rendering (+8 B), one bridge per window (+39 B),
 * an unsubscribe removing its own registration only (+18 B), `applyHostStyles` undone per
 * follower (+53 B): 6,900 B to 7,028 B.)
 */
export const VIEW_IIFE_CEILING = 7_108

async function buildViewIife(): Promise<string> {
  const bundle = await rollup({ ...viewIife, onwarn: () => {} })
  try {
    const { output } = await bundle.generate(viewIife.output)
    return output[0].code
  } finally {
    await bundle.close()
  }
}

describe('the view IIFE bundle', () => {
  it('exposes on McpAppBridge exactly what mcp-app-bridge/view exports, and stays within its ceiling', async () => {
    const code = await buildViewIife()
    const scope: Record<string, any> = {}
    runInNewContext(code, scope)
    const global = scope.McpAppBridge
    expect(Object.keys(global).sort()).toEqual(Object.keys(view).sort())
    expect(typeof global.ViewBridge).toBe('function')
    expect(new global.BridgeError('TIMEOUT', 'x')).toMatchObject({ code: 'TIMEOUT', name: 'BridgeError' })

    const gzip = gzipSync(code, { level: 9 }).length
    console.info(`view IIFE: ${code.length} bytes minified, ${gzip} bytes gzip (ceiling ${VIEW_IIFE_CEILING}, target 6000)`)
    expect(gzip).toBeLessThanOrEqual(VIEW_IIFE_CEILING)
  })
})
