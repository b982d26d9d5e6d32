/**
 * The host page's benchmark procedures, run by the Node side through `page.evaluate`. Each takes
 * the implementation by name and does exactly the same steps for all of them.
 */
import type { Implementation } from '../impl/ports.js'
import { containerDimensions } from '../impl/fixtures.js'
import { addKeeper, mountView, sleep, type Implementations, type MountedView } from './frames.js'

export function createDriver({ ports, documents }: Implementations) {
  /** Mounts a view and waits until it rendered the tool result. */
  async function ready(impl: Implementation) {
    const view = mountView(ports[impl], documents[impl])
    const initializedAt = await view.initialized
    const rendered = await view.next('rendered')
    return { view, initializedMs: initializedAt - view.insertedAt, renderedMs: rendered.at - view.insertedAt }
  }

  async function remove(view: MountedView, mode: 'close' | 'forget') {
    if (mode === 'close') await view.session.teardown()
    view.iframe.remove()
    view.release()
  }

  /** The view that `open()` mounted, for the measurements that reuse one view. */
  let current: MountedView | undefined
  const opened = (): MountedView => {
    if (!current) throw new Error('call open() first')
    return current
  }
  let nextHeight = 0
  /** The views `live()` keeps open until `endLive()`. */
  const live: MountedView[] = []

  return {
    /**
     * Handshakes of `frames` frames per implementation, interleaved frame by frame. The order
     * rotates every round (A B C, B C A, C A B, …) so that each implementation follows each other
     * one equally often: a cold frame's start depends on how the previous frame's process ended.
     * Cold: no other sandboxed frame is alive and `gapMs` passes after each removal. Warm: a
     * keeper frame holds the sandboxed renderer process, and one unrecorded round warms it up.
     */
    async handshakes(order: Implementation[], frames: number, cold: boolean, gapMs: number) {
      const results = Object.fromEntries(order.map((impl) => [impl, { initialized: [] as number[], rendered: [] as number[] }]))
      const removeKeeper = cold ? undefined : await addKeeper()
      for (let frame = cold ? 0 : -1; frame < frames; frame++) {
        const shift = (frame + order.length) % order.length
        for (const impl of [...order.slice(shift), ...order.slice(0, shift)]) {
          const { view, initializedMs, renderedMs } = await ready(impl)
          if (frame >= 0) {
            results[impl]!.initialized.push(initializedMs)
            results[impl]!.rendered.push(renderedMs)
          }
          await remove(view, 'close')
          await sleep(gapMs)
        }
      }
      removeKeeper?.()
      return results
    },

    /** Mounts one view of `impl` for the measurements below, and waits until it rendered. */
    async open(impl: Implementation) {
      current = (await ready(impl)).view
    },

    /** `calls` tool calls from the view, `concurrency` in flight, timed in the view. */
    async rpc(calls: number, concurrency: number) {
      const view = opened()
      view.command({ cmd: 'rpc', calls, concurrency })
      const { ms, errors, firstError } = await view.next('rpc')
      return { ms, errors, firstError }
    },

    /**
     * Three single-field updates, each followed by the same update again (a no-op, which must
     * send nothing); returns the `host-context-changed` messages the view received meanwhile.
     */
    async probe() {
      const view = opened()
      view.command({ cmd: 'probe-start' })
      await view.next('probing')
      for (let i = 0; i < 3; i++) {
        const value = containerDimensions(nextHeight++)
        view.session.update('containerDimensions', value)
        view.session.update('containerDimensions', { ...value })
      }
      // A last update, seen before the probe ends: on the session's own channel it comes after
      // anything the no-ops sent, which `probe-end`, through the window, could overtake.
      const last = containerDimensions(nextHeight++)
      view.command({ cmd: 'expect', maxHeight: last.maxHeight })
      await view.next('expecting')
      view.session.update('containerDimensions', last)
      await view.next('seen')
      view.command({ cmd: 'probe-end' })
      return (await view.next('probe')).messages.slice(0, -1)
    },

    /** `count` single-field updates in one synchronous burst, timed until the view saw the last. */
    async burst(count: number) {
      const view = opened()
      const first = nextHeight
      nextHeight += count
      view.command({ cmd: 'expect', maxHeight: containerDimensions(first + count - 1).maxHeight })
      await view.next('expecting')
      const start = performance.now()
      for (let n = first; n < first + count; n++) view.session.update('containerDimensions', containerDimensions(n))
      const seen = await view.next('seen')
      return { ms: seen.at - start, changes: seen.changes }
    },

    /** Tears the opened view down. */
    async close() {
      await remove(opened(), 'close')
      current = undefined
    },

    /**
     * `count` create → handshake → teardown cycles. `close`: the host tears the bridge down, then
     * removes the iframe. `forget`: the host only removes the iframe, as a careless host does.
     */
    async cycles(impl: Implementation, count: number, mode: 'close' | 'forget') {
      for (let i = 0; i < count; i++) await remove((await ready(impl)).view, mode)
    },

    /** Mounts `count` views of `impl` at once, each rendered, and keeps them open (a long chat). */
    async live(impl: Implementation, count: number) {
      live.push(...(await Promise.all(Array.from({ length: count }, () => ready(impl)))).map(({ view }) => view))
    },

    /** Tears down and removes every view `live()` opened. */
    async endLive() {
      for (const view of live.splice(0)) await remove(view, 'close')
    },

    /** Keeps the sandboxed renderer process warm for as long as the page lives. */
    async keepWarm() {
      await addKeeper()
    },

    sleep,
  }
}

export type Driver = ReturnType<typeof createDriver>
