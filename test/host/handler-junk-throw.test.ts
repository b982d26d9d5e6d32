/**
 * A host handler that throws a value with no string form (`Object.create(null)`): the view still
 * gets its internal-error answer, and nothing escapes as an unhandled rejection (describing the
 * failure once threw in turn, leaving the request unanswered).
 */
import { describe, expect, it } from 'vitest'
import { hostsClosedAfterEach } from './helpers.js'

const start = hostsClosedAfterEach()
const message = { role: 'user', content: [{ type: 'text', text: 'hi' }] }

function junk(): unknown {
  const error = Object.create(null)
  error.reason = 'quota exceeded'
  return error
}

describe('a host handler that throws a value with no string form', () => {
  it('(sync) the view still gets an internal error answer', async () => {
    const { view } = start({
      capabilities: { serverTools: {} },
      tools: [{ name: 't', inputSchema: { type: 'object' } }],
      handlers: {
        callTool: () => {
          throw junk()
        },
      },
    })
    await view.initialize()
    const response = await view.request('tools/call', { name: 't', arguments: {} })
    expect(response.error?.code).toBe(-32603)
  })

  it('(async) the view still gets an internal error answer, and nothing escapes as an unhandled rejection', async () => {
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      const { view } = start({
        capabilities: { message: {} },
        handlers: {
          message: async () => {
            throw junk()
          },
        },
      })
      await view.initialize()
      const response = await view.request('ui/message', message).catch((error: Error) => ({ timedOut: error.message }))
      expect(unhandled).toEqual([])
      expect(response).toMatchObject({ error: { code: -32603 } })
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
  })
})
