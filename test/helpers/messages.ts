/** Builders for raw JSON-RPC messages, for injecting exactly what a test needs on the wire. */

export const request = (id: unknown, method: string, params?: unknown) =>
  params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params }

export const notification = (method: string, params?: unknown) =>
  params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params }

export const success = (id: unknown, result: unknown) => ({ jsonrpc: '2.0', id, result })

export const failure = (id: unknown, code: number, message = 'error', data?: unknown) =>
  data === undefined ? { jsonrpc: '2.0', id, error: { code, message } } : { jsonrpc: '2.0', id, error: { code, message, data } }

/** An object nested `depth` levels deep: `{a: {a: ... {}}}`. */
export function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = {}
  for (let i = 0; i < depth; i++) value = { a: value }
  return value
}
