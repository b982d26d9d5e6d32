/**
 * Where the demo's MCP traffic ends up: a fresh server session per browser session, either the
 * embedded example server (in-process, through an in-memory transport pair) or a stdio server
 * process started from the `--server` command. Both are plain MCP SDK transports, so the HTTP
 * endpoint relays messages to them without knowing which one it has.
 */
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { createExampleServer } from '../../examples/server/server.js'
import { splitCommand } from './args.js'

export interface Upstream {
  /** Shown in the page header and the console. */
  label: string
  kind: 'embedded' | 'stdio'
  /** Opens a new server session and returns the transport that talks to it. */
  open(): Promise<Transport>
}

export function embeddedUpstream(): Upstream {
  return {
    label: 'Embedded example server',
    kind: 'embedded',
    async open() {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
      await createExampleServer().connect(serverSide)
      return clientSide
    },
  }
}

export function stdioUpstream(command: string): Upstream {
  const [executable, ...args] = splitCommand(command)
  return {
    label: command,
    kind: 'stdio',
    async open() {
      // A server process per session: MCP servers expect exactly one `initialize` per connection.
      const transport = new StdioClientTransport({ command: executable!, args, stderr: 'pipe' })
      transport.stderr?.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n')) if (line.trim()) process.stderr.write(`[server] ${line}\n`)
      })
      return transport
    },
  }
}
