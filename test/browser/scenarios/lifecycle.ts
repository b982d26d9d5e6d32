/**
 * The full lifecycle of one view, as one scenario with one set of assertions, run in every
 * direction of the interop matrix (our host or the official AppBridge, our view or the official
 * App) and in the lifecycle suite.
 *
 * handshake → theme switch visible in the view → tool input partial / input / result → the view
 * grows and the real iframe follows → display mode change → sendMessage → updateModelContext →
 * callServerTool through the host to a real MCP server → openLink → log → teardown.
 */
import { expect } from 'vitest'
import { connectTestServer } from '../harness/mcp.js'
import { openHost, type Env, type HostHandle, type Side } from '../harness/env.js'
import { decodePng, dominantColor } from '../harness/png.js'
import type { Scenario } from '../harness/steps.js'
import type { FrameMode, TestHostApi } from '../pages/contract.js'

export interface LifecycleOptions {
  host: Side
  view: Side
  frameMode: FrameMode
}

const LIGHT = 'rgb(250, 250, 250)'
const DARK = 'rgb(16, 24, 48)'

/** Screenshot of the view's iframe, as the user sees it. */
export async function screenshotView(handle: HostHandle) {
  const element = await handle.hostFrame.waitForSelector('#views iframe')
  return decodePng(await element.screenshot({ animations: 'disabled' }))
}

