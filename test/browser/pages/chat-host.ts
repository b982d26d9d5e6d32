/**
 * A long chat: many live apps in one host page, one message row each, every one mounted by the
 * library's `mountApp` (through `harness/frames.ts`). Exposes `window.chatHost` for
 * `long-chat.test.ts`, which checks what a chat with dozens of apps relies on: one `message`
 * listener for all of them, each request answered by its own app's bridge, and little memory per
 * app.
 */
import { listenedFrames, type MountedApp, type Tool } from '../../../src/host/index.js'
import { mountView } from '../harness/frames.js'
import type { FrameMode } from './contract.js'

/** The app-only tool each view calls: each row's bridge answers with its own row number. */
const WHOAMI: Tool = { name: 'whoami', inputSchema: { type: 'object' }, _meta: { ui: { visibility: ['app'] } } }

interface Row {
  app: MountedApp
  /** Each `tools/call` this row's bridge was asked, by its tool name. */
  calls: string[]
  closed?: string
}

export interface ChatMount {
  /** Same-origin URL of the view's HTML, fetched once for every row. */
  viewUrl: string
  proxyUrl: string
  /** Frame mode of each new row, in turn. */
  frameModes: FrameMode[]
  count: number
}

export interface ChatHostApi {
  /**
   * Adds `count` rows, each with its app and the tool input `{ row }`; resolves once every new
   * app initialized, with the number of rows.
   */
  mount(config: ChatMount): Promise<number>
  /** Sends the same host-context change to every row still open. */
  setTheme(theme: 'light' | 'dark'): void
  /** Per row, the tool calls its bridge was asked (by name). */
  calls(): string[][]
  /** Tears the given rows down (the view answers, then the frame goes). */
  teardown(rows: number[]): Promise<void>
  /** Removes the given rows' iframes without teardown, as a chat dropping old turns may. */
  remove(rows: number[]): void
  /** Per row, why its bridge closed, or `null` while it is open. */
  closed(): Array<string | null>
  /** Frames the library's message hub routes for this window (0 = its listener is gone). */
  listenedFrames(): number
  /** Drops the page's own references to every row, so only what the library keeps stays alive. */
  forget(): void
}

const rows: Row[] = []
const pick = (indexes: number[]) => indexes.map((index) => rows[index]!)

const chatHost: ChatHostApi = {
  async mount({ viewUrl, proxyUrl, frameModes, count }) {
    const html = await (await fetch(viewUrl)).text()
    const list = document.getElementById('views')!
    const added: Promise<unknown>[] = []
    for (let i = 0; i < count; i++) {
      const index = rows.length
      const container = document.createElement('section')
      container.className = 'turn'
      list.append(container)
      const row: Row = {
        calls: [],
        app: mountView({
          container,
          resource: { html },
          sandbox: frameModes[i % frameModes.length] === 'proxy' ? { proxyUrl } : 'srcdoc',
          hostInfo: { name: 'long chat', version: '1.0.0' },
          capabilities: { serverTools: {}, message: { text: {} } },
          hostContext: { theme: 'light', displayMode: 'inline', availableDisplayModes: ['inline'], containerDimensions: { maxHeight: 400 } },
          tools: [WHOAMI],
          toolInput: { row: index },
          handlers: {
            callTool: ({ name }) => {
              row.calls.push(name)
              return { content: [{ type: 'text', text: `row ${index}` }], structuredContent: { row: index } }
            },
          },
        }),
      }
      row.app.bridge.on('close', (reason) => void (row.closed = reason))
      rows.push(row)
      added.push(row.app.ready)
    }
    await Promise.all(added)
    return rows.length
  },
  setTheme(theme) {
    for (const row of rows) if (row.closed === undefined) row.app.bridge.setHostContext({ theme })
  },
  calls: () => rows.map((row) => row.calls),
  async teardown(indexes) {
    await Promise.all(pick(indexes).map((row) => row.app.teardown('scrolled away')))
  },
  remove(indexes) {
    for (const row of pick(indexes)) row.app.iframe.remove()
  },
  closed: () => rows.map((row) => row.closed ?? null),
  listenedFrames: () => listenedFrames(window),
  forget() {
    rows.length = 0
    document.getElementById('views')!.replaceChildren()
  },
}

;(window as unknown as { chatHost: ChatHostApi }).chatHost = chatHost
