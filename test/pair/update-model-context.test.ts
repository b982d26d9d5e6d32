/** ui/update-model-context end to end: the host keeps only the latest, empty clears it. */
import { describe, expect, test } from 'vitest'
import { BridgeError } from '../../src/protocol/index.js'
import { createBridgePair } from '../helpers/bridges.js'
import { rejection } from '../helpers/outcome.js'
import { request } from '../helpers/messages.js'

const capabilities = { updateModelContext: { text: {}, structuredContent: {} } }

describe('updateModelContext', () => {
  test('exact wire payload; the host stores it, emits it and answers {}', async () => {
    const { host, view, pair, connect } = createBridgePair({ host: { capabilities } })
    await connect()
    const emitted: unknown[] = []
    host.on('modelcontext', (context) => void emitted.push(context))
    const start = pair.log.length
    await view.updateModelContext({ content: [{ type: 'text', text: 'Selected: Paris' }], structuredContent: { city: 'Paris' } })
    await pair.flush()
    expect(pair.sent('view', start)).toStrictEqual([
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'ui/update-model-context',
        params: { content: [{ type: 'text', text: 'Selected: Paris' }], structuredContent: { city: 'Paris' } },
      },
    ])
    expect(pair.sent('host', start)).toStrictEqual([{ jsonrpc: '2.0', id: 2, result: {} }])
    expect(host.modelContext).toStrictEqual({ content: [{ type: 'text', text: 'Selected: Paris' }], structuredContent: { city: 'Paris' } })
    expect(emitted).toStrictEqual([host.modelContext])
  })

  test('each update replaces the previous one; an empty update clears it', async () => {
    const { host, view, connect } = createBridgePair({ host: { capabilities } })
    await connect()
    await view.updateModelContext({ structuredContent: { step: 1 } })
    await view.updateModelContext({ structuredContent: { step: 2 } })
    expect(host.modelContext).toStrictEqual({ structuredContent: { step: 2 } })
    await view.updateModelContext({})
    expect(host.modelContext).toBeUndefined()
    await view.updateModelContext({ content: [], structuredContent: {} })
    expect(host.modelContext).toBeUndefined()
  })

  test('the context is stored only once the host handler accepted it', async () => {
    const seen: unknown[] = []
    let refuse = false
    const { host, view, connect } = createBridgePair({
      host: {
        capabilities,
        handlers: {
          updateModelContext: (params) => {
            seen.push([params, host.modelContext])
            if (refuse) throw new BridgeError('DENIED', 'not now')
          },
        },
      },
    })
    await connect()
    await view.updateModelContext({ structuredContent: { a: 1 } })
    expect(seen).toStrictEqual([[{ structuredContent: { a: 1 } }, undefined]])
    expect(host.modelContext).toStrictEqual({ structuredContent: { a: 1 } })
    refuse = true
    await expect(view.updateModelContext({ structuredContent: { a: 2 } })).rejects.toMatchObject({ code: 'DENIED' })
    expect(host.modelContext).toStrictEqual({ structuredContent: { a: 1 } })
  })

  test('without the capability the view refuses before sending', async () => {
    const { view, pair, connect } = createBridgePair()
    await connect()
    const before = pair.log.length
    expect((await rejection(view.updateModelContext({ structuredContent: {} }))).code).toBe('NOT_SUPPORTED')
    expect(pair.log.length).toBe(before)
  })

  test('invalid params are answered -32602 naming the field, and the stored context is kept', async () => {
    const { host, view, pair, connect } = createBridgePair({ host: { capabilities } })
    await connect()
    await view.updateModelContext({ structuredContent: { keep: true } })
    pair.injectToHost(request('bad', 'ui/update-model-context', { structuredContent: [1, 2] }))
    await pair.flush()
    const answer = pair.sent('host').at(-1)
    expect(answer).toStrictEqual({ jsonrpc: '2.0', id: 'bad', error: { code: -32602, message: expect.stringContaining('structuredContent') } })
    expect(host.modelContext).toStrictEqual({ structuredContent: { keep: true } })
  })
})
