/**
 * The `window.openai` shim against a real `HostBridge`, over two linked happy-dom windows: honest
 * feature detection, globals and `openai:set_globals`, each method through the host's enforced
 * paths, widget state as model context and through the host hook, `notifyIntrinsicHeight`, and
 * the one-handshake rule.
 */
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { HostBridge, type HostBridgeOptions, type McpUiHostCapabilities } from '../../src/host/index.js'
import { installOpenAiShim, SET_GLOBALS_EVENT, TOOL_RESPONSE_EVENT, type OpenAi } from '../../src/openai/index.js'
import { withWidgetState } from '../../src/openai/host.js'
import type { BridgeWarning, McpUiUpdateModelContextParams } from '../../src/protocol/index.js'
import { createWindowPair } from '../helpers/window-pair.js'
import { TOOLS } from './mcp-ui-helpers.js'

const HOST_INFO = { name: 'compat-test-host', version: '1.0.0' }
const ALL: McpUiHostCapabilities = { serverTools: {}, message: { text: {} }, openLinks: {}, updateModelContext: { text: {}, structuredContent: {} } }
const METHODS = ['callTool', 'sendFollowUpMessage', 'sendFollowupTurn', 'openExternal', 'requestDisplayMode', 'setWidgetState'] as const
/** ChatGPT's extensions with no MCP Apps equivalent. */
const UNSUPPORTED = ['requestModal', 'uploadFile', 'getFileDownloadUrl', 'setOpenInAppUrl', 'requestCheckout'] as const
/** The globals the Apps SDK documents (its `OpenAiGlobals` and `view`). */
const GLOBALS = ['theme', 'userAgent', 'locale', 'maxHeight', 'displayMode', 'safeArea', 'view', 'toolInput', 'toolOutput', 'toolResponseMetadata', 'widgetState'] as const

function setup(host: Partial<HostBridgeOptions> = {}, view: { autoResize?: boolean } = {}) {
  const pair = createWindowPair()
  const globals: Array<Record<string, unknown>> = []
  pair.view.addEventListener(SET_GLOBALS_EVENT, (event: any) => void globals.push(event.detail.globals))
  const bridge = new HostBridge({
    hostInfo: HOST_INFO,
    target: pair.frame as unknown as Window,
    targetOrigin: pair.viewOrigin,
    hostWindow: pair.host as never,
    tools: TOOLS,
    client: {
      callTool: async (params) => ({ content: [{ type: 'text', text: 'ok' }], structuredContent: { echo: (params as { arguments?: unknown }).arguments } }),
      listTools: async () => ({ tools: TOOLS }),
      readResource: async () => ({}),
    },
    ...host,
  })
  const shim = installOpenAiShim({ window: pair.view as never, bridgeOptions: { target: pair.parent, autoResize: false, ...view } })!
  const viewWarnings: BridgeWarning[] = []
  shim.bridge.on('warning', (warning) => void viewWarnings.push(warning))
  onTestFinished(() => {
    shim.bridge.close()
    bridge.close()
    pair.close()
  })
  const openai = (pair.view as unknown as { openai: OpenAi }).openai
  return {
    pair,
    bridge,
    shim,
    openai,
    globals,
    viewWarnings,
    async connect() {
      await shim.ready
      await pair.flush()
    },
  }
}

const present = (openai: OpenAi) => METHODS.filter((name) => typeof openai[name] === 'function')

