/**
 * What both test views share: their markup and style, the event log, the way the theme is shown,
 * and `window.testApp`. Each view file only wires its bridge (ours or the official `App`) to it.
 *
 * The page is deliberately visible: a heading, the tool's input and result as text, and a body
 * background that follows the host's theme, so a screenshot shows whether the view rendered and
 * whether a theme change reached it.
 */
import type { ActionOutcome, TestAppApi, ViewAction, ViewEvent, ViewEventKind } from './contract.js'
import { createRecorder, plain, recordRawMessages } from './recorder.js'

export type Actions = { [K in Exclude<ViewAction['action'], 'grow'>]: (action: Extract<ViewAction, { action: K }>) => Promise<unknown> | unknown }

const STYLE = `
  html { color-scheme: light; }
  body { margin: 0; font: 16px/1.4 sans-serif; background: rgb(250, 250, 250); color: rgb(20, 20, 20); }
  html[data-theme="dark"] { color-scheme: dark; }
  html[data-theme="dark"] body { background: rgb(16, 24, 48); color: rgb(240, 240, 240); }
  main { padding: 12px; }
  #grow { width: 10px; height: 0; }
`

/**
 * Sets up the page and `window.testApp`. On teardown a view should save its state before it
 * answers; the test views report `teardown: <reason>` through a log entry (`onTeardown`), which
 * the host sees before the teardown completes, so the scenario can prove the view got the request.
 */
export function startTestView(kind: 'ours' | 'official', actions: Actions): {
  record(kind: ViewEventKind, data?: unknown): void
  applyTheme(theme: unknown): void
  show(id: 'input' | 'result', text: string): void
} {
  const style = document.createElement('style')
  style.textContent = STYLE
  document.head.append(style)
  document.body.innerHTML = `<main><h1 id="title">Test view (${kind})</h1><p id="input">waiting for input</p><p id="result">waiting for result</p><div id="grow"></div></main>`
  const { raw } = recordRawMessages((event) => event.source === window.parent)
  const recorder = createRecorder<ViewEventKind, ViewEvent>()
  const record = (eventKind: ViewEventKind, data?: unknown) => recorder.push({ kind: eventKind, data: plain(data) })
  const testApp: TestAppApi = {
    kind,
    raw,
    events: recorder.events,
    waitFor: recorder.waitFor,
    async run(action): Promise<ActionOutcome> {
      try {
        if (action.action === 'grow') {
          document.getElementById('grow')!.style.height = `${action.height}px`
          return { ok: true, value: action.height }
        }
        const run = actions[action.action] as (action: ViewAction) => unknown
        return { ok: true, value: plain(await run(action)) }
      } catch (error) {
        const failure = error as { code?: string | number; message?: string }
        return { ok: false, code: failure?.code, message: String(failure?.message ?? error) }
      }
    },
    appearance: () => ({ theme: document.documentElement.dataset.theme ?? null, background: getComputedStyle(document.body).backgroundColor }),
  }
  ;(window as unknown as { testApp: TestAppApi }).testApp = testApp
  return {
    record,
    applyTheme(theme) {
      if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme
    },
    show(id, text) {
      document.getElementById(id)!.textContent = text
    },
  }
}
