/**
 * A ChatGPT-style app (written against `window.openai` only, with the shim's script-tag bundle
 * first in its head) in our host, in Chromium, through its whole life: globals from the tool call
 * and the host context, `openai:set_globals`, each method through the host's enforced paths,
 * honest feature detection, and widget state persisted by the host's hook and restored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openAiAppHtml, useCompatEnv } from './compat-env.js'
import { Scenario } from './harness/steps.js'

const env = useCompatEnv({ beforeAll, afterAll })

const ALL = { serverTools: {}, message: { text: {} }, openLinks: {}, updateModelContext: { text: {}, structuredContent: {} } }
const CONTEXT = { theme: 'light' as const, locale: 'it-IT', displayMode: 'inline' as const, availableDisplayModes: ['inline' as const, 'fullscreen' as const], containerDimensions: { maxHeight: 1_500 }, platform: 'web' as const }

const features = (frame: import('playwright-core').Frame): Promise<string[]> => frame.evaluate(() => (window as unknown as { features(): string[] }).features())

describe('a ChatGPT-style app in our host (Chromium)', () => {
  it('runs unchanged through its whole life (the host injects the shim, as ChatGPT injects window.openai)', async () => {
    const s = new Scenario('compat openai › full lifecycle')
    const h = await s.step('call the tool and mount the app', () =>
      env().open(s, 'mountOpenAi', { tool: 'show-pizza', arguments: { city: 'Napoli' }, capabilities: ALL, hostContext: CONTEXT, html: openAiAppHtml(), injectShim: true }),
    )
    try {
      const app = await s.step('one handshake, by the shim', async () => {
        await h.waitFor('ready')
        // Injected first in the head, the shim runs before the <title> exists: the default name.
        expect(await h.call('appName')).toBe('openai-app')
        const initializes = (await h.events('traffic')).filter((e) => e.data.direction === 'in' && e.data.method === 'ui/initialize')
        expect(initializes).toHaveLength(1)
        return h.appFrame('#add')
      })
      await s.step('the globals hold the tool input, output, metadata and context; set_globals fired for them', async () => {
        await app.getByText('city: Napoli').waitFor()
        await app.getByText('topping: basil').waitFor()
        await app.getByText('meta: oven-7').waitFor()
        const state = await app.evaluate(() => {
          const { theme, locale, displayMode, maxHeight, userAgent } = (window as unknown as { openai: Record<string, unknown> }).openai
          return { theme, locale, displayMode, maxHeight, userAgent }
        })
        expect(state).toStrictEqual({ theme: 'light', locale: 'it-IT', displayMode: 'inline', maxHeight: 1_500, userAgent: { device: { type: 'desktop' }, capabilities: { hover: true, touch: false } } })
        const changed = (await app.evaluate(() => (window as unknown as { globalsEvents: string[][] }).globalsEvents)).flat()
        // Only what differs from the defaults: theme (light) and display mode (inline) did not change.
        expect(changed.sort()).toStrictEqual(['locale', 'maxHeight', 'toolInput', 'toolOutput', 'toolResponseMetadata', 'userAgent'])
      })
      await s.step('every method the host supports is there', async () => {
        expect(await features(app)).toStrictEqual(['callTool', 'sendFollowUpMessage', 'openExternal', 'requestDisplayMode', 'setWidgetState'])
      })
      await s.step('callTool → the server (through the host) and back', async () => {
        const before = env().log.invocations.length
        expect(await h.press(app, 'Add 2 and 3', 'callTool')).toStrictEqual({ name: 'add', arguments: { a: 2, b: 3 } })
        await app.getByText('sum: 5').waitFor()
        expect(env().log.invocations.slice(before)).toStrictEqual([{ tool: 'add', arguments: { a: 2, b: 3 } }])
      })
      await s.step('sendFollowUpMessage → the host\'s message handler; openExternal → its link policy', async () => {
        expect(await h.press(app, 'More pizzas', 'message')).toStrictEqual([{ type: 'text', text: 'Show me more pizzas' }])
        expect(await h.press(app, 'Open the site', 'openLink')).toBe('https://example.com/pizza')
      })
      await s.step('setWidgetState → model context, saved by the host\'s hook', async () => {
        expect(await h.press(app, 'Save my favourite', 'saveWidgetState')).toStrictEqual({ favourite: 'margherita' })
        await app.getByText('state: margherita').waitFor()
        expect(await h.call('modelContext')).toStrictEqual({ structuredContent: { favourite: 'margherita' }, _meta: { 'openai/widgetState': true } })
      })
      await s.step('notifyIntrinsicHeight → the frame\'s height', async () => {
        await app.getByRole('button', { name: 'Make it tall' }).click()
        expect((await h.waitFor('sizechange')).data).toBeTruthy()
        await h.page.waitForFunction(() => (window as any).compatHost.frame()?.height === 640)
      })
      await s.step('a theme change fires set_globals and the app follows', async () => {
        await h.call('setHostContext', { theme: 'dark' })
        await app.waitForFunction(() => document.documentElement.dataset.theme === 'dark')
        const last = (await app.evaluate(() => (window as unknown as { globalsEvents: string[][] }).globalsEvents)).at(-1)
        expect(last).toStrictEqual(['theme'])
      })
      await s.step('requestDisplayMode → fullscreen, granted by the host', async () => {
        await app.getByRole('button', { name: 'Fullscreen' }).click()
        await app.getByText('mode: fullscreen').waitFor()
        expect((await h.waitFor('displaymode')).data).toBe('fullscreen')
        expect((await h.call('frame')).displayMode).toBe('fullscreen')
      })
      await s.step('teardown', async () => {
        await h.call('teardown', 'done')
        expect(await h.call('frame')).toBeNull()
      })
    } finally {
      await h.close()
    }
  })

  it('carrying the shim itself: shows only what the host supports, and gets its saved widget state back', async () => {
    const s = new Scenario('compat openai › feature detection and restored state')
    const h = await s.step('mount with messages only, and a saved state', () =>
      env().open(s, 'mountOpenAi', {
        tool: 'show-pizza',
        arguments: { city: 'Roma' },
        capabilities: { message: {} },
        hostContext: { ...CONTEXT, availableDisplayModes: ['inline'] },
        html: openAiAppHtml(true),
        savedState: { favourite: 'diavola' },
      }),
    )
    try {
      const app = await s.step('handshake, named after the app (its script tag comes after the <title>)', async () => {
        await h.waitFor('ready')
        expect(await h.call('appName')).toBe('Pizza list')
        return h.appFrame('#add')
      })
      await s.step('the methods the host does not support are absent; widget state (persisted by the host) is there', async () => {
        await app.getByText('state: diavola').waitFor()
        // withWidgetState advertises model context for structured content, so setWidgetState exists.
        expect(await features(app)).toStrictEqual(['sendFollowUpMessage', 'setWidgetState'])
        await app.getByRole('button', { name: 'Add 2 and 3' }).click()
        await app.getByText('callTool unavailable').waitFor()
      })
    } finally {
      await h.close()
    }
  })
})