export async function runLifecycle(env: Env, scenario: Scenario, options: LifecycleOptions): Promise<void> {
  const server = await scenario.step('connect the in-test MCP server', () => connectTestServer())
  const session = env.registerMcp(server.client, server.close)
  let handle: HostHandle | undefined
  try {
    handle = await scenario.step('open the host page and mount the view', () =>
      openHost(env, scenario, { host: options.host, view: options.view, config: { frameMode: options.frameMode, mcpSession: session.id } }),
    )
    const h = handle

    await scenario.step('handshake: the host sees initialized, the view has the host context', async () => {
      const initialized = await h.waitHost('initialized')
      expect((initialized.data as { appInfo: { name: string } }).appInfo.name).toBe(options.view === 'ours' ? 'our-test-view' : 'official-test-view')
      const connected = await h.waitView('connected')
      expect(connected.data).toMatchObject({ hostContext: { theme: 'light', displayMode: 'inline' } })
      expect(await h.appearance()).toEqual({ theme: 'light', background: LIGHT })
    })

    await scenario.step('host context change: the theme switch is visible in the view', async () => {
      await h.call('setHostContext', { theme: 'dark' })
      const changed = await h.waitView('hostcontextchanged')
      expect(changed.data).toMatchObject({ changed: ['theme'], context: { theme: 'dark', locale: 'en-US' } })
      expect(await h.appearance()).toEqual({ theme: 'dark', background: DARK })
      expect(dominantColor(await screenshotView(h))).toBe(DARK)
    })

    await scenario.step('tool input partial, input and result reach the view in order', async () => {
      await h.call('toolInputPartial', { city: 'Par' })
      await h.call('toolInput', { city: 'Paris' })
      await h.call('toolResult', { content: [{ type: 'text', text: 'Weather in Paris: sunny' }], structuredContent: { city: 'Paris', forecast: 'sunny' } })
      await h.waitView('toolresult')
      const events = (await h.viewEvents()).filter((event) => event.kind.startsWith('tool'))
      expect(events.map((event) => event.kind)).toEqual(['toolinputpartial', 'toolinput', 'toolresult'])
      expect(events[0]!.data).toEqual({ arguments: { city: 'Par' } })
      expect(events[1]!.data).toEqual({ arguments: { city: 'Paris' } })
      expect(events[2]!.data).toMatchObject({ structuredContent: { city: 'Paris', forecast: 'sunny' } })
      const frame = await h.viewFrame()
      expect(await frame.textContent('#result')).toBe('result: Weather in Paris: sunny')
    })

    await scenario.step('size-changed: the view grows and the real iframe follows', async () => {
      const before = (await h.call('frame'))!.height
      await h.run({ action: 'grow', height: 700 })
      await h.hostFrame.waitForFunction(
        (min) => (window as unknown as { testHost: TestHostApi }).testHost.events.some((e) => e.kind === 'resized' && (e.data as { height: number }).height >= min),
        before + 600,
      )
      const reported = (await h.hostEvents('sizechange')).at(-1)!.data as { height: number }
      const frame = (await h.call('frame'))!
      expect(frame.height).toBe(reported.height)
      expect(frame.height).toBeGreaterThanOrEqual(before + 600)
      // The view's own height inside the frame matches: nothing is cut off.
      const inner = await (await h.viewFrame()).evaluate(() => document.documentElement.getBoundingClientRect().height)
      expect(Math.ceil(inner)).toBeLessThanOrEqual(frame.height)
    })

    await scenario.step('display mode: the view asks for fullscreen, the host grants and tells it', async () => {
      const outcome = await h.run({ action: 'requestDisplayMode', mode: 'fullscreen' })
      expect(outcome).toEqual({ ok: true, value: 'fullscreen' })
      expect((await h.waitHost('displaymode')).data).toBe('fullscreen')
      const frame = await h.viewApp()
      await frame.waitForFunction(() =>
        (window as unknown as { testApp: { events: Array<{ kind: string; data?: any }> } }).testApp.events.some(
          (e) => e.kind === 'hostcontextchanged' && e.data.context.displayMode === 'fullscreen',
        ),
      )
      expect((await h.call('frame'))!.displayMode).toBe('fullscreen')
    })

    await scenario.step('sendMessage reaches the host', async () => {
      const outcome = await h.run({ action: 'sendMessage', text: 'Hello from the view' })
      expect(outcome.ok).toBe(true)
      const message = await h.waitHost('message')
      expect(message.data).toMatchObject({ role: 'user', content: [{ type: 'text', text: 'Hello from the view' }] })
    })

    await scenario.step('updateModelContext reaches the host', async () => {
      const outcome = await h.run({ action: 'updateModelContext', text: 'The user is looking at Paris', structured: { city: 'Paris' } })
      expect(outcome.ok).toBe(true)
      await h.waitHost('modelcontext')
      expect(await h.call('modelContext')).toMatchObject({ content: [{ type: 'text', text: 'The user is looking at Paris' }], structuredContent: { city: 'Paris' } })
    })

    await scenario.step('callServerTool goes through the host to the MCP server and back', async () => {
      const outcome = await h.run({ action: 'callServerTool', name: 'add', arguments: { a: 2, b: 3 } })
      expect(outcome).toMatchObject({ ok: true, value: { content: [{ type: 'text', text: '5' }], structuredContent: { sum: 5 } } })
      expect((await h.waitHost('callTool')).data).toMatchObject({ name: 'add', arguments: { a: 2, b: 3 } })
      expect(server.log.invocations).toContainEqual({ tool: 'add', arguments: { a: 2, b: 3 } })
    })

    await scenario.step('openLink reaches the host', async () => {
      const outcome = await h.run({ action: 'openLink', url: 'https://example.com/docs' })
      expect(outcome.ok).toBe(true)
      expect((await h.waitHost('openLink')).data).toEqual({ url: 'https://example.com/docs' })
    })

    await scenario.step('a log entry reaches the host', async () => {
      await h.run({ action: 'sendLog', text: 'hello log' })
      expect((await h.waitHost('log')).data).toMatchObject({ level: 'info', data: 'hello log' })
    })

    await scenario.step('teardown: the view answers, then the frame is gone', async () => {
      await h.call('teardown', 'scenario finished')
      const teardown = await h.waitHost('teardown')
      expect(teardown.data).toMatchObject({ answered: true })
      // The view saved its state (a log entry) before it answered.
      const logs = (await h.hostEvents('log')).map((event) => (event.data as { data: unknown }).data)
      expect(logs.some((data) => typeof data === 'string' && data.startsWith('teardown:'))).toBe(true)
      expect(await h.call('frame')).toBeNull()
    })
  } finally {
    await handle?.close()
    await session.close()
  }
}
