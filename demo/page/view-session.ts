/**
 * One tool call and the view that renders it, from the call to the teardown.
 *
 * The order follows the spec: the host calls the tool and reads the `ui://` resource at the same
 * time, mounts the view, hands it the arguments (the bridge holds them until the view says
 * `initialized`), then the result once the server answers. The view's requests reach the
 * handlers below only after the bridge's checks (capability, rate limit, params, visibility).
 */
import {
  BridgeError,
  getToolUiResourceUri,
  type CallToolResult,
  type McpUiDisplayMode,
  type McpUiHostContext,
  type Tool,
} from 'mcp-app-bridge/host'
import { h } from './dom.js'
import { mountView, type MountedView } from './embed.js'
import { DISPLAY_MODES, HOST_CAPABILITIES, HOST_INFO } from './host-config.js'
import { downloadOffer, linkOffer } from './host-actions.js'
import type { McpConnection, UiResource } from './mcp-connection.js'
import type { ModelContextPanel } from './model-context.js'
import type { Channel, ProtocolLog } from './protocol-log.js'
import { containerDimensions, INLINE_MAX_HEIGHT, type Stage, type StagedView } from './stage.js'
import type { ToolCallTurn, Transcript } from './transcript.js'

/** What a view session needs from the page. */
export interface ViewServices {
  connection: McpConnection
  transcript: Transcript
  log: ProtocolLog
  modelContext: ModelContextPanel
  stage: Stage
  /** The host context every view shares right now (theme, styles, locale, environment). */
  hostContext(): McpUiHostContext
  /** The sandbox origin the demo serves, for the proxy (see `embed.ts`). */
  sandboxOrigin: string
}

const MODE_LABELS: Record<McpUiDisplayMode, string> = { inline: 'Inline', fullscreen: 'Fullscreen', pip: 'Picture-in-picture' }

type State = 'loading' | 'ready' | 'closing' | 'closed' | 'error'

export class ViewSession implements StagedView {
  readonly id: string
  readonly #services: ViewServices
  readonly #tool: Tool
  readonly #args: Record<string, unknown>
  readonly #turn: ToolCallTurn
  readonly #channel: Channel
  readonly #frame: HTMLElement
  #view: MountedView | undefined
  #state: State = 'loading'

  constructor(services: ViewServices, tool: Tool, args: Record<string, unknown>, id: number) {
    this.id = String(id)
    this.#services = services
    this.#tool = tool
    this.#args = args
    this.#turn = services.transcript.addToolCall(tool, args, this.id)
    this.#channel = { id: `view-${id}`, label: `#${id}`, kind: 'view' }
    this.#frame = h('div', { class: 'view-frame' })
  }

  get title(): string {
    return this.#tool.title ?? this.#tool.name
  }

  get live(): boolean {
    return this.#state === 'loading' || this.#state === 'ready'
  }

