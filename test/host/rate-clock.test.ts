/**
 * Defect: rate-limit.ts measures elapsed time with `Date.now()`, the wall clock, which jumps
 * backwards when the system clock is corrected (NTP after sleep, a user fixing the time). The
 * negative interval is added to the bucket, so a clock stepped back by N seconds drains it by
 * N × perSecond tokens: a view that has been quiet is refused every action (open-link, message,
 * display mode …) for N seconds, ten minutes here. The session's timers already use
 * `performance.now()`, which is monotonic.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { hostsClosedAfterEach } from './helpers.js'

const start = hostsClosedAfterEach()
afterEach(() => void vi.useRealTimers())

describe('rate limits and the wall clock', () => {
  it('a clock stepped back does not lock a quiet view out of its actions', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'))
    const { view } = start({ capabilities: { message: {} }, handlers: { message: () => {} } })
    await view.initialize()
    vi.setSystemTime(new Date('2026-03-01T11:50:00Z')) // the OS corrects its clock by ten minutes
    const response = await view.request('ui/message', { role: 'user', content: [{ type: 'text', text: 'hello' }] })
    expect(response.error).toBeUndefined()
    expect(response.result).toEqual({})
  })
})
