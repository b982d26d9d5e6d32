/**
 * Every view check can fail: the kit runs against deliberately broken views, one per category
 * (`../broken/broken-view.ts`), limited to that category, and exactly the requirements the fault
 * breaks must fail.
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { viewHtml } from '../../../conformance/views/build.js'
import { runViewConformance, type Category } from '../../../src/conformance/index.js'
import { VIEW_FAULTS, type ViewFault } from '../broken/faults.js'
import { explain, failed, useKitEnvironment } from './kit-env.js'

const env = useKitEnvironment({ beforeAll, afterAll })
const ENTRY = join(import.meta.dirname, '..', 'broken', 'broken-view.ts')

const EXPECTED: Record<ViewFault, string[]> = {
  handshake: ['view-initialized-after-result'],
  context: ['view-merges-context'],
  'tool-data': ['view-tolerates-partials'],
  'display-mode': ['view-accepts-display-mode-result', 'view-checks-display-modes'],
  capabilities: ['view-capability-gating'],
  size: ['view-size-changed'],
  teardown: ['view-teardown-answered'],
  rpc: ['view-one-response'],
  sandbox: ['view-no-sandbox-messages'],
  origin: ['view-authenticates-sender'],
}

describe('the view checks fail on broken views', () => {
  for (const [fault, fails] of Object.entries(EXPECTED) as Array<[ViewFault, string[]]>) {
    it(`${fault}: a view that ${VIEW_FAULTS[fault]}`, async () => {
      const html = await viewHtml(ENTRY, { title: `broken view (${fault})`, viewBridge: true, prelude: `window.__brokenViewFault = ${JSON.stringify(fault)}` })
      const report = await runViewConformance({ environment: env(), html, name: `broken view (${fault})`, categories: [fault as Category] })
      expect(failed(report), explain(report)).toEqual(fails)
    })
  }
})
