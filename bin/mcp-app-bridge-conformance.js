#!/usr/bin/env node
// The conformance kit's CLI (src/conformance/cli.ts, built into dist/conformance/cli.js).
import { main } from '../dist/conformance/cli.js'

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (error) => {
    console.error(`mcp-app-bridge-conformance: ${error instanceof Error ? error.message : String(error)}`)
    process.exitCode = 2
  },
)