  /** Calls the tool and shows its view; resolves once the result is in (or the call failed). */
  async start(): Promise<void> {
    const uri = getToolUiResourceUri(this.#tool)
    const call = this.#services.connection.callTool(this.#tool.name, this.#args)
    call.catch(() => {})
    try {
      if (!uri) throw new Error(`${this.#tool.name} has no ui:// resource`)
      const resource = await this.#services.connection.readUiResource(uri)
      if (this.live) this.#mount(resource)
    } catch (error) {
      this.#fail(`The view could not be loaded: ${message(error)}`)
    }
    try {
      const result = await call
      this.#showResult(result)
      if (this.#view && !this.#view.bridge.closed) this.#view.bridge.sendToolResult(result)
    } catch (error) {
      this.#showResult({ isError: true, content: [{ type: 'text', text: message(error) }] })
      if (this.#view && !this.#view.bridge.closed) this.#view.bridge.sendToolCancelled(`The tool call failed: ${message(error)}`)
    }
  }

  /** Applies a host context change (theme, palette, locale) to the view. */
  updateHostContext(change: McpUiHostContext): void {
    if (this.#view && !this.#view.bridge.closed) this.#view.bridge.setHostContext(change)
  }

  /** The conversation column changed width: tell the view its new container. */
  resize(): void {
    const bridge = this.#view?.bridge
    if (!bridge || bridge.closed) return
    bridge.setHostContext({ containerDimensions: containerDimensions(this.#mode, this.#turn.slot, this.#frame) })
  }

  /** Host-initiated mode change (the card's controls, or another view taking the stage). */
  setMode(mode: McpUiDisplayMode): void {
    const bridge = this.#view?.bridge
    if (!bridge || bridge.closed) return
    try {
      bridge.setHostContext({ displayMode: mode })
    } catch (error) {
      // The bridge refuses a mode the view did not declare.
      this.#services.log.note(this.#channel, 'warning', message(error))
    }
  }

  returnInline(): void {
    this.setMode('inline')
  }

  /** Tears the view down: `ui/resource-teardown`, a bounded wait for the answer, then removal. */
  async close(reason = 'The user closed it'): Promise<void> {
    if (!this.live) return
    this.#setState('closing')
    await this.#view?.teardown(reason)
    this.#closed(reason)
  }

  get #mode(): McpUiDisplayMode {
    return this.#view?.bridge.hostContext.displayMode ?? 'inline'
  }

  #mount(resource: UiResource): void {
    const services = this.#services
    this.#turn.slot.append(
      h(
        'div',
        { class: 'view-placeholder' },
        h('span', { class: 'placeholder-text' }),
        h('button', { class: 'button', type: 'button', textContent: 'Return inline', on: { click: () => this.setMode('inline') } }),
      ),
      this.#frame,
    )
    this.#frame.append(
      h(
        'div',
        { class: 'frame-bar' },
        h('span', { class: 'frame-title', textContent: this.title }),
        h('button', { class: 'button ghost', type: 'button', textContent: 'Return inline', on: { click: () => this.setMode('inline') } }),
        h('button', { class: 'icon-button', type: 'button', title: 'Close view', textContent: '×', on: { click: () => void this.close() } }),
      ),
    )
    if (resource.meta?.prefersBorder === false) this.#turn.card.classList.add('borderless')
    const via = `${this.title} (#${this.id})`
    const view = (this.#view = mountView({
      container: this.#frame,
      resource,
      title: `${this.title} view`,
      sandboxOrigin: services.sandboxOrigin,
      hostInfo: HOST_INFO,
      capabilities: HOST_CAPABILITIES,
      hostContext: {
        ...services.hostContext(),
        toolInfo: { tool: this.#tool },
        displayMode: 'inline',
        containerDimensions: containerDimensions('inline', this.#turn.slot, this.#frame),
      },
      client: services.connection.client,
      tools: services.connection.tools,
      handlers: {
        message: ({ content }) => services.transcript.addUserMessage(content, via),
        openLink: ({ parsed }) => services.transcript.addNotice(linkOffer(parsed, via)),
        downloadFile: (params) => services.transcript.addNotice(downloadOffer(params, via)),
        // Both sides declared the mode (the bridge checked): grant it; placement follows below.
        requestDisplayMode: ({ mode }) => mode,
      },
    }))
    const { bridge } = view
    bridge.on('traffic', (direction, rpc) => services.log.message(this.#channel, direction, rpc))
    bridge.on('warning', (warning) => services.log.note(this.#channel, 'warning', warning.message, warning))
    bridge.on('log', (entry) => services.log.note(this.#channel, 'log', `log (${entry.level})${entry.logger ? ` ${entry.logger}` : ''}`, entry))
    bridge.on('modelcontext', (context) => services.modelContext.setViewContext(this.id, via, context, services.hostContext().locale))
    bridge.on('sizechange', ({ height }) => {
      if (height === undefined) return
      view.iframe.style.height = `${Math.min(Math.max(height, 40), INLINE_MAX_HEIGHT)}px`
      this.#turn.card.dataset.sized = 'true'
    })
    bridge.on('displaymodechange', (mode) => this.#place(mode))
    bridge.on('requestteardown', () => void this.close('The app asked to be closed'))
    bridge.on('initialized', ({ appCapabilities }) => {
      this.#setState('ready')
      this.#renderControls(appCapabilities.availableDisplayModes ?? ['inline'])
    })
    bridge.on('close', (reason) => this.#closed(reason))
    // Held by the bridge until the view is initialized, then sent before the result.
    bridge.sendToolInput(this.#args)
  }

  /** Shows the view in `mode` and tells it the size it now has. */
  #place(mode: McpUiDisplayMode): void {
    this.#turn.card.dataset.mode = mode
    this.#services.stage.place(this, mode)
    const placeholder = this.#turn.slot.querySelector('.placeholder-text')
    if (placeholder) placeholder.textContent = `Showing ${mode === 'pip' ? 'in picture-in-picture' : 'fullscreen'}.`
    for (const button of this.#turn.controls.querySelectorAll<HTMLButtonElement>('[data-mode]')) button.setAttribute('aria-pressed', String(button.dataset.mode === mode))
    this.resize()
  }

  #renderControls(declared: McpUiDisplayMode[]): void {
    const modes = DISPLAY_MODES.filter((mode) => declared.includes(mode))
    this.#turn.controls.replaceChildren(
      modes.length > 1
        ? h(
            'div',
            { class: 'segmented', attrs: { role: 'group', 'aria-label': 'Display mode' } },
            ...modes.map((mode) =>
              h('button', {
                type: 'button',
                textContent: mode === 'pip' ? 'PiP' : MODE_LABELS[mode],
                title: MODE_LABELS[mode],
                dataset: { mode },
                attrs: { 'aria-pressed': String(mode === this.#mode) },
                on: { click: () => this.setMode(mode) },
              }),
            ),
          )
        : '',
      h('button', { class: 'icon-button', type: 'button', title: 'Close view (sends ui/resource-teardown)', textContent: '×', dataset: { action: 'close' }, on: { click: () => void this.close() } }),
    )
  }

  #showResult(result: CallToolResult): void {
    const text = result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n') || '(no content)'
    this.#turn.result.replaceChildren(
      h('summary', { textContent: result.isError ? 'Tool error · what the model sees' : 'Tool result · what the model sees' }),
      h('p', { textContent: text }),
    )
    this.#turn.result.hidden = false
    this.#turn.result.classList.toggle('error', result.isError === true)
  }

  #fail(text: string): void {
    this.#setState('error')
    this.#turn.slot.replaceChildren(h('p', { class: 'view-error', textContent: text }))
    this.#turn.controls.replaceChildren()
  }

  #closed(reason: string): void {
    if (this.#state === 'closed') return
    this.#setState('closed')
    this.#services.stage.remove(this)
    this.#services.modelContext.removeView(this.id)
    this.#turn.card.dataset.mode = 'inline'
    this.#turn.controls.replaceChildren()
    this.#turn.slot.replaceChildren(h('p', { class: 'view-closed' }, 'View closed', h('span', { class: 'muted', textContent: ` · ${reason}` })))
  }

  #setState(state: State): void {
    this.#state = state
    this.#turn.card.dataset.state = state
    this.#turn.status.textContent = { loading: 'Loading', ready: 'Live', closing: 'Closing', closed: 'Closed', error: 'Error' }[state]
  }
}

function message(error: unknown): string {
  if (error instanceof BridgeError) return `${error.code}: ${error.message}`
  return error instanceof Error ? error.message : String(error)
}
