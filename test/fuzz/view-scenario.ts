/**
 * What one view fuzz run is: how the app configured its view bridge, when (if ever) a
 * well-behaved host completes the handshake, then a sequence of steps, each a message from the
 * parent (valid, near-valid or junk; sometimes from another window instead), a call the app makes,
 * or time passing. fast-check shrinks a failing run to its shortest sequence.
 *
 * The view applies no size, depth or `__proto__` limits by design (only its parent can reach it,
 * and the parent wrote its document), so sizes here test robustness, not limits, and values
 * never contain themselves.
 */
import fc from 'fast-check'
import type { McpUiDisplayMode } from '../../src/protocol/types.js'
import { hostMessage } from './host-traffic.js'
import { nearValid } from './mutate.js'
import { junk, type SizeProfile } from './values.js'

export interface ViewConfig {
  /** The display modes the app declares (none: inline only). */
  modes: McpUiDisplayMode[] | undefined
  /** App tools registered before `connect()`: `echo`, `slow` (answers after 5 s), `throws`, `bad-result`. */
  tools: boolean
  /** What the app's teardown listener does. */
  teardown: 'none' | 'saves' | 'fails' | 'slow'
  /** The app calls `connect()` before anything else happens (otherwise only a `connect` step does). */
  connectFirst: boolean
  /** Before which step a well-behaved host answers `ui/initialize`, if it is still waiting; never when past the end. */
  handshakeAt: number
  /** What that host advertises. */
  capabilities: Record<string, unknown>
}

export type ViewAction =
  | { do: 'connect' }
  | { do: 'sendMessage'; text: string }
  | { do: 'updateModelContext'; text: string }
  | { do: 'callServerTool'; name: string }
  | { do: 'readServerResource' }
  | { do: 'listServerResources' }
  | { do: 'openLink'; url: string }
  | { do: 'downloadFile' }
  | { do: 'requestDisplayMode'; mode: McpUiDisplayMode }
  | { do: 'createSamplingMessage' }
  | { do: 'sendLog' }
  | { do: 'sendSizeChanged'; width: number; height: number }
  | { do: 'requestTeardown' }
  | { do: 'registerTool'; name: string }
  | { do: 'abort' }

export type ViewStep = { kind: 'message'; data: unknown; from: 'parent' | 'stranger' | 'other-origin' } | { kind: 'app'; action: ViewAction } | { kind: 'wait'; ms: number }

export interface ViewScenario {
  config: ViewConfig
  steps: ViewStep[]
}

const SIZES: SizeProfile = { big: [1_000, 100_000], deep: [50, 300], cycles: false }
const mode = fc.constantFrom<McpUiDisplayMode>('inline', 'fullscreen', 'pip')

const config = (maxLength: number): fc.Arbitrary<ViewConfig> =>
  fc.record({
    modes: fc.option(fc.uniqueArray(mode, { minLength: 1, maxLength: 3 }), { nil: undefined }),
    tools: fc.boolean(),
    teardown: fc.constantFrom('none' as const, 'saves' as const, 'fails' as const, 'slow' as const),
    connectFirst: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    handshakeAt: fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 0, max: 6 }) }, { weight: 2, arbitrary: fc.integer({ min: 0, max: maxLength + 20 }) }),
    capabilities: fc
      .record(
        {
          message: fc.constant({}),
          openLinks: fc.constant({}),
          updateModelContext: fc.constant({}),
          serverTools: fc.constant({}),
          serverResources: fc.constant({}),
          logging: fc.constant({}),
          downloadFile: fc.constant({}),
          sampling: fc.constant({}),
        },
        { requiredKeys: [] },
      )
      .map((value) => ({ ...value })),
  })

const text = fc.string({ maxLength: 8 })

const action: fc.Arbitrary<ViewAction> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ do: 'connect' as const }) },
  { weight: 3, arbitrary: fc.record({ do: fc.constant('sendMessage' as const), text }) },
  { weight: 2, arbitrary: fc.record({ do: fc.constant('updateModelContext' as const), text }) },
  { weight: 3, arbitrary: fc.record({ do: fc.constant('callServerTool' as const), name: fc.constantFrom('app-tool', 'model-tool', 'x') }) },
  { weight: 1, arbitrary: fc.constant({ do: 'readServerResource' as const }) },
  { weight: 1, arbitrary: fc.constant({ do: 'listServerResources' as const }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant('openLink' as const), url: fc.constantFrom('https://example.com', 'javascript:alert(1)') }) },
  { weight: 1, arbitrary: fc.constant({ do: 'downloadFile' as const }) },
  { weight: 2, arbitrary: fc.record({ do: fc.constant('requestDisplayMode' as const), mode }) },
  { weight: 1, arbitrary: fc.constant({ do: 'createSamplingMessage' as const }) },
  { weight: 2, arbitrary: fc.constant({ do: 'sendLog' as const }) },
  { weight: 2, arbitrary: fc.record({ do: fc.constant('sendSizeChanged' as const), width: fc.integer({ min: 0, max: 2000 }), height: fc.integer({ min: 0, max: 2000 }) }) },
  { weight: 1, arbitrary: fc.constant({ do: 'requestTeardown' as const }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant('registerTool' as const), name: fc.constantFrom('late', 'echo') }) },
  { weight: 3, arbitrary: fc.constant({ do: 'abort' as const }) },
)

/** A message from the parent: valid 45 %, one field wrong 40 %, junk 15 %. */
const message: fc.Arbitrary<unknown> = fc.oneof({ weight: 9, arbitrary: hostMessage }, { weight: 8, arbitrary: nearValid(hostMessage, SIZES) }, { weight: 3, arbitrary: junk(SIZES) })

export function viewScenario(maxLength: number): fc.Arbitrary<ViewScenario> {
  const step: fc.Arbitrary<ViewStep> = fc.oneof(
    {
      weight: 85,
      arbitrary: fc
        .tuple(message, fc.oneof({ weight: 18, arbitrary: fc.constant('parent' as const) }, { weight: 1, arbitrary: fc.constant('stranger' as const) }, { weight: 1, arbitrary: fc.constant('other-origin' as const) }))
        .map(([data, from]) => ({ kind: 'message' as const, data, from })),
    },
    { weight: 11, arbitrary: action.map((a) => ({ kind: 'app' as const, action: a })) },
    { weight: 4, arbitrary: fc.constantFrom(10, 1_000, 5_000, 11_000, 31_000).map((ms) => ({ kind: 'wait' as const, ms })) },
  )
  return fc.record({ config: config(maxLength), steps: fc.array(step, { maxLength, size: 'max' }) })
}
