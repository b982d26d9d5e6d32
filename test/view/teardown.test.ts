import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFakeHost, createView, flush, type FakeHost } from './fake-host.js'

let host: FakeHost
afterEach(() => host?.pair.close())

async function connected() {
  host = createFakeHost()
  const view = createView(host)
  await view.connect()
  return view
}

describe('ViewBridge teardown', () => {
  it('answers {} when no listener is set', async () => {
    await connected()
    expect(await host.request('ui/resource-teardown', {})).toMatchObject({ result: {} })
  })

  it('passes the params to every listener and answers after a slow async listener finished', async () => {
    const view = await connected()
    const steps: string[] = []
    view.on('teardown', async (params) => {
      steps.push(`saving (${params.reason})`)
      await new Promise((resolve) => setTimeout(resolve, 50))
      steps.push('saved')
    })
    view.on('teardown', () => void steps.push('second listener'))
    const response = host.request('ui/resource-teardown', { reason: 'user closed the chat' }).then((answer) => {
      steps.push('answered')
      return answer
    })
    expect(await response).toMatchObject({ result: {} })
    expect(steps).toEqual(['saving (user closed the chat)', 'second listener', 'saved', 'answered'])
  })

  it('answers a teardown error when a listener fails, after the others finished', async () => {
    const view = await connected()
    const finished = vi.fn()
    view.on('teardown', () => Promise.reject(new Error('disk full')))
    view.on('teardown', async () => {
      await new Promise((resolve) => setTimeout(resolve, 10))
      finished()
    })
    const answer = await host.request('ui/resource-teardown', {})
    expect(answer.error).toMatchObject({ code: -32000 })
    expect(answer.error.message).toContain('disk full')
    expect(finished).toHaveBeenCalledOnce()
  })

  it('answers a teardown error when a listener throws synchronously', async () => {
    const view = await connected()
    view.on('teardown', () => {
      throw new Error('boom')
    })
    expect((await host.request('ui/resource-teardown', {})).error).toMatchObject({ code: -32000, message: expect.stringContaining('boom') })
  })

  it('does not call a listener that an earlier one removed, as events do (an unmounted component saves nothing)', async () => {
    const view = await connected()
    const unmounted = vi.fn(() => {
      throw new Error('component already unmounted')
    })
    let offChild = () => {}
    view.on('teardown', () => offChild())
    offChild = view.on('teardown', unmounted)
    expect(await host.request('ui/resource-teardown', {})).toMatchObject({ result: {} })
    expect(unmounted).not.toHaveBeenCalled()
  })

  it('answers invalid params with -32602', async () => {
    await connected()
    expect((await host.request('ui/resource-teardown', { reason: 5 })).error).toMatchObject({ code: -32602 })
  })

  it('answers {} once when the view closes during a slow teardown: the host need not wait out its timeout', async () => {
    const view = await connected()
    view.on('teardown', () => new Promise((resolve) => setTimeout(resolve, 30)))
    const id = 4242
    host.send({ jsonrpc: '2.0', id, method: 'ui/resource-teardown', params: {} })
    await flush(host.pair)
    view.close()
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(host.received.filter((m) => m.id === id)).toEqual([{ jsonrpc: '2.0', id, result: {} }])
  })

  for (const saves of [false, true]) {
    it(`answers {} when a teardown listener closes the bridge${saves ? ' after saving' : ''}`, async () => {
      const view = await connected()
      view.on('teardown', async () => {
        if (saves) await new Promise((resolve) => setTimeout(resolve, 5))
        view.close('torn down')
      })
      host.send({ jsonrpc: '2.0', id: 77, method: 'ui/resource-teardown', params: { reason: 'chat closed' } })
      await new Promise((resolve) => setTimeout(resolve, 30))
      await flush(host.pair)
      expect(host.received.filter((m) => m.id === 77)).toEqual([{ jsonrpc: '2.0', id: 77, result: {} }])
    })
  }

  // A framework app whose store fails to save while the app unmounts: the host must learn of it.
  it('answers a teardown error when one listener fails and another closes the bridge', async () => {
    const view = await connected()
    view.on('teardown', () => new Promise((_, reject) => setTimeout(() => reject(new Error('disk full')), 20)))
    view.on('teardown', () => view.close('unmounted'))
    host.send({ jsonrpc: '2.0', id: 78, method: 'ui/resource-teardown', params: {} })
    await new Promise((resolve) => setTimeout(resolve, 50))
    await flush(host.pair)
    const answers = host.received.filter((m) => m.id === 78)
    expect(answers).toHaveLength(1)
    expect(answers[0].error).toMatchObject({ code: -32000, message: expect.stringContaining('disk full') })
  })

  // A framework app: a store saves on teardown, and the app unmounts (closing its bridge) on it too.
  it('answers a listener closing the bridge only once every other listener has saved', async () => {
    const view = await connected()
    const steps: string[] = []
    view.on('teardown', () => new Promise<void>((resolve) => setTimeout(() => (steps.push('saved'), resolve()), 30)))
    view.on('teardown', () => view.close('unmounted'))
    const answer = await host.request('ui/resource-teardown', {})
    steps.push('answered')
    expect(answer).toMatchObject({ result: {} })
    expect(steps).toEqual(['saved', 'answered'])
  })

  it('owes nothing for a teardown the host cancelled: closing afterwards answers no id', async () => {
    const view = await connected()
    view.on('teardown', () => new Promise((resolve) => setTimeout(resolve, 30)))
    host.send({ jsonrpc: '2.0', id: 80, method: 'ui/resource-teardown', params: {} })
    await flush(host.pair)
    host.notify('notifications/cancelled', { requestId: 80, reason: 'changed its mind' })
    await flush(host.pair)
    view.close()
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(host.received.filter((m) => m.id === 80)).toEqual([])
  })

  it('answers a teardown once: closing after the answer went out sends nothing more', async () => {
    const view = await connected()
    host.send({ jsonrpc: '2.0', id: 79, method: 'ui/resource-teardown', params: {} })
    await flush(host.pair)
    view.close()
    await flush(host.pair)
    expect(host.received.filter((m) => m.id === 79)).toEqual([{ jsonrpc: '2.0', id: 79, result: {} }])
  })
})
