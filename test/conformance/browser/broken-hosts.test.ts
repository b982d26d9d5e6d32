/**
 * Every host check can fail: the kit runs against deliberately broken hosts, at least one per
 * category (`../broken/broken-host.ts`), limited to that category, and exactly the requirements
 * the fault breaks must fail. Some faults are regressions: subtle ways the kit used to pass.
 * A fault proves whatever level its requirements have: some prove a SHOULD (the handshake's fields,
 * sandbox-* messages, ... which the spec states without a keyword). The catalogue test checks that
 * every MUST the kit judges is among the failures expected here or the official ones.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runHostConformance, type Category, type ConformanceReport } from '../../../src/conformance/index.js'
import { HOST_FAULTS, type HostFault } from '../broken/faults.js'
import { explain, failed, SHIPPED, useKitEnvironment } from './kit-env.js'

const env = useKitEnvironment({ beforeAll, afterAll })
const ADAPTER = join(import.meta.dirname, '..', 'broken', 'broken-host.ts')
const PROXY_DIR = join(import.meta.dirname, '..', 'broken', 'proxy')
/** The same proxy with one fault: it obeys anyone's sandbox-resource-ready. */
const SPOOFABLE_PROXY_DIR = join(import.meta.dirname, '..', 'broken', 'spoofable-proxy')
const proxy = { html: readFileSync(join(PROXY_DIR, 'proxy.html'), 'utf8') }

/** Every fault but 'refuses-initialize' and 'late-gated-effect', which have their own tests below. */
const EXPECTED: Record<Exclude<HostFault, 'refuses-initialize' | 'late-gated-effect'>, { category: Category; fails: string[] }> = {
  handshake: { category: 'handshake', fails: ['host-initialize-result', 'host-protocol-version'] },
  ordering: { category: 'ordering', fails: ['host-nothing-before-initialized'] },
  'tool-data': { category: 'tool-data', fails: ['host-tool-input-once'] },
  'drops-cancellation': { category: 'tool-data', fails: ['host-tool-cancelled-sent'] },
  'drops-result': { category: 'tool-data', fails: ['host-tool-result-sent'] },
  // Its result then comes with no input before it.
  'drops-input': { category: 'tool-data', fails: ['host-tool-input-before-result', 'host-tool-input-sent'] },
  'partials-as-text': { category: 'tool-data', fails: ['host-partials-are-objects'] },
  context: { category: 'context', fails: ['host-context-changes-only'] },
  'context-dimensions': { category: 'context', fails: ['host-context-well-formed'] },
  visibility: { category: 'visibility', fails: ['host-visibility-enforced'] },
  'visibility-default': { category: 'visibility', fails: ['host-visibility-default'] },
  capabilities: { category: 'capabilities', fails: ['host-capability-gating', 'host-logging-gated'] },
  // The unknown protocol version has a session of its own: refusing it does not hide the rest.
  'version-capabilities': { category: 'capabilities', fails: ['host-capability-gating', 'host-logging-gated'] },
  // Silence is no refusal.
  'silent-gating': { category: 'capabilities', fails: ['host-capability-gating'] },
  actions: { category: 'actions', fails: ['host-message', 'host-open-link'] },
  'display-mode': { category: 'display-mode', fails: ['host-display-mode-current-on-refusal', 'host-display-mode-result'] },
  // The official AppBridge fails host-display-mode-declared on a switch the host asked for; this is the view's request.
  'display-mode-any': { category: 'display-mode', fails: ['host-display-mode-current-on-refusal', 'host-display-mode-declared'] },
  size: { category: 'size', fails: ['host-size-applied'] },
  teardown: { category: 'teardown', fails: ['host-teardown-before-removal'] },
  'teardown-navigate': { category: 'teardown', fails: ['host-teardown-waits'] },
  rpc: { category: 'rpc', fails: ['host-one-response', 'host-unknown-method'] },
  ping: { category: 'rpc', fails: ['host-ping'] },
  sandbox: {
    category: 'sandbox',
    fails: ['host-csp-base-uri', 'host-csp-blocks-connections', 'host-csp-default', 'host-csp-frame-src', 'host-csp-no-undeclared', 'host-csp-object-src', 'host-sandboxed-frame', 'host-web-proxy'],
  },
  'sandbox-messages': { category: 'sandbox', fails: ['host-sandbox-messages-filtered', 'host-web-proxy'] },
  'proxy-same-origin': { category: 'sandbox', fails: ['host-proxy-origin'] },
  'proxy-flags': { category: 'sandbox', fails: ['host-proxy-sandbox-flags'] },
  'proxy-spoofable': { category: 'sandbox', fails: ['host-sandbox-messages-filtered'] },
  'loose-default-csp': { category: 'sandbox', fails: ['host-csp-default', 'host-web-proxy'] },
  'ignores-csp': { category: 'sandbox', fails: ['host-csp-declared-domains', 'host-web-proxy'] },
  origin: { category: 'origin', fails: ['host-authenticates-sender'] },
  'opaque-origin-only': { category: 'origin', fails: ['host-authenticates-sender'] },
}

