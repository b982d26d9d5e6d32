/**
 * A `HostBridge` whose options fail after its session started listening (here a rate limit left
 * `undefined`, which `Partial<RateLimits>` accepts) throws without leaving the frame's route or
 * the window's `message` listener behind: the host can bridge the frame again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { HostBridge, listenedFrames } from '../../src/host/index.js'
import { HOST_INFO } from './helpers.js'
import { createWindowPair } from '../helpers/window-pair.js'

describe('a HostBridge constructor that throws', () => {
  it('leaves no route behind, so the frame can be bridged again', () => {
    const pair = createWindowPair()
    const base = { hostInfo: HOST_INFO, target: pair.frame as unknown as Window, targetOrigin: pair.viewOrigin, hostWindow: pair.host as never }
    const configured: number | undefined = undefined
    expect(() => new HostBridge({ ...base, rateLimits: { actions: configured === undefined ? undefined : { burst: configured, perSecond: 1 } } })).toThrow()
    try {
      expect(listenedFrames(pair.host as never)).toBe(0)
      expect(pair.messageListeners('host')).toBe(0)
      const bridge = new HostBridge(base) // retry with sound options
      bridge.close()
    } finally {
      pair.close()
    }
  })
})

describe('a HostBridge made where there is no window (server rendering)', () => {
  afterEach(() => void vi.useRealTimers())

  it('throws NOT_SUPPORTED saying where to make it, and leaves no timer behind', () => {
    // This file runs in Node: no `window`, no `addEventListener` on the global.
    expect((globalThis as { addEventListener?: unknown }).addEventListener).toBeUndefined()
    vi.useFakeTimers()
    expect(() => new HostBridge({ hostInfo: HOST_INFO, target: { postMessage() {} } as never, targetOrigin: 'null' })).toThrow(
      expect.objectContaining({ code: 'NOT_SUPPORTED', message: expect.stringContaining('in the browser') }),
    )
    expect(vi.getTimerCount()).toBe(0)
  })
})
