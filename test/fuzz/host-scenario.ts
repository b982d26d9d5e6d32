/**
 * What one host fuzz run is: how the host is configured, then a sequence of steps, each a
 * message from the view (valid, near-valid or junk), a call the host itself makes (context,
 * tool data, its own requests, aborting one), or time passing (fake timers: timeouts fire,
 * rate limits refill). fast-check shrinks a failing run to its shortest sequence.
 */
import fc from 'fast-check'
import type { McpUiHostCapabilities, McpUiHostContext } from '../../src/protocol/types.js'
import { nearValid } from './mutate.js'
import { junk, OVER_DEFAULT_LIMIT, type SizeProfile } from './values.js'
import { TOOL_NAMES, contentBlock, viewMessage } from './view-traffic.js'

export interface HostConfig {
  capabilities: McpUiHostCapabilities
  hostContext: McpUiHostContext
  /** Small size and depth limits (16 KiB, depth 24) instead of the defaults (4 MiB, 100). */
  small: boolean
  /** Rate limits high enough never to bite, instead of the defaults. */
  generous: boolean
  /** How the host knows the server: an MCP client (tools listed through it), a given tool list with that client, or nothing (fail closed). */
  server: 'client' | 'tools' | 'none'
  /** Host handlers for the forwarded methods that call `forward()`, instead of none. */
  forwardHandlers: boolean
  /** The action handlers refuse (`isError: true`). */
  denyActions: boolean
  maxConcurrentCalls: number
}

export type HostAction =
  | { do: 'context'; change: McpUiHostContext }
  | { do: 'partial'; args: Record<string, unknown> }
  | { do: 'input'; args: Record<string, unknown> }
  | { do: 'result'; result: Record<string, unknown> }
  | { do: 'cancelled'; reason: string }
  | { do: 'ping' }
  | { do: 'callTool'; name: string }
  | { do: 'listTools' }
  | { do: 'listChanged'; list: 'tools' | 'resources' | 'prompts' }
  | { do: 'abort' }

export type HostStep = { kind: 'message'; data: unknown } | { kind: 'host'; action: HostAction } | { kind: 'wait'; ms: number }

export interface HostScenario {
  config: HostConfig
  steps: HostStep[]
}

export const SMALL_LIMITS = { maxBytes: 16 * 1024, maxDepth: 24 }
export const GENEROUS_RATES = { actions: { burst: 1e6, perSecond: 1e6 }, calls: { burst: 1e6, perSecond: 1e6 }, context: { burst: 1e6, perSecond: 1e6 }, notifications: { burst: 1e6, perSecond: 1e6 } }

const SIZES: Record<'small' | 'default', SizeProfile> = {
  small: { big: [8_000, 15_000, 17_000, 40_000], deep: [10, 23, 25, 40], cycles: true },
  default: { big: [20_000, 60_000, 60_000, 60_000, OVER_DEFAULT_LIMIT], deep: [60, 100, 101, 150], cycles: true },
}

const mode = fc.constantFrom('inline' as const, 'fullscreen' as const, 'pip' as const)

/** Valid host contexts (the host writes its own context; only the view's input is hostile). */
const context: fc.Arbitrary<McpUiHostContext> = fc
  .record(
    {
      theme: fc.constantFrom('light' as const, 'dark' as const),
      displayMode: mode,
      availableDisplayModes: fc.uniqueArray(mode, { maxLength: 3 }),
      locale: fc.constantFrom('en-US', 'de-DE'),
      containerDimensions: fc.constantFrom({ maxHeight: 600 }, { height: 300, width: 400 }),
      styles: fc.constantFrom({ variables: { '--color-text-primary': 'red' } }, {}),
      platform: fc.constantFrom('web' as const, 'mobile' as const),
    },
    { requiredKeys: [] },
  )
  .map((value) => ({ ...value }))

const config = (small: boolean): fc.Arbitrary<HostConfig> =>
  fc.record({
    capabilities: fc
      .record(
        {
          message: fc.constantFrom({}, { text: {} }),
          openLinks: fc.constant({}),
          updateModelContext: fc.constantFrom({}, { text: {}, structuredContent: {} }),
          serverTools: fc.record({ listChanged: fc.boolean() }),
          serverResources: fc.constant({}),
          logging: fc.constant({}),
          downloadFile: fc.constant({}),
          sampling: fc.constantFrom({}, { tools: {} }),
        },
        { requiredKeys: [] },
      )
      .map((value) => ({ ...value })),
    hostContext: context,
    small: fc.constant(small),
    generous: fc.boolean(),
    server: fc.constantFrom('client' as const, 'tools' as const, 'none' as const),
    forwardHandlers: fc.boolean(),
    denyActions: fc.boolean(),
    maxConcurrentCalls: fc.constantFrom(2, 16),
  })

const args = fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 })

const action: fc.Arbitrary<HostAction> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ do: fc.constant('context' as const), change: context }) },
  { weight: 2, arbitrary: fc.record({ do: fc.constant('partial' as const), args }) },
  { weight: 2, arbitrary: fc.record({ do: fc.constant('input' as const), args }) },
  { weight: 2, arbitrary: fc.record({ do: fc.constant('result' as const), result: fc.record({ content: fc.array(contentBlock, { maxLength: 2 }) }) }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant('cancelled' as const), reason: fc.string({ maxLength: 8 }) }) },
  { weight: 2, arbitrary: fc.constant({ do: 'ping' as const }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant('callTool' as const), name: fc.constantFrom('echo', ...TOOL_NAMES) }) },
  { weight: 1, arbitrary: fc.constant({ do: 'listTools' as const }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant('listChanged' as const), list: fc.constantFrom('tools' as const, 'resources' as const, 'prompts' as const) }) },
  { weight: 2, arbitrary: fc.constant({ do: 'abort' as const }) },
)

/** A message from the view: valid 45 %, one field wrong 40 %, junk 15 %. */
function message(sizes: SizeProfile): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 9, arbitrary: viewMessage }, { weight: 8, arbitrary: nearValid(viewMessage, sizes) }, { weight: 3, arbitrary: junk(sizes) })
}

function steps(sizes: SizeProfile, maxLength: number): fc.Arbitrary<HostStep[]> {
  const step: fc.Arbitrary<HostStep> = fc.oneof(
    { weight: 85, arbitrary: message(sizes).map((data) => ({ kind: 'message' as const, data })) },
    { weight: 11, arbitrary: action.map((a) => ({ kind: 'host' as const, action: a })) },
    { weight: 4, arbitrary: fc.constantFrom(10, 500, 1_000, 5_000, 31_000).map((ms) => ({ kind: 'wait' as const, ms })) },
  )
  return fc.array(step, { maxLength, size: 'max' })
}

/** One host run: half of them with small limits (so "oversized" is cheap to reach), half with the defaults. */
export function hostScenario(maxLength: number): fc.Arbitrary<HostScenario> {
  return fc.oneof(
    fc.record({ config: config(true), steps: steps(SIZES.small, maxLength) }),
    fc.record({ config: config(false), steps: steps(SIZES.default, maxLength) }),
  )
}