const verdict = (report: ConformanceReport, id: string) => report.results.find((result) => result.id === id)

describe('the host checks fail on broken hosts', () => {
  for (const [fault, { category, fails }] of Object.entries(EXPECTED) as Array<[keyof typeof EXPECTED, (typeof EXPECTED)[keyof typeof EXPECTED]]>) {
    it(`${category}: a host that ${HOST_FAULTS[fault]}`, async () => {
      const behindProxy = fault.startsWith('proxy')
      const report = await runHostConformance({
        environment: env(),
        adapter: ADAPTER,
        adapterOptions: { fault, ...(behindProxy && { proxy }) },
        categories: [category],
        alias: SHIPPED,
        ...(behindProxy && { sandboxDir: fault === 'proxy-spoofable' ? SPOOFABLE_PROXY_DIR : PROXY_DIR }),
      })
      expect(failed(report), explain(report)).toEqual(fails)
    })
  }

  it('a refused minimal handshake: its checks say so instead of judging a view that was never initialized', async () => {
    const report = await runHostConformance({ environment: env(), adapter: ADAPTER, adapterOptions: { fault: 'refuses-initialize' }, categories: ['capabilities', 'tool-data', 'sandbox'], alias: SHIPPED })
    expect(failed(report), explain(report)).toEqual(['host-web-proxy'])
    const minimalOnly = ['host-capability-gating', 'host-logging-gated', 'host-tool-cancelled-sent', 'host-csp-default', 'host-csp-frame-src', 'host-csp-base-uri', 'host-csp-object-src']
    for (const id of minimalOnly) {
      expect(verdict(report, id)?.status, id).toBe('NOT APPLICABLE')
      expect(verdict(report, id)?.evidence[0], id).toMatch(/^not reached: the minimal session's handshake did not complete: ui\/initialize was refused with error -32602/)
    }
  })

  it('a host that declares a requirement binding every host not applicable still fails it, the declaration noted', async () => {
    const adapter = join(import.meta.dirname, '..', 'variants', 'declares-visibility-away.ts')
    const report = await runHostConformance({ environment: env(), adapter, categories: ['visibility'], alias: SHIPPED })
    expect(failed(report), explain(report)).toEqual(['host-visibility-enforced'])
    expect(verdict(report, 'host-visibility-enforced')?.declared).toEqual({ reason: 'our tools are all safe to call', observed: 'FAIL' })
    expect(report.summary).toMatchObject({ declared: 1, declaredFailing: 1 })
  })

  it('capabilities: a side effect that comes late is tied to the request that caused it, even the last one', async () => {
    const report = await runHostConformance({ environment: env(), adapter: ADAPTER, adapterOptions: { fault: 'late-gated-effect' }, categories: ['capabilities'], alias: SHIPPED })
    expect(failed(report), explain(report)).toEqual(['host-capability-gating'])
    const problems = verdict(report, 'host-capability-gating')!.evidence.filter((line) => line.includes(' caused: '))
    expect(problems).toHaveLength(2)
    expect(problems[0]).toMatch(/^ui\/open-link without openLinks caused: effect \{"kind":"openLink"/)
    expect(problems[1]).toMatch(/^sampling\/createMessage without sampling caused: effect \{"kind":"sampling"/)
  })

  it('tool-data: a host that holds a premature result until the input (protocol order), then refuses the late cancellation, passes', async () => {
    const report = await runHostConformance({ environment: env(), adapter: ADAPTER, adapterOptions: { holdEarlyResult: true }, categories: ['tool-data'], alias: SHIPPED })
    expect(failed(report), explain(report)).toEqual([])
    expect(verdict(report, 'host-tool-cancelled-sent')?.status).toBe('PASS')
  })

  it('sandbox: the same host behind a proper sandbox proxy passes', async () => {
    const report = await runHostConformance({ environment: env(), adapter: ADAPTER, adapterOptions: { proxy }, categories: ['sandbox'], alias: SHIPPED, sandboxDir: PROXY_DIR })
    expect(failed(report), explain(report)).toEqual([])
    expect(report.results.find((result) => result.id === 'host-web-proxy')?.status).toBe('PASS')
  })
})
