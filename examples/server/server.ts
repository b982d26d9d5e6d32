/**
 * The example MCP server: three tools with views, and one app-only helper tool.
 *
 * `createExampleServer()` returns a fresh, unconnected `McpServer`; connect it to any transport
 * (stdio in `stdio.ts`, Streamable HTTP or in-memory in the demo). One server per connection.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { registerFocusTimerTool } from './focus-timer-tool.js'
import { registerMetricsTool } from './metrics-tool.js'
import { registerReservationTools } from './reservation-tools.js'

export const EXAMPLE_SERVER_INFO = { name: 'mcp-app-bridge-examples', title: 'mcp-app-bridge examples', version: '0.1.0' }

export function createExampleServer(): McpServer {
  const server = new McpServer(EXAMPLE_SERVER_INFO, {
    instructions: 'Tools that render interactive views (MCP Apps) in hosts that support them, and useful text in hosts that do not.',
  })
  registerMetricsTool(server)
  registerReservationTools(server)
  registerFocusTimerTool(server)
  return server
}
