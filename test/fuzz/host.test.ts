/**
 * Property-based fuzzing of the host bridge: at least 100,000 messages from a hostile view per
 * run of the suite (valid, near-valid and junk, interleaved with the host's own calls and time
 * passing), every run checked by `host-run.ts`. See `fuzz-side.ts` for seeds and run counts.
 */
import { fuzzSide } from './fuzz-side.js'
import { hostScenario } from './host-scenario.js'
import { runHost } from './host-run.js'

fuzzSide({ side: 'host', peer: 'a hostile view', scenarios: hostScenario(320), run: runHost })
