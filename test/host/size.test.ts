/**
 * The host entry's size: what a chat UI ships for `mcp-app-bridge/host` (minified with esbuild,
 * every dependency bundled except `@modelcontextprotocol/*`, gzip level 9), next to the official
 * `AppBridge` with its zod and MCP SDK dependencies. Built from source on every run, so it needs no
 * `npm run build` first.
 *
 * The budget the project set is 10 KB gzip (1 KB = 1,000 B, as the benchmark counts). It binds the
 * minimal host built on `HostBridge` (`bench/apps/ours-host.ts`, bundled here exactly as the
 * benchmark bundles it: 9,927 B today), and is enforced on it below; this whole entry
 * cannot meet it without dropping features: on top of that core it carries `mountApp` (about
 * 1.9 KB gzip by itself), the CSP builder (0.9 KB), the UI-resource reader (0.5 KB), the CSP
 * `<meta>` injector (0.4 KB) and the frame helpers (frame, watch, sizer, display mode, proxy
 * transport, sandbox URL: 1.1 KB together). `HOST_CEILING` holds the entry where it is, so it
 * cannot grow unnoticed; lower it whenever the entry shrinks. (Raised from 14,500 to 14,600 for
 * fixes found in review: display-mode grants applied with their answer, held tool data copied,
 * every own key inspected, the CSP meta's whitespace rule, the loopbackOrigins relaxation, and in
 * mountApp a cancelled resource read, a frame removed inside a shadow root, an early display mode
 * and container dimensions applied when they change: 14,409 B to 14,578 B. Raised again to 14,700 for
 * the next review's fixes: a lost server connection reported as CLOSED, loopback refused over
 * every scheme, container dimensions applied at the handshake and clamped without a report, tool
 * data that cannot be sent ending the call, whenInitialized's timer capped, a width report as wide
 * as the frame lifting its maximum: 14,548 B to 14,641 B. Raised to 14,750 for an integrator's review:
 * capabilities read live and `ready` settled by a close in mountApp, one CSP warning per violation
 * from the reporter: 14,618 B to 14,718 B. Raised to 14,850 for the framework-host review: tool
 * data and a `tool` from a reactive store copied as JSON, a view re-created in its frame given its
 * tool data again, `teardown()` on a frame already removed closing quietly, a moved frame closing
 * with `FRAME_MOVED` (an exported constant, told apart by mountApp and watchFrame), and
 * `NOT_SUPPORTED` where there is no window: 14,729 B to 14,849 B. Raised to 14,870 for the view
 * review's emitter fix (an unsubscribe removes its own registration only) and a teardown answered
 * `-32601` taken as an answer: 14,868 B. Raised to 14,930 for fullscreen and pip in the top layer
 * (a popover), so that a row with a transform or `content-visibility` cannot trap them: 14,924 B.
 * Raised to 15,380 for the host's own way back from fullscreen and pip (a button above the view
 * in the top layer, Escape for fullscreen): without it a view granted fullscreen covered the
 * whole window with no exit the host controls: 15,373 B. Raised to 15,740 for an accessibility
 * review's fixes: fullscreen made modal (the page under it inert, focus moved into the view), not
 * shown over the host's open modal dialog, sized to the visible viewport and clear of a notch,
 * pip outlined for forced colours, focus kept where a removed view was, the frame named by the
 * tool's `annotations.title`, the proxy's inner frame named in the host's language: 15,738 B; and 15,766 B for the page made
 * inert across shadow roots and the way back kept below a host's modal dialog; 15,801 B for a
 * fullscreen asked for under that dialog becoming modal once it closes, and pip at most half the
 * viewport's height. Raised to 16,100 for a review of all that: one view out of the conversation
 * per page, the page's focus given to the way back instead of the view (a view asking for
 * fullscreen took the keyboard from the composer), a dialog opened over fullscreen or removed
 * under it, dialogs in shadow roots, rows added under fullscreen made inert, a host's own applier
 * told the view is inline when it closes: 16,099 B; 16,086 B once mountApp's close stopped resetting an applier that holds nothing. Lowered to
 * 16,080 with the 2.x MCP `Client` proxied as well as the 1.x one (its `callTool` options, its
 * own timeout code): 16,079 B, the addition paid for, in the minimal host too, by one answer for
 * unknown and hidden tools and a shorter tool-list loop. Raised to 16,110 for two CSP relaxations,
 * `dataScripts` and `blobMedia`, without which the official PDF and video examples cannot draw: 16,110 B.
 * Raised to 16,145 for a review of that: workers keep the sources `script-src` gave them under
 * either relaxation (an explicit `worker-src`), only `true` turns a relaxation on (as behind the
 * proxy), a closed 2.x `Client` reported as `CLOSED` (it answers lists with empty ones), and a
 * reconnected client's bridges given a tool list of the new server: 16,141 B (the minimal host
 * stays at 9,996 B, with the rate-limit messages worded method first). Lowered to 16,140: a view
 * that declared no display modes is granted the host's, a shorter check: 16,136 B; 16,129 B with the
 * CSP builder's relaxations read by one predicate. Raised to 16,310 for the default display
 * modes' bar above the frame: the host's way back lay over the view's top right corner, where
 * the official PDF viewer keeps its own way out of fullscreen: 16,301 B; 16,280 B once a view's
 * request is forwarded without its `_meta`; 16,300 B with the visibility lookup's failures read as
 * a forwarded call's are. Raised to 16,390 for a review of the bar: kept on screen when a host's
 * stylesheet moves the frame, in CSS pixels under `zoom`, on its frame when the page's scrollbar
 * comes or goes, clear of a notch in a right-to-left page, outlined in forced colours, and the
 * focus given back where it was after a dialog answered over fullscreen: 16,382 B. Lowered to
 * 16,380: a view's task augmentation not forwarded, and a lookup within 5 s of a failed one fails
 * with it (the tool directory asks on a timer from the start of its fetch): 16,376 B. Raised to
 * 16,390: a view's request forwarded by its own fields, named, instead of without the ones known
 * to be the host's: 16,383 B. Lowered to 16,380: the bridge asks for the tool directory of the
 * client's current connection on each visibility check, so views made before a reconnect are
 * checked against the new server's list: 16,376 B. Raised to 16,460: mountApp keeps the frame
 * transparent until the view is initialized (at most 2 s, `hideUntilInitializedMs`), so a dark
 * conversation no longer flashes a view's white page before the view has the host's theme:
 * 16,454 B, and the ratio to AppBridge's line moved from 8.9 to 8.85 with it. Lowered to 16,455: a
 * host handler's `forward()` ends as `CANCELLED` or `CLOSED` when the view cancels or the bridge
 * closes (both SDK clients call an abort their own timeout), and a shorter `targetOrigin` message
 * pays for it in the minimal host too (9,997 B); with the reveal deadline cleared on close: 16,453 B.
 * Raised to 16,460: the reveal deadline capped by the shared `timerDelay` instead of its own
 * `Math.min` beside it: 16,458 B. A forged CSP report's fields described, not converted (their
 * `toString` could throw): 16,459 B, and 9,999 B in the minimal host. Raised to 16,470: mountApp's
 * `size.initialHeight`, the frame's height until the view's first report, for views sized to their
 * viewport (`100vh`), which keep the height their frame starts at: 16,470 B. Lowered to 16,468:
 * prepareAppFrame's default of 150 px is the only one (mountApp no longer repeats it): 16,468 B.
 * Lowered to 16,461: request ids counted per realm, and the rate limiter's unused clock parameter
 * gone: 16,461 B, and 9,993 B in the minimal host. Raised to 16,483: a repeated `ui/initialize`
 * drops the old view instance's requests still in flight (`abortIncoming`), paid for in the
 * minimal host by leaving a view's `sandbox-*` notifications to the session's generic warning:
 * 16,483 B, and 9,990 B in the minimal host. Lowered to 16,464 by a byte hunt on the host's path
 * (seven small rewrites, the same behaviour): 16,464 B, and 9,976 B in the minimal host. Raised to
 * 16,490: the view's MessageChannel taken from its handshake and used for the rest of the session
 * (+71 B in the minimal host, +86 B with the proxy passing the port on), paid for in the minimal
 * host by another byte hunt (options kept instead of copied, a route serving requests in place,
 * fields reordered): 16,490 B, and 9,969 B in the minimal host. Lowered to 16,465 by a short third
 * hunt (tool data held as pairs, a request settled by one call, two refusals worded shorter, the
 * host's readers declared in another order): 16,465 B, and 9,941 B in the minimal host. Raised to
 * 16,510: bridges share the deep-equal top-level values of their host contexts (a chat gives its
 * views equal themes, style variables and locales) instead of each holding its own copy, which
 * takes a live view from 11.5 to 7.9 KB of the host page's heap in new objects (`npx tsx
 * bench/diagnose/live-memory.ts 20 12 ours`, 11.4-11.7 KB before, 7.9 KB after): 16,510 B, and
 * 9,989 B in the minimal host, the MCP-UI layer kept within its budget by rewrites there.
 * Lowered to 16,497: a view's tool data reads its phase through a method instead of a getter
 * (an object literal with an accessor is a dictionary, 128 B of heap per live view) and takes
 * one callback instead of two: 16,497 B, and 9,980 B in the minimal host. Raised to 16,503 (below
 * the 16,510 before it): each notification method's rate limiter made at its first message
 * instead of with the bridge (a live view sends one or two kinds of the six): 16,503 B, and
 * 9,988 B in the minimal host. Raised to 16,505 (below the 16,510 before): each request
 * category's limiter made at its first request too, the limits read at construction still:
 * 16,505 B, and 9,989 B in the minimal host. Raised to 16,509 (below the 16,510 before): the
 * tool data a view is given again at a re-initialization held in an array made to size (`concat`)
 * instead of one with room to grow (a spread): 16,509 B, and 9,994 B in the minimal host. Lowered
 * to 16,506: the event emitter's listener arrays made to size with `concat` as well (three per
 * bridge; about 0.2 KB of heap per live view): 16,506 B, and 9,992 B in the minimal host. Raised to
 * 16,518 (above the 16,510 this session started from): a bridge serves the view's requests through
 * one handler and its notifications through another, the session passing each the method, where
 * it held a wrapper closure, a scope and a handler closure for each of sixteen methods; a live view
 * takes 5.2 instead of 7.0 KB of the host page's heap in new objects (`npx tsx
 * bench/diagnose/live-memory.ts 20 12 ours`), paid for in the minimal host by naming the method
 * through its variable in that handler's errors: 16,518 B, and 9,994 B in the minimal host.
 * Lowered to 16,461 by a byte hunt, every step the same behaviour: a request for a method without
 * a handler refused by the session as a handler's `NOT_SUPPORTED` is, the session's `refuse` taking
 * `warn`'s arguments in `warn`'s order, the tool-data senders without a private helper between, and
 * locals and destructurings read where used (the frame transport, `tool` and `toolCallId`,
 * `afterResponse`, an oversized message's id, a progress token's `_meta`, the timer's pending
 * requests, a frame's target and `onGone`, a host context change's display mode): 16,461 B, and
 * 9,928 B in the minimal host (9,994 B before). Raised to 16,472 for a host review's fixes: a
 * display mode removed from the context announced as inline (the page was left inert), a
 * display-mode request reading the context twice instead of up to four times, a request whose
 * bridge a listener closed during its checks no longer served, a listing entry of another resource
 * no longer lending its metadata, a repeated `ui/initialize` drawn from the actions budget (+30 B in
 * the minimal host), less a blob's bad padding refused by the base64 check itself (-25 B): 16,472 B,
 * and 9,962 B in the minimal host. Raised to 16,473: the host's requests to a view instance re-created
 * in its frame reject with `CLOSED` at the new handshake instead of waiting out their timeout (for
 * ever without one), the session's `forgetPeer` settling both directions: 16,473 B, and 9,964 B in
 * the minimal host. Raised to 16,476: a repeated `ui/initialize` is served as the gate's `run`
 * instead of beside a gate call that ran nothing, so a bridge closed during the gate's checks runs
 * no handshake either: 16,476 B, and 9,965 B in the minimal host. Raised to 16,490: a closed bridge
 * emits nothing but `close`, each listener's call checking the bridge (a listener that closed it
 * while a view's message was read left that message's later events, and the later listeners of
 * the same event, acting for a view the host had let go): 16,490 B, and 9,976 B in the minimal host.
 * Raised to 16,493: a display-mode handler refusing with the current mode, when that mode is
 * outside the allowed lists, is no longer reported as a mode not allowed: 16,493 B, and 9,977 B in
 * the minimal host. Raised to 16,506: mountApp reads the host context once per size report (a deep
 * copy of it whole), where it read it twice, the sizer taking the container dimensions read with
 * the display mode: 16,506 B. Raised to 16,532: a `_meta.ui.csp` that is not an object (read as
 * no declaration, the default policy) is reported (MALFORMED) instead of passing unnoticed, its
 * message shared with the MCP-UI layer's relay: 16,532 B. Lowered to 16,217 by a byte hunt
 * (25 rewrites, every one the same behaviour, and three that make room in the MCP-UI layer): the
 * CSP `<meta>`'s insertion point and the MCP Apps MIME type read by one regular expression each
 * instead of hand-written scans (-126 B and -14 B, each checked against the old code on random
 * inputs), the CSP origin's host pattern a literal instead of built at load (-26 B), the `allow`
 * attribute's four features listed once, the CSP's directives joined alike, its origin lists read
 * by one loop and a wildcard host tested for loopback as it is, the tool's input and result sent
 * by one promise chain, the display modes' tables without inline entries, `ui://` URIs told by a
 * pattern, and locals, checks and conversions that did nothing dropped: 16,217 B, and 9,973 B in
 * the minimal host (the MCP-UI layer measured over it: 2,031 B, from 2,047 B). Raised to 16,224:
 * closing a session sends `notifications/cancelled` for each request still pending, so that the
 * peer stops working for a side that is gone (a host running a server tool call for a view that
 * closed; the session core is shared with the view): 16,224 B, and 9,979 B in the minimal host
 * (the MCP-UI layer 2,029 B). Lowered to 16,177 by a byte hunt on what the minimal host includes
 * (fourteen rewrites, every one the same behaviour): the message limits' defaults read as module
 * constants that esbuild inlines, so the exported DEFAULT_LIMITS object stays out of the bundle
 * (-16 B), the open-link schemes, the logging levels, the tool-data steps and the forwarded
 * requests' table written where they are read instead of named at load for one use, oneOf's
 * words made from its list, a string and the other primitives charged by one branch of the
 * inspection walk, the TIMEOUT of whenInitialized made by the session's failure helper, and
 * locals, a statement and a conditional folded into where they are used: 16,177 B, and 9,927 B
 * in the minimal host (the MCP-UI layer measured over it: 2,032 B).)
 */