describe('window.openai', () => {
  it('is there before the app runs, with defaults and every method, which waits for the handshake (ChatGPT\'s are there at once, and apps call callTool in a mount effect)', async () => {
    const s = setup({ capabilities: ALL, hostContext: { availableDisplayModes: ['inline', 'fullscreen'] } })
    expect(s.openai).toBe(s.shim.openai)
    expect(Object.fromEntries(Object.entries(s.openai).map(([key, value]) => [key, typeof value === 'function' ? 'function' : value]))).toStrictEqual({
      theme: 'light',
      locale: 'en-US',
      displayMode: 'inline',
      maxHeight: undefined,
      safeArea: { insets: { top: 0, right: 0, bottom: 0, left: 0 } },
      userAgent: { device: { type: 'unknown' }, capabilities: { hover: true, touch: false } },
      view: { mode: 'inline' },
      toolInput: {},
      toolOutput: null,
      toolResponseMetadata: null,
      widgetState: null,
      notifyIntrinsicHeight: 'function',
      requestClose: 'function',
      ...Object.fromEntries([...METHODS, ...UNSUPPORTED].map((name) => [name, 'function'])),
    })
    // An app's first render calls them before the host could answer the handshake.
    const early = s.openai.callTool!('add', { a: 1 })
    const mode = s.openai.requestDisplayMode!({ mode: 'fullscreen' })
    await expect(early).resolves.toMatchObject({ structuredContent: { echo: { a: 1 } }, result: 'ok' })
    await expect(mode).resolves.toStrictEqual({ mode: 'fullscreen' })
    await s.connect()
    expect(present(s.openai)).toStrictEqual([...METHODS])
    // The property cannot be replaced by the app or another script.
    expect(() => ((s.pair.view as unknown as { openai: unknown }).openai = {})).toThrow()
  })

  it('has a method only while the host advertises what it needs', async () => {
    const none = setup()
    // Called before the handshake, a method the host turns out not to support is refused then, and
    // a refused setWidgetState nobody awaits is no unhandled rejection.
    const early = none.openai.callTool!('add')
    void none.openai.setWidgetState!({ page: 1 })
    await none.connect()
    await expect(early).rejects.toMatchObject({ code: 'NOT_SUPPORTED' })
    expect(present(none.openai)).toStrictEqual([])

    // Model context in text only: widget state (structured) would be refused, so there is no setWidgetState.
    const textOnly = setup({ capabilities: { updateModelContext: { text: {} }, message: {} }, hostContext: { availableDisplayModes: ['inline'] } })
    await textOnly.connect()
    expect(present(textOnly.openai)).toStrictEqual(['sendFollowUpMessage', 'sendFollowupTurn'])

    // A capability that lists no modality accepts every kind.
    const any = setup({ capabilities: { updateModelContext: {} } })
    await any.connect()
    expect(present(any.openai)).toStrictEqual(['setWidgetState'])

    // Display modes come and go with the host context.
    any.bridge.setHostContext({ availableDisplayModes: ['inline', 'pip'] })
    await any.pair.flush()
    expect(present(any.openai)).toStrictEqual(['requestDisplayMode', 'setWidgetState'])
    any.bridge.setHostContext({ availableDisplayModes: ['inline'] })
    await any.pair.flush()
    expect(present(any.openai)).toStrictEqual(['setWidgetState'])
  })

  it('maps the host context to the globals and fires openai:set_globals with exactly what changed', async () => {
    const s = setup({
      hostContext: {
        theme: 'dark',
        locale: 'de-DE',
        displayMode: 'inline',
        containerDimensions: { maxHeight: 700 },
        safeAreaInsets: { top: 10, right: 0, bottom: 20, left: 0 },
        platform: 'mobile',
        deviceCapabilities: { touch: true, hover: false },
      },
    })
    await s.connect()
    expect(s.globals).toStrictEqual([
      {
        theme: 'dark',
        locale: 'de-DE',
        maxHeight: 700,
        safeArea: { insets: { top: 10, right: 0, bottom: 20, left: 0 } },
        userAgent: { device: { type: 'mobile' }, capabilities: { hover: false, touch: true } },
      },
    ])
    s.bridge.setHostContext({ theme: 'light', locale: 'de-DE' })
    await s.pair.flush()
    s.bridge.setHostContext({ containerDimensions: { height: 300 } })
    await s.pair.flush()
    expect(s.globals.slice(1)).toStrictEqual([{ theme: 'light' }, { maxHeight: 300 }])
    expect(s.openai.theme).toBe('light')
  })

  it('updates toolInput, toolOutput (structuredContent) and toolResponseMetadata (_meta) as they arrive', async () => {
    const s = setup()
    s.bridge.sendToolInput({ city: 'Lyon' })
    s.bridge.sendToolResult({ content: [{ type: 'text', text: '18°' }], structuredContent: { temperature: 18 }, _meta: { 'widget/id': 'w1' } })
    await s.connect()
    expect([s.openai.toolInput, s.openai.toolOutput, s.openai.toolResponseMetadata]).toStrictEqual([{ city: 'Lyon' }, { temperature: 18 }, { 'widget/id': 'w1' }])
    expect(s.globals).toStrictEqual([{ toolInput: { city: 'Lyon' } }, { toolOutput: { temperature: 18 }, toolResponseMetadata: { 'widget/id': 'w1' } }])
  })

  it('reads structuredContent that arrives double-encoded as a JSON string, once, with a warning', async () => {
    const s = setup()
    s.bridge.sendToolInput({})
    s.bridge.sendToolResult({ content: [], structuredContent: '{"temperature":21}' as never })
    await s.connect()
    expect(s.openai.toolOutput).toStrictEqual({ temperature: 21 })
    expect(s.viewWarnings).toContainEqual({ code: 'VARIANT', message: 'ui/notifications/tool-result: structuredContent JSON-encoded' })
  })

  it('has every documented global from install, with the value ChatGPT gives when it has none, so reads before any data are safe', () => {
    const s = setup()
    // `view` included: hooks read `view.mode` (a modal's state) without checking for it.
    for (const key of GLOBALS) expect(Object.hasOwn(s.openai, key), key).toBe(true)
    expect([s.openai.view.mode, s.openai.toolOutput, s.openai.toolResponseMetadata, s.openai.widgetState, s.openai.toolInput]).toStrictEqual(['inline', null, null, null, {}])
  })

  it('serves useOpenAiGlobal-style hooks: each set_globals names what changed, and window.openai already holds it when it fires', async () => {
    const s = setup({ hostContext: { theme: 'dark', displayMode: 'pip', availableDisplayModes: ['inline', 'pip'] } })
    // The official hook: subscribe before any data, and on an event naming the key, read window.openai[key].
    const reads: Array<[string, unknown]> = []
    s.pair.view.addEventListener(SET_GLOBALS_EVENT, (event: any) => {
      for (const key of GLOBALS) if (event.detail.globals[key] !== undefined) reads.push([key, (s.pair.view as unknown as { openai: OpenAi }).openai[key]])
    })
    s.bridge.sendToolInput({ city: 'Lyon' })
    s.bridge.sendToolResult({ content: [], structuredContent: { temperature: 18 }, _meta: { 'widget/id': 'w1' } })
    await s.connect()
    expect(reads).toStrictEqual([
      ['theme', 'dark'],
      ['displayMode', 'pip'],
      ['view', { mode: 'pip' }],
      ['toolInput', { city: 'Lyon' }],
      ['toolOutput', { temperature: 18 }],
      ['toolResponseMetadata', { 'widget/id': 'w1' }],
    ])
  })
})

