/**
 * View page for the load test, on the shipped script-tag bundle (global `McpAppBridge`; the
 * import below is types only). Exposes `window.hardeningView`: a flood of the view's own traffic
 * through its bridge, with every request's outcome tallied.
 */
import type * as ViewModule from '../../../src/view/index.js'

declare const McpAppBridge: typeof ViewModule

const bridge = new McpAppBridge.ViewBridge({ appInfo: { name: 'hardening view', version: '1.0.0' }, autoResize: false })
bridge.connect().catch(() => {})

/** A task boundary without the 4 ms clamp of nested timers: the flood is as fast as the view can post. */
const channel = new MessageChannel()
const waiting: Array<() => void> = []
channel.port1.onmessage = () => waiting.shift()?.()
const yieldTask = () =>
  new Promise<void>((resolve) => {
    waiting.push(resolve)
    channel.port2.postMessage(0)
  })
const epoch = () => performance.timeOrigin + performance.now()

interface Tally {
  ok: number
  /** Rejections by `code rpcCode: message`. */
  refused: Record<string, number>
}

const hardeningView = {
  /**
   * Sends `each` of `ui/message`, `tools/call` (`add`), `notifications/message` and `size-changed`
   * through the bridge, `perTask` of each per task, then waits for every request to settle.
   * `gapMs` 0 posts as fast as the view can; more paces the flood (one task every `gapMs`).
   * Times are epoch milliseconds, comparable with the host page's.
   */
  async flood(each: number, perTask: number, gapMs = 0) {
    const tallies: Record<'message' | 'callTool', Tally> = { message: { ok: 0, refused: {} }, callTool: { ok: 0, refused: {} } }
    const settle = (kind: keyof typeof tallies, work: Promise<unknown>) =>
      work.then(
        () => void tallies[kind].ok++,
        (error: { code?: string; rpcCode?: number; message?: string }) => {
          const key = `${error?.code} ${error?.rpcCode}: ${String(error?.message)}`
          tallies[kind].refused[key] = (tallies[kind].refused[key] ?? 0) + 1
        },
      )
    const requests: Array<Promise<void>> = []
    let notificationsSent = 0
    const startedAt = epoch()
    for (let i = 0; i < each; i += perTask) {
      for (let j = i; j < Math.min(i + perTask, each); j++) {
        requests.push(settle('message', bridge.sendMessage(`flood ${j}`)))
        requests.push(settle('callTool', bridge.callServerTool({ name: 'add', arguments: { a: j, b: 1 } })))
        if (bridge.sendLog('info', `flood ${j}`)) notificationsSent++
        if (bridge.sendSizeChanged({ width: 600, height: 200 + (j % 100) })) notificationsSent++
      }
      await (gapMs ? new Promise((resolve) => setTimeout(resolve, gapMs)) : yieldTask())
    }
    const postedAt = epoch()
    await Promise.all(requests)
    return { tallies, notificationsSent, startedAt, postedAt, settledAt: epoch() }
  },
}

;(window as unknown as { hardeningView: typeof hardeningView }).hardeningView = hardeningView
export type HardeningViewApi = typeof hardeningView
