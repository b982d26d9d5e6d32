/**
 * The emitter both bridges build their events on (it replaced the nanoevents dependency): order,
 * unsubscribe, isolation of a throwing listener, and what a listener changing the list mid-event sees.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createEmitter } from '../../src/shared/emitter.js'

type Events = { ping: (n: number) => void; other: () => void }

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('createEmitter', () => {
  it('calls every listener of the event in the order added, with the arguments, and no other event', () => {
    const emitter = createEmitter<Events>()
    const calls: string[] = []
    emitter.on('ping', (n) => calls.push(`a${n}`))
    emitter.on('ping', (n) => calls.push(`b${n}`))
    emitter.on('other', () => calls.push('other'))
    emitter.emit('ping', 1)
    expect(calls).toEqual(['a1', 'b1'])
    expect(emitter.listeners('ping')).toHaveLength(2)
  })

  it('has no listeners for an event nobody subscribed to, and emitting it is harmless', () => {
    const emitter = createEmitter<Events>()
    expect(emitter.listeners('other')).toEqual([])
    expect(() => emitter.emit('other')).not.toThrow()
  })

  it("removes only its own subscription; calling the unsubscribe twice changes nothing more", () => {
    const emitter = createEmitter<Events>()
    const first = vi.fn()
    const second = vi.fn()
    const off = emitter.on('ping', first)
    emitter.on('ping', second)
    off()
    off()
    emitter.emit('ping', 2)
    expect(first).not.toHaveBeenCalled()
    expect(second).toHaveBeenCalledWith(2)
    // What listeners() gives calls the listeners still registered, and only those.
    expect(emitter.listeners('ping')).toHaveLength(1)
    emitter.listeners('ping').forEach((listener) => listener(3))
    expect(first).not.toHaveBeenCalled()
    expect(second).toHaveBeenLastCalledWith(3)
  })

  it('removes only its own registration of a function registered twice, even when called twice', () => {
    // One store action subscribed by two components: the first to unmount must not unsubscribe the other.
    const emitter = createEmitter<Events>()
    const shared = vi.fn()
    const offFirst = emitter.on('ping', shared)
    emitter.on('ping', shared)
    const offThird = emitter.on('ping', shared)
    offFirst()
    offFirst()
    emitter.emit('ping', 1)
    expect(shared).toHaveBeenCalledTimes(2)
    expect(emitter.listeners('ping')).toHaveLength(2)
    offThird()
    emitter.emit('ping', 2)
    expect(shared).toHaveBeenCalledTimes(3)
    expect(emitter.listeners('ping')).toHaveLength(1)
    // A registration an earlier listener removes during an event is not called, though the same function stays registered.
    let offLater = () => {}
    emitter.on('ping', () => offLater())
    offLater = emitter.on('ping', shared)
    emitter.emit('ping', 3)
    expect(shared).toHaveBeenCalledTimes(4)
    expect(emitter.listeners('ping')).toHaveLength(2)
  })

  it('reports a throwing listener and still calls the ones after it', () => {
    const reported: unknown[] = []
    vi.stubGlobal('reportError', (error: unknown) => reported.push(error))
    const emitter = createEmitter<Events>()
    const after = vi.fn()
    emitter.on('ping', () => {
      throw new Error('boom')
    })
    emitter.on('ping', after)
    expect(() => emitter.emit('ping', 3)).not.toThrow()
    expect(after).toHaveBeenCalledWith(3)
    expect(reported).toEqual([new Error('boom')])
  })

  it('does not call a listener an earlier one removed during the same event, as the DOM does not', () => {
    const emitter = createEmitter<Events>()
    const second = vi.fn()
    let offSecond = () => {}
    emitter.on('ping', () => offSecond())
    offSecond = emitter.on('ping', second)
    emitter.emit('ping', 1)
    expect(second).not.toHaveBeenCalled()
  })

  it('lists functions that call a listener only while it is subscribed, for callers that call them one by one', () => {
    const emitter = createEmitter<Events>()
    const second = vi.fn(() => 'called')
    let offSecond = () => {}
    emitter.on('ping', () => offSecond())
    offSecond = emitter.on('ping', second)
    expect(emitter.listeners('ping').map((listener) => listener(1))).toEqual([undefined, undefined])
    expect(second).not.toHaveBeenCalled()
  })

  it('calls a listener added during an event from the next event on', () => {
    const emitter = createEmitter<Events>()
    const late = vi.fn()
    emitter.on('ping', () => {
      emitter.on('ping', late)
    })
    emitter.emit('ping', 1)
    expect(late).not.toHaveBeenCalled()
    emitter.emit('ping', 2)
    expect(late).toHaveBeenCalledWith(2)
  })
})