describe('window.openai methods go through the host\'s enforced paths', () => {
  it('callTool → tools/call (visibility applies), resolving with the tool result', async () => {
    const calls: unknown[] = []
    const s = setup({ capabilities: ALL, handlers: { callTool: (params, context) => (calls.push(params), context.forward()) } })
    await s.connect()
    await expect(s.openai.callTool!('add', { a: 1 })).resolves.toStrictEqual({ content: [{ type: 'text', text: 'ok' }], structuredContent: { echo: { a: 1 } }, result: 'ok' })
    await expect(s.openai.callTool!('secret')).rejects.toMatchObject({ code: 'DENIED' })
    expect(calls).toStrictEqual([{ name: 'add', arguments: { a: 1 } }])
  })

  it('callTool resolves with result too, the text of the content (the Apps SDK\'s CallToolResponse; the official data-explorer example parses it)', async () => {
    const s = setup({
      capabilities: ALL,
      handlers: { callTool: () => ({ content: [{ type: 'text', text: '{"rows":' }, { type: 'image', data: 'AA==', mimeType: 'image/png' }, { type: 'text', text: '[1,2]}' }], structuredContent: { rows: [1, 2] } }) },
    })
    await s.connect()
    const response = await s.openai.callTool!('add', {})
    expect(JSON.parse(response.result)).toStrictEqual({ rows: [1, 2] })
    expect(response.result).toBe('{"rows":\n[1,2]}')
    expect(response.structuredContent).toStrictEqual({ rows: [1, 2] })
  })

  it('callTool fires openai:tool_response once the call completes (ChatGPT does; apps refresh on it), and not for a refused call', async () => {
    const s = setup({ capabilities: ALL })
    const responses: unknown[] = []
    s.pair.view.addEventListener(TOOL_RESPONSE_EVENT, (event: any) => void responses.push(event.detail))
    await s.connect()
    const call = s.openai.callTool!('add', { a: 1 })
    expect(responses).toStrictEqual([])
    await call
    await s.openai.callTool!('add', null as never)
    await expect(s.openai.callTool!('secret')).rejects.toMatchObject({ code: 'DENIED' })
    expect(responses).toStrictEqual([{ tool: { name: 'add', args: { a: 1 } } }, { tool: { name: 'add', args: {} } }])
  })

  it('callTool without arguments sends {} (the Apps SDK lets an app leave them out)', async () => {
    const calls: unknown[] = []
    const s = setup({ capabilities: ALL, handlers: { callTool: (params, context) => (calls.push(params), context.forward()) } })
    await s.connect()
    await expect(s.openai.callTool!('add')).resolves.toStrictEqual({ content: [{ type: 'text', text: 'ok' }], structuredContent: { echo: {} }, result: 'ok' })
    // Skybridge passes null for a tool without input.
    await s.openai.callTool!('add', null as never)
    expect(calls).toStrictEqual([{ name: 'add', arguments: {} }, { name: 'add', arguments: {} }])
  })

  it('sendFollowUpMessage (and its older name) → ui/message', async () => {
    const messages: unknown[] = []
    const s = setup({ capabilities: ALL, handlers: { message: (params) => void messages.push(params.content) } })
    await s.connect()
    await expect(s.openai.sendFollowUpMessage!({ prompt: 'More like this' })).resolves.toBeUndefined()
    await s.openai.sendFollowupTurn!('And cheaper')
    expect(messages).toStrictEqual([[{ type: 'text', text: 'More like this' }], [{ type: 'text', text: 'And cheaper' }]])
  })

  it('openExternal → ui/open-link under the link policy; a refusal nobody awaits is not an unhandled rejection', async () => {
    const opened: string[] = []
    const s = setup({ capabilities: ALL, handlers: { openLink: ({ url }) => void opened.push(url) } })
    await s.connect()
    await s.openai.openExternal!({ href: 'https://example.com/a' })
    const refused = s.openai.openExternal!({ href: 'javascript:alert(1)' })
    void s.openai.openExternal!('vbscript:x')
    await expect(refused).rejects.toMatchObject({ code: 'DENIED' })
    await s.pair.flush()
    expect(opened).toStrictEqual(['https://example.com/a'])
  })

  it('requestDisplayMode resolves with the mode in effect, granted or not, and the global follows', async () => {
    let grant = true
    const s = setup({
      hostContext: { availableDisplayModes: ['inline', 'fullscreen'] },
      // Refusing is answering with the mode already in effect.
      handlers: { requestDisplayMode: ({ mode }, { bridge }) => (grant ? mode : bridge.hostContext.displayMode) },
    })
    await s.connect()
    await expect(s.openai.requestDisplayMode!({ mode: 'fullscreen' })).resolves.toStrictEqual({ mode: 'fullscreen' })
    await s.pair.flush()
    expect(s.openai.displayMode).toBe('fullscreen')
    expect(s.globals.at(-1)).toStrictEqual({ displayMode: 'fullscreen', view: { mode: 'fullscreen' } })
    grant = false
    await expect(s.openai.requestDisplayMode!({ mode: 'inline' })).resolves.toStrictEqual({ mode: 'fullscreen' })
    // pip is not available: refused before sending, answered with the current mode.
    await expect(s.openai.requestDisplayMode!({ mode: 'pip' })).resolves.toStrictEqual({ mode: 'fullscreen' })
  })

  it('setWidgetState: the global and the event at once, then ui/update-model-context marked as widget state', async () => {
    const contexts: McpUiUpdateModelContextParams[] = []
    const s = setup({ capabilities: ALL, handlers: { updateModelContext: (params) => void contexts.push(params) } })
    await s.connect()
    const saving = s.openai.setWidgetState!({ selected: 3 })
    expect(s.openai.widgetState).toStrictEqual({ selected: 3 })
    expect(s.globals.at(-1)).toStrictEqual({ widgetState: { selected: 3 } })
    await saving
    expect(contexts).toStrictEqual([{ structuredContent: { selected: 3 }, _meta: { 'openai/widgetState': true } }])
    expect(s.bridge.modelContext).toStrictEqual(contexts[0])
    // null clears the state, and the model context with it.
    await s.openai.setWidgetState!(null)
    expect(s.bridge.modelContext).toBeUndefined()
  })

  it('setWidgetState refuses a state that is not an object or null (ChatGPT\'s types take an object), leaving the saved one as it was', async () => {
    const saved: unknown[] = []
    const s = setup(withWidgetState({ capabilities: {} }, { save: (state) => void saved.push(state) }))
    await s.connect()
    await s.openai.setWidgetState!({ page: 1 })
    for (const state of [[1, 2], 5, 'draft', true]) {
      await expect(s.openai.setWidgetState!(state as never)).rejects.toMatchObject({ code: 'INVALID_PARAMS', message: 'setWidgetState: not an object or null' })
    }
    expect(s.openai.widgetState).toStrictEqual({ page: 1 })
    // Nothing (an app's reset) clears it, as null does.
    await s.openai.setWidgetState!(undefined as never)
    expect(s.openai.widgetState).toBeNull()
    expect(s.globals.at(-1)).toStrictEqual({ widgetState: null })
    expect(saved).toStrictEqual([{ page: 1 }, null])
  })

  it('notifyIntrinsicHeight → size-changed (height only); a height given before the handshake is sent after it', async () => {
    const s = setup()
    const sizes: unknown[] = []
    s.bridge.on('sizechange', (size) => void sizes.push(size))
    s.openai.notifyIntrinsicHeight(240)
    await s.connect()
    s.openai.notifyIntrinsicHeight(310)
    // Apps also pass { height }; what is no height is not sent.
    s.openai.notifyIntrinsicHeight({ height: 420 })
    for (const bad of [undefined, {}, Number.NaN, -1, Infinity, '500']) s.openai.notifyIntrinsicHeight(bad as never)
    await s.pair.flush()
    expect(sizes).toStrictEqual([{ height: 240 }, { height: 310 }, { height: 420 }])
  })

  it('notifyIntrinsicHeight without a height (an app saying it changed) leaves auto-resize on, which measures', async () => {
    const s = setup({}, { autoResize: true })
    const sizes: unknown[] = []
    s.bridge.on('sizechange', (size) => void sizes.push(size))
    s.openai.notifyIntrinsicHeight(undefined as never)
    await s.connect()
    await new Promise((resolve) => setTimeout(resolve, 20))
    await s.pair.flush()
    expect(sizes.length).toBeGreaterThan(0)
    expect(sizes).not.toContainEqual({})
  })

  it('notifyIntrinsicHeight turns auto-resize off: the app sizes itself, the shim measures nothing', async () => {
    const s = setup({}, { autoResize: true })
    const sizes: unknown[] = []
    s.bridge.on('sizechange', (size) => void sizes.push(size))
    s.openai.notifyIntrinsicHeight(240)
    await s.connect()
    s.pair.view.document.body.append(s.pair.view.document.createElement('p'))
    await new Promise((resolve) => setTimeout(resolve, 20))
    await s.pair.flush()
    expect(sizes).toStrictEqual([{ height: 240 }])
  })
})

