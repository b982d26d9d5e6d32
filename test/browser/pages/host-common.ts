/**
 * What both test host pages share: the event log, the count of accepted messages, the raw
 * message record, the lag monitor and the frame's layout. Each host page adds how it mounts a
 * view and drives its bridge.
 */
import type { HostEvent, HostEventKind, TestHostApi } from './contract.js'
import { createRecorder, lagMonitor, plain, recordRawMessages } from './recorder.js'

type Shared = Pick<TestHostApi, 'kind' | 'events' | 'waitFor' | 'received' | 'raw' | 'rawCount' | 'startLagMonitor' | 'stopLagMonitor' | 'frame'>

export function hostBase(
  kind: TestHostApi['kind'],
  currentFrame: () => HTMLIFrameElement | undefined,
): { api: Shared; record(kind: HostEventKind, data?: unknown): void; count(message: object): void } {
  const recorder = createRecorder<HostEventKind, HostEvent>()
  const received: Record<string, number> = {}
  // Installed when the page loads, before any bridge exists, so it sees every message first.
  const raw = recordRawMessages((event) => event.source !== null && event.source === currentFrame()?.contentWindow)
  const lag = lagMonitor()
  return {
    record: (eventKind, data) => recorder.push({ kind: eventKind, data: plain(data), at: performance.now() }),
    count(message) {
      const method = (message as { method?: unknown }).method
      const key = typeof method === 'string' ? method : 'response'
      received[key] = (received[key] ?? 0) + 1
    },
    api: {
      kind,
      events: recorder.events,
      waitFor: recorder.waitFor,
      received,
      raw: raw.raw,
      rawCount: raw.rawCount,
      startLagMonitor: () => lag.start(),
      stopLagMonitor: () => lag.stop(),
      frame() {
        const iframe = currentFrame()
        if (!iframe?.isConnected) return null
        const box = iframe.getBoundingClientRect()
        return { width: box.width, height: box.height, displayMode: iframe.dataset.displayMode ?? null }
      },
    },
  }
}
