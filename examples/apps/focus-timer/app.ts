/**
 * Focus timer: display modes and host styles.
 *
 * - The app declares every mode it supports; it offers only the modes the host also lists in
 *   `availableDisplayModes`, and trusts the mode the host answers (it may differ from the one
 *   asked for), re-laying itself out from `hostContext.displayMode`.
 * - Every colour, radius and font comes from the host's style variables (with fallbacks), so it
 *   follows the host's theme and palette live.
 * - When the session ends it updates the model context and logs a line; "Dismiss" asks the
 *   host to close the view (`requestTeardown`), and the `teardown` event stops the clock.
 */
import { BridgeError, ViewBridge, applyHostStyles, type McpUiDisplayMode } from 'mcp-app-bridge/view'

const MODES: McpUiDisplayMode[] = ['inline', 'fullscreen', 'pip']
const MODE_LABELS: Record<McpUiDisplayMode, string> = { inline: 'Inline', fullscreen: 'Fullscreen', pip: 'Pop out' }

const bridge = new ViewBridge({
  appInfo: { name: 'focus-timer', title: 'Focus timer', version: '1.0.0' },
  capabilities: { availableDisplayModes: MODES },
})

const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!
const timer = $('.timer')
const toggle = $<HTMLButtonElement>('#toggle')
const reset = $<HTMLButtonElement>('#reset')

let durationMs = 0
let remainingMs = 0
let endsAt: number | undefined
let tick: ReturnType<typeof setInterval> | undefined
let task = ''

bridge.on('toolinput', ({ arguments: args = {} }) => {
  if (typeof args.task === 'string') setTask(args.task)
  if (typeof args.minutes === 'number') showRemaining(args.minutes * 60_000, args.minutes * 60_000)
})
bridge.on('toolresult', (result) => {
  const minutes = Number(result.structuredContent?.minutes)
  if (result.isError || !Number.isFinite(minutes) || minutes <= 0) return setState('The timer could not start.', 'waiting')
  if (typeof result.structuredContent?.task === 'string') setTask(result.structuredContent.task)
  durationMs = remainingMs = minutes * 60_000
  start()
})
bridge.on('toolcancelled', () => setState('Cancelled', 'waiting'))
applyHostStyles(bridge)
// `changed` names the keys that changed; at the handshake, every key the host sent.
bridge.on('hostcontextchanged', (context, changed) => {
  document.documentElement.lang = context.locale ?? 'en'
  document.documentElement.dataset.displayMode = context.displayMode ?? 'inline'
  if (changed.includes('availableDisplayModes') || changed.includes('displayMode')) renderModes()
  if (changed.includes('locale')) render()
})
// The host is about to remove the view: stop the clock so nothing runs against a closed bridge.
bridge.on('teardown', () => clearInterval(tick))

toggle.addEventListener('click', () => (endsAt ? pause() : start()))
reset.addEventListener('click', () => {
  remainingMs = durationMs
  endsAt = undefined
  start()
})
$('#dismiss').addEventListener('click', () => bridge.requestTeardown())

bridge.connect().catch((error) => setState(`Not connected: ${error.message}`, 'waiting'))

function start(): void {
  if (remainingMs <= 0) remainingMs = durationMs
  endsAt = Date.now() + remainingMs
  clearInterval(tick)
  tick = setInterval(render, 250)
  render()
}

function pause(): void {
  remainingMs = Math.max(0, (endsAt ?? Date.now()) - Date.now())
  endsAt = undefined
  clearInterval(tick)
  render()
}

function render(): void {
  const left = endsAt ? Math.max(0, endsAt - Date.now()) : remainingMs
  showRemaining(left, durationMs)
  toggle.disabled = reset.disabled = durationMs === 0
  if (endsAt && left === 0) return finish()
  toggle.textContent = endsAt ? 'Pause' : 'Resume'
  setState(endsAt ? `Running · ends at ${clock(endsAt)}` : 'Paused', endsAt ? 'running' : 'paused')
}

function finish(): void {
  clearInterval(tick)
  endsAt = undefined
  remainingMs = 0
  toggle.textContent = 'Again'
  setState('Session complete', 'done')
  const minutes = Math.round(durationMs / 60_000)
  // Context for the model's next turn (no turn starts now), and a log line for the host.
  void bridge
    .updateModelContext({ content: [{ type: 'text', text: `The user completed a ${minutes}-minute focus session: “${task}”.` }] })
    .catch(() => {})
  bridge.sendLog('info', { event: 'focus-session-complete', minutes, task }, 'focus-timer')
}

function showRemaining(left: number, total: number): void {
  const seconds = Math.ceil(left / 1000)
  const text = `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`
  $('#time').textContent = text
  document.title = `${text} · Focus timer`
  $('#progress').style.strokeDashoffset = String(total ? 100 - (left / total) * 100 : 100)
}

function renderModes(): void {
  const offered = MODES.filter((mode) => bridge.hostContext.availableDisplayModes?.includes(mode))
  const current = bridge.hostContext.displayMode ?? 'inline'
  const group = $('#modes')
  group.hidden = offered.length < 2
  group.replaceChildren(
    ...offered.map((mode) => {
      const button = Object.assign(document.createElement('button'), { type: 'button', textContent: MODE_LABELS[mode] })
      button.setAttribute('aria-pressed', String(mode === current))
      button.addEventListener('click', () => void switchMode(mode))
      return button
    }),
  )
}

async function switchMode(mode: McpUiDisplayMode): Promise<void> {
  try {
    await bridge.requestDisplayMode(mode)
  } catch (error) {
    if (!(error instanceof BridgeError)) throw error
  }
  // Whatever the answer, the host context now says which mode is in effect.
  renderModes()
}

function setTask(text: string): void {
  task = text
  $('#task').textContent = text
}

function setState(text: string, state: 'waiting' | 'running' | 'paused' | 'done'): void {
  $('#state').textContent = text
  timer.dataset.state = state
}

function clock(time: number): string {
  return new Intl.DateTimeFormat(bridge.hostContext.locale, { hour: 'numeric', minute: '2-digit', timeZone: bridge.hostContext.timeZone }).format(time)
}