describe('window.openai methods MCP Apps has an equivalent for, or none', () => {
  it('requestClose → ui/notifications/request-teardown; called before the handshake, it asks once connected', async () => {
    const s = setup()
    let asked = 0
    s.bridge.on('requestteardown', () => void asked++)
    const early = s.openai.requestClose()
    await s.connect()
    await expect(early).resolves.toBeUndefined()
    await s.pair.flush()
    expect(asked).toBe(1)
    await s.openai.requestClose()
    await s.pair.flush()
    expect(asked).toBe(2)
    expect(s.pair.sent('view').filter((m) => m.method === 'ui/notifications/request-teardown')).toHaveLength(2)
  })

  it('requestModal, uploadFile, getFileDownloadUrl, setOpenInAppUrl, requestCheckout are there and reject with NOT_SUPPORTED, before the handshake too, sending nothing', async () => {
    const s = setup({ capabilities: ALL })
    const early = s.openai.uploadFile({ name: 'a.png' })
    await s.connect()
    await expect(early).rejects.toMatchObject({ code: 'NOT_SUPPORTED', message: 'uploadFile: not supported' })
    const start = s.pair.log.length
    for (const name of UNSUPPORTED) await expect(s.openai[name]({})).rejects.toMatchObject({ name: 'BridgeError', code: 'NOT_SUPPORTED', message: `${name}: not supported` })
    await s.pair.flush()
    expect(s.pair.sent('view', start)).toStrictEqual([])
    // Still there after the handshake: apps call them without checking, as ChatGPT always has them.
    expect(UNSUPPORTED.filter((name) => typeof s.openai[name] === 'function')).toStrictEqual([...UNSUPPORTED])
  })
})

