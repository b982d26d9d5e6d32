/** Session: AbortSignal cancellation on the sending side, notifications/cancelled on the receiving side. */
import { describe, expect, test } from 'vitest'
import type { RequestContext } from '../../src/protocol/session.js'
import { createLoneSession, createSessionPair } from '../helpers/sessions.js'
import { rejection, watch } from '../helpers/outcome.js'
import { notification, request, success } from '../helpers/messages.js'

/** Registers `slow` on `session`: a handler that never settles, keeping the context it was given. */
function handleSlow(session: { handle(method: string, handler: (params: unknown, context: RequestContext) => unknown): unknown }) {
  const seen: { context?: RequestContext } = {}
  session.handle('slow', (_params, context) => {
    seen.context = context
    return new Promise(() => {})
  })
  return seen
}

describe('cancelling a request we sent', () => {
  test('abort rejects with CANCELLED and sends notifications/cancelled with the id and reason', async () => {
    const { a, link } = createLoneSession()
    const controller = new AbortController()
    const pending = a.request('slow', {}, { signal: controller.signal })
    controller.abort('user closed the dialog')
    const error = await rejection(pending)
    expect(error.code).toBe('CANCELLED')
    expect(error.message).toContain('user closed the dialog')
    expect(a.pendingCount).toBe(0)
    expect(link.sent('a')).toStrictEqual([
      { jsonrpc: '2.0', id: 1, method: 'slow', params: {} },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, reason: 'user closed the dialog' } },
    ])
  })

  test('abort without a reason still names one on the wire', async () => {
    const { a, link } = createLoneSession()
    const controller = new AbortController()
    const pending = watch(a.request('slow', {}, { signal: controller.signal }))
    controller.abort()
    await link.flush()
    expect(pending.code).toBe('CANCELLED')
    expect(link.sent('a')[1]).toMatchObject({ method: 'notifications/cancelled', params: { requestId: 1, reason: expect.any(String) } })
  })

  test('an abort reason with no string form still cancels, with a placeholder reason on the wire', async () => {
    const { a, link } = createLoneSession()
    const controller = new AbortController()
    const pending = a.request('slow', {}, { signal: controller.signal })
    controller.abort(Object.create(null))
    expect((await rejection(pending)).code).toBe('CANCELLED')
    expect(a.pendingCount).toBe(0)
    expect(link.sent('a')[1]).toMatchObject({ method: 'notifications/cancelled', params: { requestId: 1, reason: 'a value with no string form' } })
  })

  test('an already aborted signal rejects at once and sends nothing', async () => {
    const { a, link } = createLoneSession()
    const error = await rejection(a.request('x', {}, { signal: AbortSignal.abort('too late') }))
    expect(error.code).toBe('CANCELLED')
    expect(link.log).toEqual([])
  })

  test('aborting after the answer does nothing', async () => {
    const { a, link } = createLoneSession()
    const controller = new AbortController()
    const pending = a.request('x', {}, { signal: controller.signal })
    link.inject('a', success(1, { ok: 1 }))
    expect(await pending).toEqual({ ok: 1 })
    controller.abort()
    await link.flush()
    expect(link.sent('a').map((m) => m.method)).toEqual(['x'])
  })

  test('an answer after the abort is reported, not delivered', async () => {
    const { a, link, warnings } = createLoneSession()
    const controller = new AbortController()
    const pending = watch(a.request('x', {}, { signal: controller.signal }))
    controller.abort()
    link.inject('a', success(1, {}))
    await link.flush()
    expect(pending.code).toBe('CANCELLED')
    expect(warnings.map((w) => w.code)).toEqual(['UNEXPECTED'])
  })
})

describe('the peer cancelling a request we are handling', () => {
  test('the handler signal aborts with CANCELLED and no answer is sent', async () => {
    const { a, b, link } = createSessionPair()
    let context: RequestContext | undefined
    let finish: (value: unknown) => void = () => {}
    b.handle('slow', (_params, ctx) => {
      context = ctx
      return new Promise((resolve) => (finish = resolve))
    })
    const controller = new AbortController()
    const pending = watch(a.request('slow', {}, { signal: controller.signal }))
    await link.flush()
    expect(context!.signal.aborted).toBe(false)
    controller.abort('changed my mind')
    await link.flush()
    expect(context!.signal.aborted).toBe(true)
    expect((context!.signal.reason as { code: string }).code).toBe('CANCELLED')
    finish({ late: true })
    await link.flush()
    expect(pending.code).toBe('CANCELLED')
    expect(link.sent('b')).toEqual([])
  })

  test("the handler's signal carries the peer's reason", async () => {
    const { a, link } = createLoneSession()
    const slow = handleSlow(a)
    link.inject('a', request(1, 'slow'))
    link.inject('a', notification('notifications/cancelled', { requestId: 1, reason: 'user navigated away' }))
    await link.flush()
    expect((slow.context!.signal.reason as Error).message).toBe('user navigated away')
  })

  test('sendProgress after the peer cancelled sends nothing', async () => {
    const { a, link } = createLoneSession()
    const slow = handleSlow(a)
    link.inject('a', request(1, 'slow', { _meta: { progressToken: 'p' } }))
    await link.flush()
    slow.context!.sendProgress({ progress: 1 })
    link.inject('a', notification('notifications/cancelled', { requestId: 1 }))
    await link.flush()
    slow.context!.sendProgress({ progress: 2 })
    await link.flush()
    expect(link.sent('a')).toStrictEqual([{ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p', progress: 1 } }])
  })

  test('the id of a cancelled request is free again once its handler finished', async () => {
    const { a, link, warnings } = createLoneSession()
    let finish: (value: unknown) => void = () => {}
    let calls = 0
    a.handle('m', () => (++calls === 1 ? new Promise((resolve) => (finish = resolve)) : { second: true }))
    link.inject('a', request(1, 'm'))
    link.inject('a', notification('notifications/cancelled', { requestId: 1 }))
    await link.flush()
    finish({ first: true })
    await link.flush()
    link.inject('a', request(1, 'm'))
    await link.flush()
    expect(link.sent('a')).toStrictEqual([{ jsonrpc: '2.0', id: 1, result: { second: true } }])
    expect(warnings).toEqual([])
  })

  test('a cancellation whose reason has no string form still cancels', async () => {
    const { a, link } = createLoneSession()
    const slow = handleSlow(a)
    link.inject('a', request(1, 'slow'))
    link.inject('a', notification('notifications/cancelled', { requestId: 1, reason: { toString: 1 } }))
    await link.flush()
    expect(slow.context!.signal.aborted).toBe(true)
    expect((slow.context!.signal.reason as { code: string }).code).toBe('CANCELLED')
  })

  test('a cancellation for an unknown or malformed id changes nothing', async () => {
    const { a, link } = createLoneSession()
    let finish: (value: unknown) => void = () => {}
    a.handle('slow', () => new Promise((resolve) => (finish = resolve)))
    link.inject('a', request(1, 'slow'))
    link.inject('a', notification('notifications/cancelled', { requestId: 2 }))
    link.inject('a', notification('notifications/cancelled', { requestId: { id: 1 } }))
    link.inject('a', notification('notifications/cancelled', { requestId: '1' }))
    link.inject('a', notification('notifications/cancelled', {}))
    await link.flush()
    finish({ ok: true })
    await link.flush()
    expect(link.sent('a')).toStrictEqual([{ jsonrpc: '2.0', id: 1, result: { ok: true } }])
  })
})
