/** The view accepts both denial forms for actions (A.7): a -32000 error and the SDK's `isError: true` result. */
import { describe, expect, test } from 'vitest'
import { createLoneView, initializeResult } from '../helpers/bridges.js'
import { failure, success } from '../helpers/messages.js'
import { rejection } from '../helpers/outcome.js'
import type { ViewBridge } from '../../src/view/index.js'

const actions: Array<[method: string, capability: string, call: (view: ViewBridge) => Promise<unknown>]> = [
  ['ui/open-link', 'openLinks', (view) => view.openLink('https://example.com')],
  ['ui/message', 'message', (view) => view.sendMessage('hi')],
  ['ui/download-file', 'downloadFile', (view) => view.downloadFile({ contents: [{ type: 'resource_link', uri: 'https://example.com/a.pdf', name: 'a' }] })],
]

async function connectedView(capability: string) {
  const lone = createLoneView()
  const { connecting } = await lone.startConnect()
  lone.pair.injectToView(success(1, initializeResult({ hostCapabilities: { [capability]: {} } })))
  await connecting
  return lone
}

describe.for(actions)('%s', ([method, capability, call]) => {
  test('a plain result resolves', async () => {
    const { view, pair } = await connectedView(capability)
    const pending = call(view)
    await pair.flush()
    expect(pair.sent('view').at(-1)).toMatchObject({ id: 2, method })
    pair.injectToView(success(2, {}))
    await expect(pending).resolves.toEqual({})
  })

  test('isError: true rejects with DENIED, carrying the result', async () => {
    const { view, pair } = await connectedView(capability)
    const pending = call(view)
    await pair.flush()
    pair.injectToView(success(2, { isError: true, content: [{ type: 'text', text: 'User declined' }] }))
    const error = await rejection(pending)
    expect(error.code).toBe('DENIED')
    expect(error.data).toEqual({ isError: true, content: [{ type: 'text', text: 'User declined' }] })
  })

  test('a -32000 error rejects with DENIED', async () => {
    const { view, pair } = await connectedView(capability)
    const pending = call(view)
    await pair.flush()
    pair.injectToView(failure(2, -32000, 'Link opening denied by user'))
    const error = await rejection(pending)
    expect(error.code).toBe('DENIED')
    expect(error.rpcCode).toBe(-32000)
  })

  test('not advertised: refused before sending with NOT_SUPPORTED', async () => {
    const { view, pair } = await connectedView('logging')
    const before = pair.log.length
    expect((await rejection(call(view))).code).toBe('NOT_SUPPORTED')
    expect(pair.log.length).toBe(before)
  })
})