describe('widget state persisted by the host (withWidgetState)', () => {
  it('hands the saved state back at the handshake and saves each new state after the bridge\'s checks', async () => {
    const saved: unknown[] = []
    const own: unknown[] = []
    const options = withWidgetState(
      { capabilities: { message: {} }, handlers: { updateModelContext: (params: McpUiUpdateModelContextParams) => void own.push(params.structuredContent) } },
      { state: { page: 2 }, save: (state) => void saved.push(state) },
    )
    expect(options.capabilities).toStrictEqual({
      message: {},
      updateModelContext: { structuredContent: {} },
      experimental: { 'openai/widgetState': { state: { page: 2 } } },
    })
    const s = setup(options)
    await s.connect()
    expect(s.openai.widgetState).toStrictEqual({ page: 2 })
    expect(s.globals[0]).toMatchObject({ widgetState: { page: 2 } })
    await s.openai.setWidgetState!({ page: 3 })
    expect(saved).toStrictEqual([{ page: 3 }])
    // The host's own handler still runs, after the save.
    expect(own).toStrictEqual([{ page: 3 }])
    // The saved state is handed back once, at the handshake: a later context change keeps the app's state.
    s.bridge.setHostContext({ theme: 'dark' })
    await s.pair.flush()
    expect(s.openai.theme).toBe('dark')
    expect(s.openai.widgetState).toStrictEqual({ page: 3 })
  })

  it('keeps a state\'s privateContent from the model (ChatGPT\'s structured shape) and still saves and restores it whole', async () => {
    const saved: unknown[] = []
    const shown: McpUiUpdateModelContextParams[] = []
    const state = { modelContent: { step: 2 }, privateContent: { scrollTop: 240, draft: 'secret note' }, imageIds: ['file_1'] }
    const s = setup(withWidgetState({ capabilities: {}, handlers: { updateModelContext: (params: McpUiUpdateModelContextParams) => void shown.push(params) } }, { state, save: (next) => void saved.push(next) }))
    await s.connect()
    expect(s.openai.widgetState).toStrictEqual(state)
    await s.openai.setWidgetState!({ ...state, modelContent: { step: 3 } })
    // What the model is given: everything but the private part, which rides in the marker.
    expect(shown).toStrictEqual([{ structuredContent: { modelContent: { step: 3 }, imageIds: ['file_1'] }, _meta: { 'openai/widgetState': { privateContent: state.privateContent } } }])
    expect(JSON.stringify(s.bridge.modelContext!.structuredContent)).not.toContain('secret note')
    expect(saved).toStrictEqual([{ ...state, modelContent: { step: 3 } }])
    expect(s.openai.widgetState).toStrictEqual({ ...state, modelContent: { step: 3 } })
  })

  it('the host ends with the last state the app set, however fast it sets it (useWidgetState on a slider, past the rate limit)', async () => {
    const saved: unknown[] = []
    const s = setup(withWidgetState({ capabilities: {} }, { save: (state) => void saved.push(state) }))
    await s.connect()
    // One setWidgetState per input event, never awaited: more than the host's context bucket (50) holds.
    for (let value = 0; value < 80; value++) void s.openai.setWidgetState!({ value })
    expect(s.openai.widgetState).toStrictEqual({ value: 79 })
    await s.pair.flush()
    expect(saved.at(-1)).not.toStrictEqual({ value: 79 })
    await new Promise((resolve) => setTimeout(resolve, 1200))
    await s.pair.flush()
    expect(saved.at(-1)).toStrictEqual({ value: 79 })
  })

  it('does not save other model context, and a refused save refuses the update', async () => {
    const saved: unknown[] = []
    const options = withWidgetState(
      { capabilities: { updateModelContext: { structuredContent: {}, text: {} } } },
      {
        save: (state) => {
          if ((state as { bad?: boolean }).bad) throw new Error('quota')
          saved.push(state)
        },
      },
    )
    expect((options.capabilities as McpUiHostCapabilities).experimental).toStrictEqual({ 'openai/widgetState': {} })
    const s = setup(options)
    await s.connect()
    expect(s.openai.widgetState).toBeNull()
    await s.shim.bridge.updateModelContext({ structuredContent: { unrelated: true } })
    await expect(s.openai.setWidgetState!({ bad: true })).rejects.toBeTruthy()
    expect(saved).toStrictEqual([])
    expect(s.bridge.modelContext).toStrictEqual({ structuredContent: { unrelated: true } })
  })
})

