/**
 * What the kit's pages report to the Node side, and how.
 *
 * The scripted view, the scripted host and the host page's runtime each log every JSON-RPC
 * message they receive and send, plus named marks ("teardown-answering", "effect", ...), as one
 * console line each: `CHANNEL_PREFIX + JSON`. Playwright delivers console lines of every frame,
 * in order per frame, and they survive the frame: a view that the host removes has already
 * reported what it saw. Shared by the pages (browser) and the drivers (Node); no DOM, no Node.
 */

/** Marks a console line as a kit report. */
export const CHANNEL_PREFIX = '[mcp-app-bridge conformance] '

/** Which kit page reported an event. `page` is the browser itself (uncaught errors). */
export type EventSource = 'view' | 'host' | 'runtime' | 'page'

export interface WireEvent {
  source: EventSource
  /** Position in its source's log (1, 2, ...): order within one source is exact. */
  seq: number
  /** `in`: a message arrived; `out`: one was posted; `mark`: something the page noted. */
  kind: 'in' | 'out' | 'mark'
  /** The JSON-RPC message (a JSON copy), for `in` and `out`. */
  message?: unknown
  /** For `in`: `event.origin` of the message. */
  origin?: string
  /** For `in`: whether it came from the expected peer (the view's parent, or the view's frame). */
  trusted?: boolean
  /** For `mark`: its name. */
  mark?: string
  /** For `mark`: what goes with it. */
  data?: unknown
}

/** A JSON-RPC message as the kit reads it: every field optional, nothing trusted. */
export interface LooseMessage {
  jsonrpc?: unknown
  id?: unknown
  method?: unknown
  params?: unknown
  result?: unknown
  error?: { code?: unknown; message?: unknown; data?: unknown } | unknown
}

/** The message of an `in`/`out` event, as a loose object (or `{}`). */
export function messageOf(event: WireEvent): LooseMessage {
  const message = event.message
  return typeof message === 'object' && message !== null ? (message as LooseMessage) : {}
}

/** The method of an event's message, when it has one. */
export function methodOf(event: WireEvent): string | undefined {
  const method = messageOf(event).method
  return typeof method === 'string' ? method : undefined
}

/** True for a request or notification (a message with a method), as opposed to a response. */
export function isCall(event: WireEvent): boolean {
  return methodOf(event) !== undefined
}

/** The result object of a response event, when it is a success. */
export function resultOf(event: WireEvent | undefined): Record<string, unknown> | undefined {
  const result = event ? messageOf(event).result : undefined
  return typeof result === 'object' && result !== null && !Array.isArray(result) ? (result as Record<string, unknown>) : undefined
}

/** The error code of a response event, when it is an error (`NaN` for an error without a numeric code). */
export function errorCodeOf(event: WireEvent | undefined): number | undefined {
  if (!event || !('error' in messageOf(event))) return undefined
  const error = messageOf(event).error as { code?: unknown } | null
  return typeof error?.code === 'number' ? error.code : Number.NaN
}

/** The params object of a request or notification event (`{}` when absent or not an object). */
export function paramsOf(event: WireEvent): Record<string, unknown> {
  const params = messageOf(event).params
  return typeof params === 'object' && params !== null && !Array.isArray(params) ? (params as Record<string, unknown>) : {}
}
