/**
 * The shared message hub: one window listener for every frame, and no leak when a host removes
 * a frame without closing its bridge (the frame's window reports `closed`).
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Window } from 'happy-dom'
import { HostBridge, listenedFrames } from '../../src/host/index.js'
import { SWEEP_INTERVAL_MS, listenToFrame } from '../../src/host/message-hub.js'

/** A frame's window as the hub sees it: something that can post and can become `closed`. */
const fakeFrame = () => ({ closed: false, postMessage: () => {} })

let host: Window
afterEach(() => {
  vi.useRealTimers()
  host?.happyDOM.abort()
  host?.close()
})

describe('message hub', () => {
  it('routes by source and keeps one window listener for all frames', () => {
    host = new Window({ url: 'https://host.example' })
    const add = vi.spyOn(host, 'addEventListener')
    const [a, b] = [fakeFrame(), fakeFrame()]
    const seen: string[] = []
    const offA = listenToFrame(host as never, a, (event) => seen.push(`a:${event.data}`))
    const offB = listenToFrame(host as never, b, (event) => seen.push(`b:${event.data}`))
    expect(add.mock.calls.filter(([type]) => type === 'message')).toHaveLength(1)
    host.dispatchEvent(new host.MessageEvent('message', { data: 1, source: b as never }))
    host.dispatchEvent(new host.MessageEvent('message', { data: 2, source: a as never }))
    host.dispatchEvent(new host.MessageEvent('message', { data: 3, source: fakeFrame() as never }))
    expect(seen).toEqual(['b:1', 'a:2'])
    expect(() => listenToFrame(host as never, a, () => {})).toThrow(/already bridged/)
    offA()
    offB()
    expect(listenedFrames(host as never)).toBe(0)
  })

  it('starts no timer and no observer for a window that refuses the listener', () => {
    vi.useFakeTimers()
    host = new Window({ url: 'https://host.example' })
    const observe = vi.spyOn(host.MutationObserver.prototype, 'observe')
    const refusing = Object.assign(Object.create(host), { addEventListener: () => { throw new TypeError('no listener here') } })
    expect(() => listenToFrame(refusing, fakeFrame(), () => {})).toThrow('no listener here')
    expect(vi.getTimerCount()).toBe(0)
    expect(observe).not.toHaveBeenCalled()
  })

  it('calls gone for a closed frame when the host document changes, then removes the window listener', async () => {
    host = new Window({ url: 'https://host.example' })
    const remove = vi.spyOn(host, 'removeEventListener')
    const frame = fakeFrame()
    const gone = vi.fn()
    listenToFrame(host as never, frame, () => {}, gone)
    frame.closed = true
    host.document.body.append(host.document.createElement('p'))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(gone).toHaveBeenCalledOnce()
    expect(listenedFrames(host as never)).toBe(0)
    expect(remove.mock.calls.filter(([type]) => type === 'message')).toHaveLength(1)
  })

  it('finds a closed frame on its slow sweep even when no mutation is seen (shadow roots)', () => {
    vi.useFakeTimers()
    host = new Window({ url: 'https://host.example' })
    const frame = fakeFrame()
    const gone = vi.fn()
    listenToFrame(host as never, frame, () => {}, gone)
    frame.closed = true
    vi.advanceTimersByTime(SWEEP_INTERVAL_MS - 1)
    expect(gone).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(gone).toHaveBeenCalledOnce()
    expect(listenedFrames(host as never)).toBe(0)
  })

  it('closes a HostBridge whose frame was removed without close(), leaving no listener', async () => {
    host = new Window({ url: 'https://host.example' })
    const frame = fakeFrame()
    const bridge = new HostBridge({ hostInfo: { name: 'h', version: '1' }, target: frame as never, targetOrigin: 'null', hostWindow: host as never })
    const closed = new Promise<string>((resolve) => bridge.on('close', resolve))
    frame.closed = true
    host.document.body.textContent = 'the chat re-rendered'
    expect(await closed).toMatch(/removed/)
    expect(bridge.closed).toBe(true)
    expect(listenedFrames(host as never)).toBe(0)
  })

  it('starts a fresh listener for a frame bridged after the last one left', () => {
    host = new Window({ url: 'https://host.example' })
    const seen: unknown[] = []
    const first = fakeFrame()
    listenToFrame(host as never, first, () => {})()
    expect(listenedFrames(host as never)).toBe(0)
    const second = fakeFrame()
    const off = listenToFrame(host as never, second, (event) => seen.push(event.data))
    host.dispatchEvent(new host.MessageEvent('message', { data: 'hello', source: second as never }))
    expect(seen).toEqual(['hello'])
    off()
  })

  it("a stale stop() never removes the route that replaced it", () => {
    host = new Window({ url: 'https://host.example' })
    const frame = fakeFrame()
    const seen: unknown[] = []
    const keep = fakeFrame()
    const offKeep = listenToFrame(host as never, keep, () => {})
    const stale = listenToFrame(host as never, frame, () => {})
    stale()
    const off = listenToFrame(host as never, frame, (event) => seen.push(event.data))
    stale()
    host.dispatchEvent(new host.MessageEvent('message', { data: 'still routed', source: frame as never }))
    expect(seen).toEqual(['still routed'])
    expect(listenedFrames(host as never)).toBe(2)
    off()
    offKeep()
  })

  it('does not call gone for a frame whose route was stopped by an earlier gone in the same sweep', () => {
    vi.useFakeTimers()
    host = new Window({ url: 'https://host.example' })
    const [a, b] = [fakeFrame(), fakeFrame()]
    const goneB = vi.fn()
    let stopB = () => {}
    // The host closes both views together when the first one goes.
    listenToFrame(host as never, a, () => {}, () => stopB())
    stopB = listenToFrame(host as never, b, () => {}, goneB)
    a.closed = b.closed = true
    vi.advanceTimersByTime(SWEEP_INTERVAL_MS)
    expect(goneB).not.toHaveBeenCalled()
    expect(listenedFrames(host as never)).toBe(0)
  })

  it('disconnects its observer and clears its sweep once the last frame leaves', () => {
    vi.useFakeTimers()
    host = new Window({ url: 'https://host.example' })
    const disconnect = vi.fn()
    const Observer = class extends host.MutationObserver {
      override disconnect() {
        disconnect()
        super.disconnect()
      }
    }
    const hostWindow = { addEventListener: host.addEventListener.bind(host), removeEventListener: host.removeEventListener.bind(host), document: host.document, MutationObserver: Observer }
    const off = listenToFrame(hostWindow as never, fakeFrame(), () => {})
    expect(vi.getTimerCount()).toBe(1)
    off()
    expect(disconnect).toHaveBeenCalledOnce()
    expect(vi.getTimerCount()).toBe(0)
  })
})