describe('widget state next to the host\'s own model-context policy', () => {
  it('adds structured content to a host that accepts only text, and keeps an entry that accepts every kind', async () => {
    const save = vi.fn()
    const textOnly = withWidgetState({ capabilities: { updateModelContext: { text: {} } } }, { save })
    expect((textOnly.capabilities as McpUiHostCapabilities).updateModelContext).toStrictEqual({ text: {}, structuredContent: {} })
    expect((withWidgetState({ capabilities: { updateModelContext: {} } }, { save }).capabilities as McpUiHostCapabilities).updateModelContext).toStrictEqual({})
    // Only known modality keys make a list: anything else still accepts every kind, as the bridge reads it.
    const unlisted = { experimentalFlag: {} } as McpUiHostCapabilities['updateModelContext']
    expect((withWidgetState({ capabilities: { updateModelContext: unlisted } }, { save }).capabilities as McpUiHostCapabilities).updateModelContext).toStrictEqual(unlisted)
    const s = setup(textOnly)
    await s.connect()
    expect(typeof s.openai.setWidgetState).toBe('function')
    await s.openai.setWidgetState!({ page: 4 })
    expect(save).toHaveBeenCalledWith({ page: 4 }, expect.anything())
  })

  it('widens the policy for widget state only: other model context stays under what the host advertised', async () => {
    const own = vi.fn()
    const textOnly = setup(withWidgetState({ capabilities: { updateModelContext: { text: {} } }, handlers: { updateModelContext: own } }, { save: vi.fn() }))
    await textOnly.connect()
    await expect(textOnly.shim.bridge.updateModelContext({ structuredContent: { injected: true } })).rejects.toMatchObject({ code: 'INVALID_PARAMS' })
    await textOnly.shim.bridge.updateModelContext({ content: [{ type: 'text', text: 'fine' }] })
    expect(own).toHaveBeenCalledTimes(1)
    expect(textOnly.bridge.modelContext).toStrictEqual({ content: [{ type: 'text', text: 'fine' }] })
    // A host that took no model context at all still takes none, only widget state.
    const none = setup(withWidgetState({ capabilities: {} }, { save: vi.fn() }))
    await none.connect()
    await expect(none.shim.bridge.updateModelContext({ structuredContent: { injected: true } })).rejects.toMatchObject({ code: 'NOT_SUPPORTED' })
    expect(none.bridge.modelContext).toBeUndefined()
    await none.openai.setWidgetState!({ page: 1 })
    expect(none.bridge.modelContext).toMatchObject({ structuredContent: { page: 1 } })
  })
})

