#!/usr/bin/env -S npx tsx
/**
 * The example server over stdio, for any MCP host:
 *
 *     npx tsx examples/server/stdio.ts
 *     npm run demo -- --server "npx tsx examples/server/stdio.ts"
 *
 * The apps are built from source first so this runs from a fresh clone; a published server
 * would ship the built HTML instead. stdout belongs to the protocol: nothing else may print there.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { buildApps } from '../apps/build.js'
import { createExampleServer } from './server.js'

await buildApps()
await createExampleServer().connect(new StdioServerTransport())
