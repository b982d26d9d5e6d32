/**
 * One tool call and the view that renders it, from the call to the teardown.
 *
 * The view is one `mountApp` call: the library reads the tool's `ui://` resource, frames it behind
 * the sandbox proxy with the CSP and permissions its metadata allows, connects the bridge, hands
 * the view the arguments and then the result (each held until the view is initialized), follows
 * the view's size reports and removes the frame when the bridge closes. What is left here is what
 * only this host can decide: its chrome, where each display mode puts the frame, and what it does
 * with the view's messages, links, files and model context.
 */
import { BridgeError, mountApp, type CallToolResult, type McpUiDisplayMode, type McpUiHostContext, type MountedApp, type Tool } from 'mcp-app-bridge/host'
import { h } from './dom.js'
import { DISPLAY_MODES, HOST_CAPABILITIES, HOST_INFO } from './host-config.js'
import { downloadOffer, linkOffer } from './host-actions.js'
import type { McpConnection } from './mcp-connection.js'
import type { ModelContextPanel } from './model-context.js'
import type { Channel, ProtocolLog } from './protocol-log.js'
import { containerDimensions, type Stage, type StagedView } from './stage.js'
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
  /** The sandbox proxy page, on the demo's second origin (`demo/node/sandbox-server.ts`). */
  proxyUrl: string
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
  #app: MountedApp | undefined
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

  /**
   * Calls the tool and shows its view at the same time (the resource is read while the tool runs);
   * resolves once the result is in, or the call failed.
   */
  async start(): Promise<void> {
    const call = this.#services.connection.callTool(this.#tool.name, this.#args)
    try {
      this.#mount(call)
    } catch (error) {
      // mountApp refuses a misconfigured host at once (e.g. a proxy on the page's own origin).
      this.#fail(`The view could not be shown: ${message(error)}`)
    }
    try {
      this.#showResult(await call)
    } catch (error) {
      this.#showResult({ isError: true, content: [{ type: 'text', text: message(error) }] })
    }
  }

  /** Applies a host context change (theme, palette, locale) to the view. */
  updateHostContext(change: McpUiHostContext): void {
    const bridge = this.#app?.bridge
    if (bridge && !bridge.closed) bridge.setHostContext(change)
  }

  /** The conversation column or the window changed size: tell the view its new container. */
  resize(): void {
    const app = this.#app
    if (!app || app.bridge.closed) return
    app.bridge.setHostContext({ containerDimensions: containerDimensions(this.#mode, this.#turn.slot, app.iframe) })
  }

  /** Host-initiated mode change (the card's controls, or another view taking the stage). */
  setMode(mode: McpUiDisplayMode): void {
    const bridge = this.#app?.bridge
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
    await this.#app?.teardown(reason)
    this.#closed(reason)
  }

  get #mode(): McpUiDisplayMode {
    return this.#app?.bridge.hostContext.displayMode ?? 'inline'
  }

  #mount(call: Promise<CallToolResult>): void {
    const services = this.#services
    this.#turn.slot.append(
      // Keeps the view's place in the conversation while it is fullscreen or floating.
      h(
        'div',
        { class: 'view-placeholder' },
        h('span', { class: 'placeholder-text' }),
        h('button', { class: 'button', type: 'button', textContent: 'Return inline', on: { click: () => this.setMode('inline') } }),
      ),
      this.#frame,
    )
    this.#frame.append(
      // The host's own bar above a fullscreen or floating view: the way back, whatever the app does.
      h(
        'div',
        { class: 'frame-bar' },
        h('span', { class: 'frame-title', textContent: this.title }),
        h('button', { class: 'button ghost', type: 'button', textContent: 'Return inline', on: { click: () => this.setMode('inline') } }),
        h('button', { class: 'icon-button', type: 'button', title: 'Close view', textContent: '×', on: { click: () => void this.close() } }),
      ),
    )
    const via = `${this.title} (#${this.id})`
    const app = (this.#app = mountApp({
      container: this.#frame,
      // A web host frames views behind the sandbox proxy, on an origin of their own (spec).
      sandbox: { proxyUrl: services.proxyUrl },
      // The resource is read through the client (its _meta.ui from the content item, else from
      // the listing); the view's own tools/call and resources/* are forwarded to the same client.
      client: services.connection.client,
      tool: this.#tool,
      listing: services.connection.resources,
      tools: services.connection.tools,
      toolInput: this.#args,
      // A failed call reaches the view as tool-cancelled.
      toolResult: call,
      // The demo's chrome moves with the frame: its CSS places the whole card body (see #place).
      applyDisplayMode: (mode) => this.#place(mode),
      hostInfo: HOST_INFO,
      capabilities: HOST_CAPABILITIES,
      hostContext: {
        ...services.hostContext(),
        displayMode: 'inline',
        containerDimensions: containerDimensions('inline', this.#turn.slot, this.#frame),
      },
      // Each runs only after the bridge's checks (capability, rate limit, params, URL scheme).
      handlers: {
        message: ({ content }) => services.transcript.addUserMessage(content, via),
        openLink: ({ parsed }) => services.transcript.addNotice(linkOffer(parsed, via)),
        downloadFile: (params) => services.transcript.addNotice(downloadOffer(params, via)),
      },
    }))
    const { bridge } = app
    bridge.on('traffic', (direction, rpc) => services.log.message(this.#channel, direction, rpc))
    bridge.on('warning', (warning) => services.log.note(this.#channel, 'warning', warning.message, warning))
    bridge.on('log', (entry) => services.log.note(this.#channel, 'log', `log (${entry.level})${entry.logger ? ` ${entry.logger}` : ''}`, entry))
    bridge.on('modelcontext', (context) => services.modelContext.setViewContext(this.id, via, context, services.hostContext().locale))
    // mountApp sized the frame; the card only stops showing its loading shimmer.
    bridge.on('sizechange', () => (this.#turn.card.dataset.sized = 'true'))
    bridge.on('requestteardown', () => void this.close('The app asked to be closed'))
    bridge.on('initialized', ({ appCapabilities }) => {
      this.#setState('ready')
      this.#renderControls(appCapabilities.availableDisplayModes ?? ['inline'])
    })
    // Closing before the handshake means the view never came up (unreadable resource, timeout).
    bridge.on('close', (reason) => (this.#state === 'loading' ? this.#fail(reason) : this.#closed(reason)))
    app.ready.then(
      // What the view runs under, for the log: the proxy, the CSP and the permissions granted.
      ({ csp, allow }) => {
        const declared = Object.values(csp.granted).some((origins) => Array.isArray(origins) && origins.length)
        services.log.note(this.#channel, 'log', `sandboxed · ${declared ? 'CSP + declared origins' : 'default CSP'}`, { proxy: services.proxyUrl, policy: csp.policy, granted: csp.granted, refused: csp.dropped, allow })
      },
      (error) => bridge.close(`The view did not start: ${message(error)}`),
    )
  }

  /**
   * Shows the view in `mode`; `mountApp` calls it on every change, whoever asked. The card's CSS
   * takes the frame (with the host's bar) out of the conversation; the iframe itself never moves
   * in the DOM, since moving an iframe reloads it.
   */
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
    if (this.#state === 'closed' || this.#state === 'error') return
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