describe('one handshake, never for someone else', () => {
  it('does nothing where window.openai already exists (ChatGPT, another shim): no second bridge, nothing posted', async () => {
    const pair = createWindowPair()
    onTestFinished(() => pair.close())
    const existing = { theme: 'dark' }
    Object.assign(pair.view, { openai: existing })
    expect(installOpenAiShim({ window: pair.view as never, bridgeOptions: { target: pair.parent } })).toBeUndefined()
    expect((pair.view as unknown as { openai: unknown }).openai).toBe(existing)
    await pair.flush()
    expect(pair.log).toStrictEqual([])
  })

  it('installed twice, it initializes once', async () => {
    const s = setup()
    expect(installOpenAiShim({ window: s.pair.view as never, bridgeOptions: { target: s.pair.parent } })).toBeUndefined()
    await s.connect()
    expect(s.pair.sent('view').filter((m) => m.method === 'ui/initialize')).toHaveLength(1)
    expect(s.bridge.appInfo).toStrictEqual({ name: 'openai-app', version: '0' })
  })

  it("names the app after the document's title when it has one", async () => {
    const pair = createWindowPair()
    pair.view.document.title = 'Pizza map'
    const shim = installOpenAiShim({ window: pair.view as never, bridgeOptions: { target: pair.parent, autoResize: false, handshakeTimeoutMs: 50 } })!
    onTestFinished(() => {
      shim.bridge.close()
      pair.close()
    })
    await pair.flush()
    expect(pair.sent('view')[0]).toMatchObject({ method: 'ui/initialize', params: { appInfo: { name: 'Pizza map', version: '0' } } })
  })
})

