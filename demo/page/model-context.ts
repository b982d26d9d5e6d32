/**
 * "What the model sees": the tools a model would be offered (filtered with the library's
 * visibility rule, so app-only helpers are left out), and the latest `ui/update-model-context`
 * of each live view. Each update replaces that view's previous one and starts no turn.
 */
import { filterModelTools, getToolUiResourceUri, isCallableByApp, isVisibleToModel, type McpUiUpdateModelContextParams, type Tool } from 'mcp-app-bridge/host'
import { clockTime, h, previewJson } from './dom.js'

export class ModelContextPanel {
  readonly #tools: HTMLElement
  readonly #contexts: HTMLElement
  readonly #entries = new Map<string, HTMLElement>()

  constructor(container: HTMLElement) {
    this.#tools = h('div', { class: 'context-tools' })
    this.#contexts = h('div', { class: 'context-views' })
    container.append(
      h('section', { class: 'panel-section' }, h('h3', { textContent: 'Tools offered to the model' }), this.#tools),
      h(
        'section',
        { class: 'panel-section' },
        h('h3', { textContent: 'Context from apps' }),
        h('p', { class: 'panel-hint', textContent: 'The latest ui/update-model-context of each view, sent with the next turn.' }),
        this.#contexts,
      ),
    )
    this.#renderEmpty()
  }

  /** The server's tools; `undefined` when there is no connection. */
  setTools(tools: Tool[] | undefined): void {
    if (!tools) return void this.#tools.replaceChildren(h('p', { class: 'empty', textContent: 'Not connected to a server.' }))
    const visible = filterModelTools(tools)
    const hidden = tools.filter((tool) => !isVisibleToModel(tool))
    this.#tools.replaceChildren(
      ...[
      visible.length
        ? h('ul', { class: 'tool-chips' }, ...visible.map((tool) => h('li', { class: 'tool-chip', title: tool.description ?? '' }, h('code', { textContent: tool.name }), getToolUiResourceUri(tool) ? h('span', { class: 'badge', textContent: 'UI' }) : null)))
        : h('p', { class: 'empty', textContent: 'This server offers the model no tools.' }),
      hidden.length
        ? h(
            'p',
            { class: 'panel-hint' },
            'Hidden from the model: ',
            ...hidden.flatMap((tool, i) => [i ? ', ' : '', h('code', { textContent: tool.name }), isCallableByApp(tool) ? ' (app-only)' : '']),
          )
        : '',
      ],
    )
  }

  /** Shows (or, with `undefined`, clears) a view's latest context. */
  setViewContext(viewId: string, label: string, context: McpUiUpdateModelContextParams | undefined, locale?: string): void {
    if (!context) return this.removeView(viewId)
    const text = (context.content ?? []).map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n')
    const entry = h(
      'article',
      { class: 'context-entry', dataset: { viewId } },
      h('header', {}, h('strong', { textContent: label }), h('time', { textContent: `updated ${clockTime(new Date(), locale)}` })),
      text ? h('p', { class: 'context-text', textContent: text }) : null,
      context.structuredContent ? h('pre', { class: 'context-json', textContent: previewJson(context.structuredContent) }) : null,
    )
    const previous = this.#entries.get(viewId)
    if (previous) previous.replaceWith(entry)
    else this.#contexts.append(entry)
    this.#entries.set(viewId, entry)
    entry.classList.add('flash')
    this.#renderEmpty()
  }

  removeView(viewId: string): void {
    this.#entries.get(viewId)?.remove()
    this.#entries.delete(viewId)
    this.#renderEmpty()
  }

  #renderEmpty(): void {
    const empty = this.#contexts.querySelector('.empty')
    if (this.#entries.size) empty?.remove()
    else if (!empty) this.#contexts.append(h('p', { class: 'empty', textContent: 'No app has shared context yet.' }))
  }
}
