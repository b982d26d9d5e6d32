/**
 * `ui/update-model-context` with a slow host handler: the model gets the update the view sent
 * last ("each call overwrites the previous one"), whatever order the handler finishes in, and
 * nothing changes `modelContext` after the request was cancelled or the bridge closed.
 */
import { describe, expect, it } from 'vitest'
import { hostsClosedAfterEach, until } from './helpers.js'

const start = hostsClosedAfterEach()
const text = (value: string) => ({ type: 'text', text: value })

describe('ui/update-model-context with an async host handler', () => {
  it('keeps the update the view sent last, whatever order the handler finishes in', async () => {
    const releases: Array<() => void> = []
    const { view, bridge } = start({
      capabilities: { updateModelContext: {} },
      handlers: { updateModelContext: () => new Promise<void>((resolve) => releases.push(resolve)) },
    })
    await view.initialize()
    const first = view.request('ui/update-model-context', { content: [text('old: user looked at Paris')] })
    await until(() => releases.length === 1)
    const second = view.request('ui/update-model-context', { content: [text('new: user looked at Rome')] })
    await until(() => releases.length === 2)
    releases[1]!() // the newer update is stored quickly
    await second
    releases[0]!() // the older one finishes later
    await first
    expect(bridge.modelContext).toEqual({ content: [text('new: user looked at Rome')] })
  })

  it('does not change modelContext or fire modelcontext after the bridge closed', async () => {
    let release!: () => void
    const { view, bridge } = start({
      capabilities: { updateModelContext: {} },
      handlers: { updateModelContext: () => new Promise<void>((resolve) => (release = resolve)) },
    })
    await view.initialize()
    const events: unknown[] = []
    let closedSeen = false
    bridge.on('close', () => (closedSeen = true))
    bridge.on('modelcontext', (context) => events.push({ context, afterClose: closedSeen }))
    view.post({ jsonrpc: '2.0', id: 5, method: 'ui/update-model-context', params: { content: [text('late')] } })
    await until(() => release !== undefined)
    bridge.close('chat closed')
    release()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(events).toEqual([])
    expect(bridge.modelContext).toBeUndefined()
  })
})