describe('calls the Apps SDK makes without awaiting them', () => {
  it('setWidgetState refused by the host is not an unhandled rejection (useWidgetState never awaits it)', async () => {
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => void unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    onTestFinished(() => void process.off('unhandledRejection', onUnhandled))
    const pair = createWindowPair()
    const options = withWidgetState({ capabilities: {} }, {
      save: () => {
        throw new Error('quota exceeded')
      },
    })
    const bridge = new HostBridge({ hostInfo: { name: 'h', version: '1' }, target: pair.frame as unknown as Window, targetOrigin: pair.viewOrigin, hostWindow: pair.host as never, ...options })
    const shim = installOpenAiShim({ window: pair.view as never, bridgeOptions: { target: pair.parent, autoResize: false } })!
    onTestFinished(() => {
      shim.bridge.close()
      bridge.close()
      pair.close()
    })
    await shim.ready
    await pair.flush()
    const openai = (pair.view as unknown as { openai: OpenAi }).openai
    const saving = openai.setWidgetState!({ draft: 'hello' })
    // Skybridge calls requestModal without awaiting it; so might any app, for any of them.
    void openai.requestModal({ title: 'Details' })
    void openai.setWidgetState!([1] as never)
    await pair.flush()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(unhandled).toStrictEqual([])
    // Whoever does await it still hears of the refusal.
    await expect(saving).rejects.toBeDefined()
  })
})

describe('openai:set_globals for a global that goes away', () => {
  it("carries null, not undefined: the Apps SDK's useOpenAiGlobal hook ignores undefined and would keep the old maxHeight", async () => {
    const s = setup({ hostContext: { containerDimensions: { maxHeight: 700 } } })
    // The official examples' useOpenAiGlobal(key) returns early when detail.globals[key] is undefined.
    let renders = 0
    s.pair.view.addEventListener(SET_GLOBALS_EVENT, (event: any) => {
      if (event.detail.globals.maxHeight !== undefined) renders++
    })
    await s.connect()
    expect(renders).toBe(1)
    s.bridge.setHostContext({ containerDimensions: { height: 300 } })
    await s.pair.flush()
    expect(renders).toBe(2)
    s.bridge.setHostContext({ containerDimensions: { width: 400 } })
    await s.pair.flush()
    expect(s.openai.maxHeight).toBeUndefined()
    expect(renders).toBe(3)
  })
})
