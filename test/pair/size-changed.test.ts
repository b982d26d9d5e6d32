/** ui/notifications/size-changed end to end. */
import { describe, expect, test } from 'vitest'
import { createBridgePair } from '../helpers/bridges.js'
import { notification } from '../helpers/messages.js'

const SIZE = 'ui/notifications/size-changed'

async function connected() {
  const bridges = createBridgePair()
  await bridges.connect()
  const sizes: unknown[] = []
  bridges.host.on('sizechange', (size) => void sizes.push(size))
  return { ...bridges, sizes }
}

describe('size-changed', () => {
  test('sendSizeChanged posts the exact notification; the host emits the size', async () => {
    const { view, pair, sizes } = await connected()
    const start = pair.log.length
    expect(view.sendSizeChanged({ width: 320, height: 240 })).toBe(true)
    await pair.flush()
    expect(pair.log.slice(start)).toStrictEqual([
      { from: 'view', targetOrigin: pair.hostOrigin, message: { jsonrpc: '2.0', method: SIZE, params: { width: 320, height: 240 } } },
    ])
    expect(sizes).toStrictEqual([{ width: 320, height: 240 }])
  })

  test('either axis may be missing (A.1)', async () => {
    const { view, pair, sizes, warnings } = await connected()
    view.sendSizeChanged({ height: 100 })
    pair.injectToHost(notification(SIZE, { width: 50 }))
    pair.injectToHost(notification(SIZE, {}))
    await pair.flush()
    expect(sizes).toStrictEqual([{ height: 100 }, { width: 50 }, {}])
    expect(warnings.host).toEqual([])
  })

  test.for([
    ['a negative height', { height: -1 }, 'height'],
    ['a string width', { width: '300px' }, 'width'],
    ['an infinite height', { height: Number.POSITIVE_INFINITY }, 'height'],
    ['NaN width', { width: Number.NaN }, 'width'],
  ] as const)('%s is dropped with a MALFORMED warning naming the axis', async ([, params, axis]) => {
    const { pair, sizes, warnings } = await connected()
    const before = pair.log.length
    pair.injectToHost(notification(SIZE, params))
    await pair.flush()
    expect(sizes).toEqual([])
    expect(pair.log.length).toBe(before)
    expect(warnings.host.map((w) => w.code)).toEqual(['MALFORMED'])
    expect(warnings.host[0]!.message).toContain(axis)
  })

  test('before the handshake the view sends nothing and says so', () => {
    const { view, pair } = createBridgePair()
    expect(view.sendSizeChanged({ width: 1, height: 1 })).toBe(false)
    expect(pair.log).toEqual([])
  })

  test('a size-changed before ui/initialize reaches the host is dropped with a warning', async () => {
    const { pair, host, warnings } = createBridgePair()
    const sizes: unknown[] = []
    host.on('sizechange', (size) => void sizes.push(size))
    pair.injectToHost(notification(SIZE, { width: 1, height: 1 }))
    await pair.flush()
    expect(sizes).toEqual([])
    expect(warnings.host.map((w) => w.code)).toEqual(['UNEXPECTED'])
  })
})
