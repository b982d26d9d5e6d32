/**
 * The page's MCP endpoint (`/mcp`, Streamable HTTP). Each browser session gets its own
 * `StreamableHTTPServerTransport`, relayed message for message to a fresh upstream session, so
 * what the page's MCP `Client` sends is exactly what the server receives.
 */
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js'
import type { Upstream } from './upstream.js'

/** Reloads open new sessions without closing the old ones; beyond this many, the oldest goes. */
const MAX_SESSIONS = 4
const MAX_BODY_BYTES = 4 * 1024 * 1024

interface Session {
  http: StreamableHTTPServerTransport
  upstream: Transport
}

export class McpEndpoint {
  readonly #upstream: Upstream
  readonly #sessions = new Map<string, Session>()

  constructor(upstream: Upstream) {
    this.#upstream = upstream
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = req.method === 'POST' ? await readJson(req) : undefined
    if (body instanceof Error) return sendError(res, 400, -32700, body.message)
    const id = req.headers['mcp-session-id']
    const session = typeof id === 'string' ? this.#sessions.get(id) : undefined
    if (session) return session.http.handleRequest(req, res, body)
    if (id !== undefined) return sendError(res, 404, -32001, 'Session not found: reload the page')
    if (req.method !== 'POST' || !isInitializeRequest(body)) return sendError(res, 400, -32000, 'Start a session with an initialize request')

    let upstream: Transport
    try {
      upstream = await this.#upstream.open()
    } catch (error) {
      return failedToStart(res, error)
    }
    const http: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (sessionId): void => this.#add(sessionId, { http, upstream }),
    })
    try {
      await relay(http, upstream)
    } catch (error) {
      await upstream.close().catch(() => {})
      return failedToStart(res, error)
    }
    await http.handleRequest(req, res, body)
  }

  /** Closes every session (and with it every server process). */
  async close(): Promise<void> {
    await Promise.all([...this.#sessions.values()].map(({ http }) => http.close().catch(() => {})))
    this.#sessions.clear()
  }

  #add(sessionId: string, session: Session): void {
    this.#sessions.set(sessionId, session)
    session.http.onclose = chain(session.http.onclose, () => this.#sessions.delete(sessionId))
    for (const [oldest, { http }] of this.#sessions) {
      if (this.#sessions.size <= MAX_SESSIONS) break
      this.#sessions.delete(oldest)
      void http.close().catch(() => {})
    }
  }
}

/** Joins two transports: every message from one goes to the other; closing one closes both. */
async function relay(a: Transport, b: Transport): Promise<void> {
  let closed = false
  const closeBoth = () => {
    if (closed) return
    closed = true
    void a.close().catch(() => {})
    void b.close().catch(() => {})
  }
  a.onmessage = (message) => void b.send(message).catch(closeBoth)
  b.onmessage = (message) => void a.send(message).catch(() => {})
  a.onclose = closeBoth
  b.onclose = closeBoth
  await b.start()
  await a.start()
}

function chain(first: (() => void) | undefined, second: () => void): () => void {
  return () => {
    first?.()
    second()
  }
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) return new Error('Request body too large')
    chunks.push(chunk)
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    return new Error('Parse error: the body is not JSON')
  }
}

/** Said on the console too: the person running the demo is the one who can fix the command. */
function failedToStart(res: ServerResponse, error: unknown): void {
  const message = `Could not start the MCP server: ${error instanceof Error ? error.message : String(error)}`
  console.error(`  ${message}`)
  sendError(res, 502, -32603, message)
}

function sendError(res: ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }))
}
