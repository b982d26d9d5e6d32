/**
 * The tool list: the server's UI tools the model may call, each with its argument form. This is
 * where the person playing the model "decides" to call a tool.
 */
import type { Tool } from 'mcp-app-bridge/host'
import { argumentForm } from './argument-form.js'
import { h } from './dom.js'

export class Launcher {
  readonly #root: HTMLElement
  readonly #onCall: (tool: Tool, args: Record<string, unknown>) => void

  constructor(root: HTMLElement, onCall: (tool: Tool, args: Record<string, unknown>) => void) {
    this.#root = root
    this.#onCall = onCall
    this.#root.replaceChildren(...[1, 2, 3].map(() => h('div', { class: 'tool-skeleton' })))
  }

  setTools(tools: Tool[]): void {
    if (!tools.length) {
      this.#root.replaceChildren(h('p', { class: 'empty', textContent: 'This server offers no tools with a UI. Its other tools are listed under Model context.' }))
      return
    }
    this.#root.replaceChildren(...tools.map((tool, index) => this.#item(tool, index)))
  }

  showError(text: string): void {
    this.#root.replaceChildren(h('div', { class: 'load-error' }, h('strong', { textContent: 'Could not connect to the MCP server' }), h('p', { textContent: text })))
  }

  #item(tool: Tool, index: number): HTMLElement {
    const form = argumentForm(tool.inputSchema, `tool-${index}`)
    const error = h('p', { class: 'form-error', attrs: { role: 'alert' } })
    const call = () => {
      try {
        error.textContent = ''
        this.#onCall(tool, form.read())
      } catch (failure) {
        error.textContent = failure instanceof Error ? failure.message : String(failure)
        details.open = true
      }
    }
    const details = h('details', { class: 'tool-args' }, h('summary', { textContent: 'Arguments' }), form.element)
    return h(
      'article',
      { class: 'tool-item', dataset: { tool: tool.name } },
      h(
        'header',
        { class: 'tool-head' },
        h('div', { class: 'tool-names' }, h('strong', { textContent: tool.title ?? tool.name }), h('code', { textContent: tool.name })),
        h('button', { class: 'button primary small', type: 'button', textContent: 'Call', dataset: { action: 'call' }, on: { click: call } }),
      ),
      tool.description ? h('p', { class: 'tool-description', textContent: tool.description }) : '',
      details,
      error,
    )
  }
}
