/**
 * The protocol log: every JSON-RPC message, in order, on every channel (each view ⇄ host, and
 * host ⇄ server), with who sent it to whom, when (seconds since the page loaded) and, for
 * responses, how long the request took. Click a row for the full message.
 */
import { h, previewJson } from './dom.js'

export interface Channel {
  id: string
  /** Short name in the "from → to" column (`#2` for the second view, `server`). */
  label: string
  kind: 'view' | 'server'
}

type Direction = 'in' | 'out'
type Filter = 'all' | 'view' | 'server'

/** Rows kept in the DOM; older ones are dropped so a long session stays fast. */
const MAX_ROWS = 1500

export class ProtocolLog {
  readonly #list: HTMLElement
  readonly #count: HTMLElement
  readonly #started = performance.now()
  readonly #pending = new Map<string, { method: string; at: number }>()
  #total = 0
  #filter: Filter = 'all'
  /** Whether the list sticks to the newest row: true until the reader scrolls up. */
  #following = true

  constructor(list: HTMLElement, count: HTMLElement) {
    this.#list = list
    this.#count = count
    list.addEventListener('click', (event) => {
      const row = (event.target as Element).closest<HTMLElement>('.log-row')
      if (row && !(event.target as Element).closest('pre')) toggleDetails(row)
    })
    list.addEventListener('scroll', () => {
      if (list.clientHeight) this.#following = list.scrollHeight - list.scrollTop - list.clientHeight < 40
    })
    list.addEventListener('keydown', (event) => {
      const row = (event.target as Element).closest<HTMLElement>('.log-row')
      if (row && (event.key === 'Enter' || event.key === ' ')) {
        event.preventDefault()
        toggleDetails(row)
      }
    })
  }

  /** A message on `channel`; `out` is sent by the host, `in` received by it. */
  message(channel: Channel, direction: Direction, rpc: object): void {
    const message = rpc as Record<string, unknown>
    const now = performance.now()
    const host = 'host'
    const [from, to] = direction === 'out' ? [host, channel.label] : [channel.label, host]
    const id = message.id as string | number | undefined
    const method = typeof message.method === 'string' ? message.method : undefined
    let summary: string
    let kind: string
    let detail = ''
    if (method && id !== undefined) {
      kind = 'request'
      summary = method
      detail = `#${id}`
      this.#pending.set(`${channel.id}:${direction}:${id}`, { method, at: now })
    } else if (method) {
      kind = 'notification'
      summary = method
    } else {
      const request = this.#pending.get(`${channel.id}:${direction === 'in' ? 'out' : 'in'}:${id}`)
      this.#pending.delete(`${channel.id}:${direction === 'in' ? 'out' : 'in'}:${id}`)
      kind = 'error' in message ? 'error' : 'response'
      summary = `${request?.method ?? 'response'} ${'error' in message ? 'error' : 'result'}`
      detail = `#${id}${request ? ` · ${formatMs(now - request.at)}` : ''}`
    }
    this.#add(
      h(
        'li',
        { class: `log-row ${kind}`, dataset: { channel: channel.kind, direction, method: method ?? '', kind }, attrs: { tabindex: '0' } },
        h('span', { class: 'log-time', textContent: this.#stamp(now) }),
        h('span', { class: 'log-route', textContent: `${from} → ${to}` }),
        h('span', { class: 'log-method' }, summary, detail ? h('span', { class: 'log-detail', textContent: ` ${detail}` }) : ''),
      ),
      message,
    )
  }

  /** Something a bridge tolerated, dropped or refused; or a log line from a view. */
  note(channel: Channel, level: 'warning' | 'log', text: string, data?: unknown): void {
    this.#add(
      h(
        'li',
        { class: `log-row ${level}`, dataset: { channel: channel.kind, kind: level }, attrs: { tabindex: '0' } },
        h('span', { class: 'log-time', textContent: this.#stamp(performance.now()) }),
        h('span', { class: 'log-route', textContent: channel.label }),
        h('span', { class: 'log-method', textContent: level === 'warning' ? `warning: ${text}` : text }),
      ),
      data,
    )
  }

  /** Call when the list becomes visible: a hidden list cannot scroll. */
  shown(): void {
    if (this.#following) this.#list.scrollTop = this.#list.scrollHeight
  }

  setFilter(filter: Filter): void {
    this.#filter = filter
    this.#list.dataset.filter = filter
  }

  clear(): void {
    this.#list.replaceChildren()
    this.#total = 0
    this.#count.textContent = '0'
  }

  #add(row: HTMLElement, payload: unknown): void {
    ;(row as HTMLElement & { payload?: unknown }).payload = payload
    this.#list.append(row)
    if (this.#list.childElementCount > MAX_ROWS) this.#list.firstElementChild?.remove()
    this.#count.textContent = String(++this.#total)
    if (this.#following) this.#list.scrollTop = this.#list.scrollHeight
  }

  #stamp(now: number): string {
    return `${((now - this.#started) / 1000).toFixed(3)}s`
  }
}

function toggleDetails(row: HTMLElement): void {
  const open = row.querySelector('pre')
  if (open) return void open.remove()
  const payload = (row as HTMLElement & { payload?: unknown }).payload
  if (payload !== undefined) row.append(h('pre', { class: 'log-json', textContent: previewJson(payload) }))
}

function formatMs(ms: number): string {
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`
}