import { describe, expect, it } from 'vitest'
import { bundle as benchBundle } from '../../bench/lib/build.js'
import { bundleSize } from '../helpers/bundle-size.js'

const HOST_BUDGET = 10_000
const HOST_CEILING = 16_177

describe('host bundle size', () => {
  it('the minimal host (a HostBridge on its frame, handlers, sizing) is within the 10 KB budget, as the benchmark measures it', async () => {
    const minimal = await benchBundle({ entry: { file: 'apps/ours-host.ts' }, external: ['@modelcontextprotocol/sdk'] })
    console.info(`minimal host: ${minimal.gzipBytes} B gzip (budget ${HOST_BUDGET})`)
    expect(minimal.gzipBytes).toBeLessThanOrEqual(HOST_BUDGET)
  })

  it('stays under its ceiling, loads no MCP SDK code at run time, and stays far smaller than AppBridge', async () => {
    const [ours, official] = await Promise.all([
      bundleSize("export * from './src/host/index.ts'", ['@modelcontextprotocol/*']),
      bundleSize("export { AppBridge, PostMessageTransport, getToolUiResourceUri, buildAllowAttribute } from '@modelcontextprotocol/ext-apps/app-bridge'"),
    ])
    console.info(`host entry: ${ours.gzip} B gzip (budget ${HOST_BUDGET}, ceiling ${HOST_CEILING}); official AppBridge: ${official.gzip} B gzip (${(official.gzip / ours.gzip).toFixed(1)}x)`)
    expect(ours.code).not.toMatch(/from\s*["']@modelcontextprotocol\//)
    expect(ours.code).not.toMatch(/import\(["']@modelcontextprotocol\//)
    expect(ours.gzip).toBeLessThanOrEqual(HOST_CEILING)
    // The goal is an order of magnitude; at the 10 KB budget the ratio is about 14, and the
    // minimal host keeps it (about 14.6). The whole entry also carries what AppBridge has no
    // counterpart for (mountApp's frame, CSP, sandbox proxy and display-mode chrome): about 8.9
    // since the display modes' bar (8.93; 8.896 with the frame hidden until initialized), so this
    // holds the line just below that.
    expect(official.gzip / ours.gzip).toBeGreaterThanOrEqual(8.85)
  })
})
