/**
 * Creating, watching and removing view frames in the host page, the same way for every
 * implementation: a sandboxed (`allow-scripts` only, opaque origin) srcdoc iframe, inserted, then
 * handed to the implementation's host port.
 *
 * The harness's own listener is one `message` listener installed once, before anything is
 * measured; it routes side-channel signals by `event.source` and keeps nothing for a frame once
 * the frame is released, so it adds nothing to the listener and heap figures.
 */
import type { HostPort, HostSession, Implementation } from '../impl/ports.js'
import { unwrap, type ViewCommand, type ViewSignal } from './signals.js'

type Stamped = ViewSignal & { at: number }

interface Inbox {
  queue: Stamped[]
  waiting: Array<{ type: ViewSignal['type']; resolve: (signal: Stamped) => void; reject: (error: Error) => void }>
}

const inboxes = new Map<unknown, Inbox>()

addEventListener('message', (event) => {
  const signal = unwrap<ViewSignal>(event.data)
  const inbox = signal && inboxes.get(event.source)
  if (!signal || !inbox) return
  const stamped = { ...signal, at: performance.now() }
  if (signal.type === 'error') {
    for (const waiter of inbox.waiting.splice(0)) waiter.reject(new Error(`view: ${signal.message}`))
    return
  }
  const index = inbox.waiting.findIndex((waiter) => waiter.type === signal.type)
  if (index >= 0) inbox.waiting.splice(index, 1)[0]!.resolve(stamped)
  else inbox.queue.push(stamped)
})

export interface MountedView {
  iframe: HTMLIFrameElement
  session: HostSession
  /** `performance.now()` just before the iframe was inserted. */
  insertedAt: number
  /** When the host port reported `initialized`. */
  initialized: Promise<number>
  /** The next signal of this type from the view (queued if it came earlier). */
  next<T extends ViewSignal['type']>(type: T, timeoutMs?: number): Promise<Extract<ViewSignal, { type: T }> & { at: number }>
  command(command: ViewCommand): void
  /** Forgets the frame in the harness (the host port's session is left to the caller). */
  release(): void
}

export function mountView(port: HostPort, documentHtml: string): MountedView {
  const iframe = document.createElement('iframe')
  iframe.sandbox.add('allow-scripts')
  iframe.style.cssText = 'width: 600px; height: 200px; border: 0; display: block'
  iframe.srcdoc = documentHtml
  const insertedAt = performance.now()
  document.body.append(iframe)
  const frame = iframe.contentWindow!
  const inbox: Inbox = { queue: [], waiting: [] }
  inboxes.set(frame, inbox)
  let resolveInitialized!: (at: number) => void
  const initialized = new Promise<number>((resolve) => (resolveInitialized = resolve))
  const session = port.mount(iframe, () => resolveInitialized(performance.now()))
  return {
    iframe,
    session,
    insertedAt,
    initialized,
    next(type, timeoutMs = 60_000) {
      const queued = inbox.queue.findIndex((signal) => signal.type === type)
      if (queued >= 0) return Promise.resolve(inbox.queue.splice(queued, 1)[0] as never)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} signal from the view within ${timeoutMs} ms`)), timeoutMs)
        inbox.waiting.push({
          type,
          resolve: (signal) => (clearTimeout(timer), resolve(signal as never)),
          reject: (error) => (clearTimeout(timer), reject(error)),
        })
      })
    },
    command: (command) => frame.postMessage({ __bench: command }, '*'),
    release: () => void inboxes.delete(frame),
  }
}

/** The host ports and the documents of their views, set once by the entry. */
export interface Implementations {
  ports: Record<Implementation, HostPort>
  documents: Record<Implementation, string>
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A sandboxed frame with no bridge, kept in the page so that the sandboxed-frame renderer process
 * stays alive between view frames (Chromium gives sandboxed frames their own process and ends it
 * with the last frame): this is the "warm renderer" condition.
 */
export async function addKeeper(): Promise<() => void> {
  const keeper = document.createElement('iframe')
  keeper.sandbox.add('allow-scripts')
  keeper.style.cssText = 'width: 10px; height: 10px; border: 0'
  keeper.srcdoc = '<!doctype html><script>parent.postMessage({ __bench: { type: "rendered" } }, "*")</script>'
  document.body.append(keeper)
  const frame = keeper.contentWindow!
  inboxes.set(frame, { queue: [], waiting: [] })
  await new Promise<void>((resolve) => {
    const poll = () => (inboxes.get(frame)!.queue.length ? resolve() : setTimeout(poll, 5))
    poll()
  })
  inboxes.delete(frame)
  return () => keeper.remove()
}
