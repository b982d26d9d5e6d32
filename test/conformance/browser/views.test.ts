/**
 * The kit against the two view bridges (each with the conformance probe): ours passes
 * everything; the official App fails exactly the requirements `conformance/official-failures.ts`
 * explains.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OFFICIAL_VIEW_FAILURES } from '../../../conformance/official-failures.js'
import { officialViewHtml, ourViewHtml } from '../../../conformance/views/build.js'
import { runViewConformance } from '../../../src/conformance/index.js'
import { keepReport } from './implementations.js'
import { explain, failed, useKitEnvironment } from './kit-env.js'

const env = useKitEnvironment({ beforeAll, afterAll })

describe('view conformance', () => {
  it('our ViewBridge passes every requirement', async () => {
    const report = await runViewConformance({ environment: env(), html: await ourViewHtml(), name: 'mcp-app-bridge ViewBridge (script-tag bundle)' })
    keepReport(report, 'our-view')
    expect(failed(report), explain(report)).toEqual([])
    expect(report.summary.notApplicable, explain(report)).toBe(0)
  })

  it('the official App fails exactly the explained requirements', async () => {
    const report = await runViewConformance({ environment: env(), html: await officialViewHtml(), name: 'App (@modelcontextprotocol/ext-apps 2.0.4)' })
    keepReport(report, 'official-view')
    expect(failed(report), explain(report)).toEqual(Object.keys(OFFICIAL_VIEW_FAILURES).sort())
  })
})
