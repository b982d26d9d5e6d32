/**
 * The kit against the two host bridges: ours passes everything applicable; the official
 * AppBridge fails exactly the requirements `conformance/official-failures.ts` explains.
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OFFICIAL_HOST_FAILURES } from '../../../conformance/official-failures.js'
import { runHostConformance } from '../../../src/conformance/index.js'
import { ADAPTERS, keepReport, PROXY_DIR } from './implementations.js'
import { explain, failed, SHIPPED, useKitEnvironment } from './kit-env.js'

const env = useKitEnvironment({ beforeAll, afterAll })

describe('host conformance', () => {
  it('our HostBridge passes every applicable requirement', async () => {
    const report = await runHostConformance({ environment: env(), adapter: ADAPTERS.ours, alias: SHIPPED })
    keepReport(report, 'our-host')
    expect(failed(report), explain(report)).toEqual([])
    // Not applicable only where the adapter says why (a frame it builds, no proxy) or there is no proxy to judge.
    expect(report.results.filter((result) => result.status === 'NOT APPLICABLE').map((result) => result.id)).toEqual(['host-web-proxy', 'host-proxy-origin', 'host-proxy-sandbox-flags'])
    // The declaration holds (web hosts only), and the report still says what the kit saw: no proxy.
    expect(report.results.find((result) => result.id === 'host-web-proxy')?.declared?.observed).toBe('FAIL')
  })

  it('our mountApp behind the sandbox proxy passes every requirement, the proxy ones included', async () => {
    const report = await runHostConformance({ environment: env(), adapter: ADAPTERS.oursProxy, alias: SHIPPED, sandboxDir: PROXY_DIR })
    keepReport(report, 'our-host-proxy')
    expect(failed(report), explain(report)).toEqual([])
    expect(report.results.filter((result) => result.status !== 'PASS').map((result) => result.id)).toEqual([])
  })

  it('a host whose context starts without a locale may announce the locale it is given', async () => {
    const adapter = join(import.meta.dirname, '..', 'variants', 'no-locale-host.ts')
    const report = await runHostConformance({ environment: env(), adapter, alias: SHIPPED, categories: ['context'] })
    expect(failed(report), explain(report)).toEqual([])
  })

  it('the official AppBridge fails exactly the explained requirements', async () => {
    const report = await runHostConformance({ environment: env(), adapter: ADAPTERS.official, alias: SHIPPED })
    keepReport(report, 'official-host')
    expect(failed(report), explain(report)).toEqual(Object.keys(OFFICIAL_HOST_FAILURES).sort())
    // The frame and CSP it declares not applicable are the adapter's (ours): observed passing, so the declarations hide nothing.
    expect(report.results.filter((result) => result.declared && result.declared.observed !== 'PASS').map((result) => result.id)).toEqual(['host-web-proxy'])
  })
})
