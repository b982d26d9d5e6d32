#!/usr/bin/env node
// The conformance kit's CLI (src/conformance/cli.ts, built into dist/conformance/cli.js).
import { run } from '../dist/conformance/cli.js'

void run(process.argv.slice(2))
