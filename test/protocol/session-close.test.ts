/** Session: close rejects pending requests with CLOSED, stops listening and answering. */
import { describe, expect, test } from 'vitest'
import { Session, type RequestContext } from '../../src/protocol/session.js'
import { createLoneSession, createSessionPair } from '../helpers/sessions.js'
import { rejection, watch } from '../helpers/outcome.js'
import { request, success } from '../helpers/messages.js'
import { thrown } from '../helpers/notes.js'

describe('close', () => {
  test('every pending request rejects with CLOSED and the given reason', async () => {
    const { a } = createLoneSession()
    const first = watch(a.request('x'))
    const second = watch(a.request('y'))
    expect(a.pendingCount).toBe(2)
    a.close('view removed')
    await Promise.resolve()
    expect([first.code, second.code]).toEqual(['CLOSED', 'CLOSED'])
    expect((first.error as Error).message).toContain('view removed')
    expect(a.pendingCount).toBe(0)
    expect(a.closed).toBe(true)
  })

  // The peer may be working on them for a caller that is gone: a host running a server tool call for a view that closed.
  test('closing tells the peer to stop working on each pending request (notifications/cancelled, with the reason), before it stops sending', async () => {
    const { a, link } = createLoneSession()
    const first = watch(a.request('x'))
    void watch(a.request('y'))
    a.close('app unmounted')
    const sent = link.sent('a')
    expect(sent.slice(2)).toEqual([
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: sent[0].id, reason: 'app unmounted' } },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: sent[1].id, reason: 'app unmounted' } },
    ])
    await Promise.resolve()
    expect(first.code).toBe('CLOSED')
    a.close('again')
    expect(link.sent('a')).toHaveLength(4)
  })

  test('a closing whose cancellation cannot be sent still closes, with a warning', async () => {
    const sent: unknown[] = []
    const warnings: Array<{ code: string }> = []
    let broken = false
    const session = new Session({
      transport: {
        send: (message) => {
          if (broken) throw new Error('port gone')
          sent.push(message)
        },
        listen: () => () => {},
      },
      onWarning: (w) => void warnings.push(w),
    })
    const pending = watch(session.request('x'))
    broken = true
    session.close()
    await Promise.resolve()
    expect(pending.code).toBe('CLOSED')
    expect(session.closed).toBe(true)
    expect(warnings).toMatchObject([{ code: 'UNEXPECTED' }])
  })

  test('the transport listener is removed', () => {
    const { a, link } = createLoneSession()
    expect(link.listening('a')).toBe(true)
    a.close()
    expect(link.listening('a')).toBe(false)
  })

  test('requests after close reject with CLOSED without sending; notify throws CLOSED', async () => {
    const { a, link } = createLoneSession()
    a.close()
    expect((await rejection(a.request('x'))).code).toBe('CLOSED')
    expect(thrown(() => a.notify('n')).code).toBe('CLOSED')
    expect(link.log).toEqual([])
  })

  test('close is idempotent', async () => {
    const { a } = createLoneSession()
    const pending = watch(a.request('x'))
    a.close('first')
    a.close('second')
    await Promise.resolve()
    expect((pending.error as Error).message).toContain('first')
  })

  test('a second close does nothing: the transport is unlistened once, no warning', () => {
    let unlistened = 0
    const warnings: unknown[] = []
    const session = new Session({
      transport: { send: () => {}, listen: () => () => void unlistened++ },
      onWarning: (w) => void warnings.push(w),
    })
    session.close()
    session.close()
    expect([unlistened, warnings]).toEqual([1, []])
  })

  test('requests being handled are aborted with CLOSED and never answered', async () => {
    const { a, link } = createLoneSession()
    let context: RequestContext | undefined
    let finish: (value: unknown) => void = () => {}
    a.handle('slow', (_params, ctx) => {
      context = ctx
      return new Promise((resolve) => (finish = resolve))
    })
    link.inject('a', request(1, 'slow'))
    await link.flush()
    a.close()
    expect(context!.signal.aborted).toBe(true)
    expect((context!.signal.reason as { code: string }).code).toBe('CLOSED')
    finish({ late: true })
    await link.flush()
    expect(link.sent('a')).toEqual([])
  })

  test('a message a transport still delivers after close is ignored', () => {
    // A transport that forgets to stop: the session itself must not act on late messages.
    let receive: (data: unknown) => void = () => {}
    const sent: unknown[] = []
    const warnings: unknown[] = []
    const session = new Session({
      transport: { send: (message) => void sent.push(message), listen: (r) => ((receive = r), () => {}) },
      onWarning: (w) => void warnings.push(w),
    })
    let handled = 0
    session.handle('m', () => void handled++)
    session.close()
    receive(request(1, 'm'))
    receive(success(1, {}))
    receive({ jsonrpc: '2.0', method: 42 })
    expect(handled).toBe(0)
    expect(sent).toEqual([])
    expect(warnings).toEqual([])
  })

  test('forgetPeer frees the ids the old peer had in flight: a new peer reusing one is served', async () => {
    const { a, link, warnings } = createLoneSession()
    a.handle('slow', () => new Promise(() => {}))
    a.handle('m', () => ({ ok: true }))
    link.inject('a', request(1, 'slow'))
    await link.flush()
    a.forgetPeer('view replaced')
    link.inject('a', request(1, 'm'))
    await link.flush()
    expect(link.sent('a')).toStrictEqual([{ jsonrpc: '2.0', id: 1, result: { ok: true } }])
    expect(warnings).toEqual([])
  })

  test('a warning hook that closes the session stops the refusal it was warned about: nothing is sent', async () => {
    // The refusal warns first and answers second: the answer must not go out on a closed session.
    let session: Session | undefined
    const { a, link } = createLoneSession({ onWarning: () => session!.close() })
    session = a
    link.inject('a', request(1, 42 as unknown as string))
    await link.flush()
    expect(a.closed).toBe(true)
    expect(link.sent('a')).toEqual([])
  })

  test('a peer that closes leaves our request pending until our own timeout or close', async () => {
    const { a, b, link } = createSessionPair()
    b.close()
    const pending = watch(a.request('x', {}, { timeoutMs: 60_000 }))
    await link.flush()
    expect(pending.state).toBe('pending')
    a.close()
    await Promise.resolve()
    expect(pending.code).toBe('CLOSED')
  })
})
