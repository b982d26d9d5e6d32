/**
 * Every host check can fail: the kit runs against deliberately broken hosts, one per category
 * (`../broken/broken-host.ts`), limited to that category, and exactly the requirements the fault
 * breaks must fail.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runHostConformance, type Category } from '../../../src/conformance/index.js'
import { HOST_FAULTS, type HostFault } from '../broken/faults.js'
import { explain, failed, SHIPPED, useKitEnvironment } from './kit-env.js'

const env = useKitEnvironment({ beforeAll, afterAll })
const ADAPTER = join(import.meta.dirname, '..', 'broken', 'broken-host.ts')
const PROXY_DIR = join(import.meta.dirname, '..', 'broken', 'proxy')
const proxy = { html: readFileSync(join(PROXY_DIR, 'proxy.html'), 'utf8') }

const EXPECTED: Record<HostFault, { category: Category; fails: string[] }> = {
  handshake: { category: 'handshake', fails: ['host-initialize-result', 'host-protocol-version'] },
  ordering: { category: 'ordering', fails: ['host-nothing-before-initialized'] },
  'tool-data': { category: 'tool-data', fails: ['host-tool-input-once'] },
  context: { category: 'context', fails: ['host-context-changes-only'] },
  visibility: { category: 'visibility', fails: ['host-visibility-enforced'] },
  capabilities: { category: 'capabilities', fails: ['host-capability-gating', 'host-logging-gated'] },
  actions: { category: 'actions', fails: ['host-message', 'host-open-link'] },
  'display-mode': { category: 'display-mode', fails: ['host-display-mode-current-on-refusal', 'host-display-mode-result'] },
  size: { category: 'size', fails: ['host-size-applied'] },
  teardown: { category: 'teardown', fails: ['host-teardown-before-removal'] },
  rpc: { category: 'rpc', fails: ['host-one-response', 'host-unknown-method'] },
  sandbox: {
    category: 'sandbox',
    fails: ['host-csp-base-uri', 'host-csp-blocks-connections', 'host-csp-default', 'host-csp-frame-src', 'host-csp-no-undeclared', 'host-csp-object-src', 'host-sandboxed-frame', 'host-web-proxy'],
  },
  'sandbox-messages': { category: 'sandbox', fails: ['host-sandbox-messages-filtered', 'host-web-proxy'] },
  'proxy-same-origin': { category: 'sandbox', fails: ['host-proxy-origin'] },
  'proxy-flags': { category: 'sandbox', fails: ['host-proxy-sandbox-flags'] },
  origin: { category: 'origin', fails: ['host-authenticates-sender'] },
}

describe('the host checks fail on broken hosts', () => {
  for (const [fault, { category, fails }] of Object.entries(EXPECTED) as Array<[HostFault, (typeof EXPECTED)[HostFault]]>) {
    it(`${category}: a host that ${HOST_FAULTS[fault]}`, async () => {
      const behindProxy = fault.startsWith('proxy')
      const report = await runHostConformance({
        environment: env(),
        adapter: ADAPTER,
        adapterOptions: { fault, ...(behindProxy && { proxy }) },
        categories: [category],
        alias: SHIPPED,
        ...(behindProxy && { sandboxDir: PROXY_DIR }),
      })
      expect(failed(report), explain(report)).toEqual(fails)
    })
  }

  it('sandbox: the same host behind a proper sandbox proxy passes', async () => {
    const report = await runHostConformance({ environment: env(), adapter: ADAPTER, adapterOptions: { proxy }, categories: ['sandbox'], alias: SHIPPED, sandboxDir: PROXY_DIR })
    expect(failed(report), explain(report)).toEqual([])
    expect(report.results.find((result) => result.id === 'host-web-proxy')?.status).toBe('PASS')
  })
})
