/**
 * The interop matrix: the same lifecycle scenario, with the same assertions, in all four
 * directions: our host + our view, our host + the official `App`, the official `AppBridge` +
 * our view, and (the reference) official + official. Each in both frame modes: our host through
 * `mountApp`; the official host frames the view itself (its caller's business, as in the SDK's
 * basic host), in the opaque frame or behind our sandbox proxy page (`sendSandboxResourceReady`).
 */
import { afterAll, beforeAll, describe, it } from 'vitest'
import { FRAME_MODES, useEnv, type Side } from './harness/env.js'
import { Scenario } from './harness/steps.js'
import { runLifecycle } from './scenarios/lifecycle.js'

const env = useEnv({ beforeAll, afterAll })

const DIRECTIONS: Array<{ host: Side; view: Side }> = [
  { host: 'ours', view: 'ours' },
  { host: 'ours', view: 'official' },
  { host: 'official', view: 'ours' },
  { host: 'official', view: 'official' },
]

describe('interop matrix: one scenario, four directions', () => {
  for (const { host, view } of DIRECTIONS) {
    for (const frameMode of FRAME_MODES) {
      it(`${host} host + ${view} view (${frameMode} frame)`, async () => {
        await runLifecycle(env(), new Scenario(`interop ${host} host + ${view} view, ${frameMode}`), { host, view, frameMode })
      })
    }
  }
})
