/**
 * The conversation. There is no model: the person at the keyboard plays it by calling tools, so
 * a tool call is the "assistant" turn and renders its view inline; a `ui/message` from a view is
 * a user turn; link and download offers and closed views are small host notices.
 */
import type { ContentBlock, Tool } from 'mcp-app-bridge/host'
import { clockTime, h } from './dom.js'

/** The DOM of one tool call: its header, the view card, and the text the model gets back. */
export interface ToolCallTurn {
  card: HTMLElement
  /** Holds the frame (and the placeholder shown while the frame is fullscreen or floating). */
  slot: HTMLElement
  /** Host controls on the card: display modes and close. */
  controls: HTMLElement
  status: HTMLElement
  result: HTMLElement
}

export class Transcript {
  readonly #root: HTMLElement
  readonly #empty: HTMLElement
  #locale: string | undefined

  constructor(root: HTMLElement) {
    this.#root = root
    this.#empty = h(
      'div',
      { class: 'empty-state' },
      h('div', { class: 'empty-mark', attrs: { 'aria-hidden': 'true' } }),
      h('h2', { textContent: 'No conversation yet' }),
      h('p', { textContent: 'There is no model here: you play it. Call a tool from the list and its app renders in the conversation, live, in a sandboxed frame.' }),
    )
    root.append(this.#empty)
  }

  set locale(locale: string) {
    this.#locale = locale
  }

  addToolCall(tool: Tool, args: Record<string, unknown>, viewId: string): ToolCallTurn {
    const status = h('span', { class: 'status-pill', textContent: 'Loading' })
    const controls = h('div', { class: 'view-controls' })
    const slot = h('div', { class: 'view-slot' })
    const result = h('details', { class: 'view-result', hidden: true })
    const title = tool.title ?? (tool.annotations?.title as string | undefined) ?? tool.name
    const card = h(
      'section',
      { class: 'view-card', dataset: { viewId, tool: tool.name, state: 'loading', mode: 'inline' }, attrs: { 'aria-label': `${title} view` } },
      h('header', { class: 'view-bar' }, h('span', { class: 'view-id', textContent: `#${viewId}`, title: 'View id in the protocol log' }), h('span', { class: 'view-title', textContent: title }), status, controls),
      slot,
      result,
    )
    this.#append(
      h(
        'article',
        { class: 'turn turn-model' },
        h('div', { class: 'avatar', textContent: 'M', attrs: { 'aria-hidden': 'true' } }),
        h(
          'div',
          { class: 'turn-body' },
          h(
            'div',
            { class: 'turn-head' },
            h('span', { class: 'who', textContent: 'Model' }),
            h('span', { class: 'muted', textContent: ' called ' }),
            h('code', { class: 'tool-name', textContent: tool.name }),
            this.#time(),
          ),
          Object.keys(args).length ? h('div', { class: 'args' }, ...Object.entries(args).map(([key, value]) => h('span', { class: 'arg' }, h('span', { class: 'arg-key', textContent: key }), JSON.stringify(value)))) : null,
          card,
        ),
      ),
    )
    return { card, slot, controls, status, result }
  }

  /** A `ui/message` from a view: the user's words, sent on their behalf by the app. */
  addUserMessage(content: ContentBlock[], via: string): void {
    const text = content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n')
    this.#append(
      h(
        'article',
        { class: 'turn turn-user' },
        h('div', { class: 'bubble', textContent: text }),
        h('div', { class: 'turn-meta' }, `You · sent from ${via} · `, this.#time()),
        h('p', { class: 'turn-hint', textContent: 'A model would answer now. Here, you do: call the next tool.' }),
      ),
    )
  }

  /** A host notice: an offered link or file, a closed view, a failure. */
  addNotice(content: Node | string, kind: 'info' | 'error' = 'info'): void {
    this.#append(h('div', { class: `notice ${kind}` }, content, this.#time()))
  }

  #time(): HTMLElement {
    return h('time', { class: 'turn-time', textContent: clockTime(new Date(), this.#locale) })
  }

  #append(node: HTMLElement): void {
    this.#empty.remove()
    this.#root.append(node)
    node.scrollIntoView({ block: 'nearest', behavior: 'smooth' })
  }
}
