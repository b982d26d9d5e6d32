/**
 * Property-based fuzzing of the view bridge: at least 100,000 messages from a hostile or buggy
 * parent per run of the suite (valid, near-valid and junk, some from other windows or origins,
 * interleaved with the app's own calls and time passing), every run checked by `view-run.ts`.
 * See `fuzz-side.ts` for seeds and run counts.
 */
import { fuzzSide } from './fuzz-side.js'
import { viewScenario } from './view-scenario.js'
import { runView } from './view-run.js'

fuzzSide({ side: 'view', peer: 'a hostile parent', scenarios: viewScenario(320), run: runView })
