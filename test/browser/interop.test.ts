/**
 * The interop matrix: the same lifecycle scenario, with the same assertions, in all four
 * directions: our host + our view, our host + the official `App`, the official `AppBridge` +
 * our view, and (the reference) official + official.
 */
import { afterAll, beforeAll, describe, it } from 'vitest'
import { useEnv, type Side } from './harness/env.js'
import { Scenario } from './harness/steps.js'
import { runLifecycle } from './scenarios/lifecycle.js'

const env = useEnv({ beforeAll, afterAll })

const DIRECTIONS: Array<{ host: Side; view: Side }> = [
  { host: 'ours', view: 'ours' },
  { host: 'ours', view: 'official' },
  { host: 'official', view: 'ours' },
  { host: 'official', view: 'official' },
]

describe('interop matrix (opaque frame)', () => {
  for (const { host, view } of DIRECTIONS) {
    it(`${host} host + ${view} view`, async () => {
      await runLifecycle(env(), new Scenario(`interop ${host} host + ${view} view`), { host, view, frameMode: 'srcdoc' })
    })
  }
})
