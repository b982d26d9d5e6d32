/**
 * Putting verdicts into a report: one verdict per checked requirement, no more, no less; what an
 * implementation declares not applicable keeps the verdict the kit observed, and cannot hide a
 * failure of a requirement that binds every host; the table and the Markdown show every verdict
 * and its evidence.
 */
import { describe, expect, it } from 'vitest'
import { checkedRequirements, formatTable, toMarkdown, type Category } from '../../src/conformance/index.js'
import { assembleReport } from '../../src/conformance/report/report.js'
import { fail, notApplicable, notReached, notRun, pass, type Verdict } from '../../src/conformance/verdict.js'

const categories: Category[] = ['visibility']
const base = { subject: 'host' as const, implementation: 'test host', version: '0.0.0', categories, startedAt: Date.now() }
const verdicts: Verdict[] = [pass('host-visibility-default', 'kit_default ran'), fail('host-visibility-enforced', 'kit_model_only reached the server', 'second line')]

describe('conformance reports', () => {
  it('joins each verdict with its requirement, in catalogue order, and counts them', () => {
    const report = assembleReport({ ...base, verdicts: [...verdicts].reverse() })
    expect(report.results.map((result) => [result.id, result.status, result.level])).toEqual([
      ['host-visibility-default', 'PASS', 'SHOULD'],
      ['host-visibility-enforced', 'FAIL', 'MUST'],
    ])
    expect(report.summary).toEqual({ pass: 1, fail: 1, notApplicable: 0, failedMust: 1, declared: 0, declaredFailing: 0 })
  })

  it('refuses a missing, duplicate or unknown verdict: a kit bug never becomes a silent gap', () => {
    expect(() => assembleReport({ ...base, verdicts: verdicts.slice(0, 1) })).toThrow(/no verdict for host-visibility-enforced/)
    expect(() => assembleReport({ ...base, verdicts: [...verdicts, verdicts[0]!] })).toThrow(/two verdicts for host-visibility-default/)
    expect(() => assembleReport({ ...base, verdicts: [...verdicts, pass('host-teleport', 'x')] })).toThrow(/unknown requirements host-teleport/)
  })

  it('keeps the observed verdict of a declared requirement: a PASS becomes NOT APPLICABLE, a FAIL stays a FAIL', () => {
    const withdrawn = assembleReport({ ...base, verdicts, declared: { 'host-visibility-default': 'this host has no server' } })
    expect(withdrawn.results[0]).toMatchObject({
      status: 'NOT APPLICABLE',
      declared: { reason: 'this host has no server', observed: 'PASS' },
      evidence: ['declared not applicable by the implementation: this host has no server', 'observed PASS: kit_default ran'],
    })
    const hidden = assembleReport({ ...base, verdicts, declared: { 'host-visibility-enforced': 'this host has no server' } })
    expect(hidden.results[1]).toMatchObject({ status: 'FAIL', declared: { reason: 'this host has no server', observed: 'FAIL' } })
    expect(hidden.results[1]!.evidence).toEqual([
      'declared not applicable by the implementation, refused: this requirement binds every host, and a declaration cannot hide a failure (reason given: this host has no server)',
      'observed FAIL: kit_model_only reached the server',
      'second line',
    ])
    expect(hidden.summary).toMatchObject({ fail: 1, failedMust: 1, notApplicable: 0, declared: 1, declaredFailing: 1 })
    expect(formatTable(hidden)).toContain('Declared not applicable by the implementation: 1; observed failing anyway: host-visibility-enforced (reported FAIL).')
    expect(() => assembleReport({ ...base, verdicts, declared: { 'view-ping': 'x' } })).toThrow(/not a host requirement/)
  })

  it('takes the declaration of a requirement that binds only some hosts, and shows a failure the kit observed anyway', () => {
    const sandbox = checkedRequirements('host').filter((entry) => entry.category === 'sandbox')
    const observed = sandbox.map((entry) => (entry.id === 'host-web-proxy' ? fail(entry.id, 'no sandbox proxy', 'second line') : pass(entry.id, 'fine')))
    const report = assembleReport({ ...base, categories: ['sandbox'], verdicts: observed, declared: { 'host-web-proxy': 'a desktop host' } })
    const proxy = report.results.find((result) => result.id === 'host-web-proxy')
    expect(proxy).toMatchObject({
      status: 'NOT APPLICABLE',
      declared: { reason: 'a desktop host', observed: 'FAIL' },
      evidence: ['declared not applicable by the implementation (it binds web hosts (a host running in a web page) only): a desktop host', 'observed FAIL: no sandbox proxy', 'second line'],
    })
    expect(report.summary).toMatchObject({ fail: 0, notApplicable: 1, declared: 1, declaredFailing: 1 })
    const table = formatTable(report)
    expect(table).toMatch(/^NOT APPLICABLE +MUST +host-web-proxy +declared not applicable[^]*?\n +observed FAIL: no sandbox proxy\n +second line$/m)
    expect(table).toContain('observed failing anyway: host-web-proxy (reported NOT APPLICABLE)')
    expect(toMarkdown(report)).toContain('| `host-web-proxy` | MUST | **NOT APPLICABLE** (declared not applicable; observed FAIL) |')
  })

  it('prints every verdict, and all the evidence of a failure, in the table and the Markdown', () => {
    const report = assembleReport({ ...base, verdicts })
    const table = formatTable(report)
    expect(table).toMatch(/^PASS +SHOULD +host-visibility-default +kit_default ran$/m)
    expect(table).toMatch(/^FAIL +MUST +host-visibility-enforced +kit_model_only reached the server\n +second line$/m)
    expect(table).toContain('1 PASS, 1 FAIL (1 of them MUST), 0 NOT APPLICABLE')
    const markdown = toMarkdown(report)
    expect(markdown).toContain('| `host-visibility-enforced` | MUST | **FAIL** |')
    expect(markdown).toContain('kit_model_only reached the server; second line')
  })

  it('wraps the long evidence of a failure in the table instead of cutting it (the reader needs all of it to act)', () => {
    const long = `ui/open-link without openLinks caused: effect ${'{"kind":"openLink","url":"https://example.com/"} '.repeat(4)}END`
    const report = assembleReport({ ...base, verdicts: [verdicts[0]!, { ...verdicts[1]!, evidence: [long] }] })
    const table = formatTable(report)
    expect(table).not.toContain('…')
    expect(table).toContain('END')
    const lines = table.split('\n')
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(110)
    const failure = lines.slice(lines.findIndex((line) => line.startsWith('FAIL')))
    expect(failure.slice(0, failure.indexOf('')).map((line) => line.trim()).join(' ').replace(/\s+/g, ' ')).toContain(long.replace(/\s+/g, ' ').trim())
  })

  it('covers exactly the checked requirements of the selected categories', () => {
    const ids = checkedRequirements('host').filter((entry) => entry.category === 'visibility').map((entry) => entry.id)
    expect(assembleReport({ ...base, verdicts }).results.map((result) => result.id)).toEqual(ids)
  })
})

describe('verdicts of probes that never ran', () => {
  it('say why when a session stopped early, and keep every other verdict', () => {
    const verdicts = [notRun('host-ping', 'the rpc probe'), notApplicable('host-web-proxy', 'no proxy'), pass('host-one-response', '0 requests')]
    expect(notReached(verdicts, {})).toEqual(verdicts)
    expect(notReached(verdicts, { main: 'no handshake' }).map((verdict) => verdict.evidence[0])).toEqual(['not reached: no handshake', 'no proxy', '0 requests'])
  })

  it('name the session each probe needed: a refused minimal handshake leaves the main verdicts alone', () => {
    const verdicts = [notRun('host-ping', 'the rpc probe'), notRun('host-capability-gating', 'the gating probe', 'minimal')]
    expect(notReached(verdicts, { minimal: 'refused' }).map((verdict) => verdict.evidence[0])).toEqual(['the rpc probe did not run', 'not reached: refused'])
  })
})
