/**
 * host-csp-base-uri's evidence says what was tried: which <base href> the view inserted, and
 * where the document's base URL stayed or went.
 */
import { describe, expect, it } from 'vitest'
import { judgeSandbox } from '../../src/conformance/host/checks/sandbox.js'
import type { HostRecord } from '../../src/conformance/host/record.js'

const BASE = 'http://localhost:4000/probe/t/minimal/base/'
const record = (after: string) =>
  ({ main: { name: 'main', view: [], runtime: [], errors: [], initializedSeq: 1, requestedVersion: '2026-01-26', viewDisplayModes: [] }, sandbox: { minimal: { urls: { base: BASE }, hit: {}, outcome: { fetch: {}, image: {}, base: { before: 'http://127.0.0.1:3000/host/index.html', after } } } } }) as unknown as HostRecord
const baseVerdict = (after: string) => judgeSandbox(record(after)).find((verdict) => verdict.id === 'host-csp-base-uri')!

describe('host-csp-base-uri', () => {
  it('passes when the inserted <base> left the base URL where it was, naming both', () => {
    expect(baseVerdict('http://127.0.0.1:3000/host/index.html')).toMatchObject({ status: 'PASS', evidence: [`<base href="${BASE}"> (another origin) left the document's base URL at http://127.0.0.1:3000/host/index.html`] })
  })

  it('fails when the <base> took effect', () => {
    const verdict = baseVerdict(BASE)
    expect(verdict.status).toBe('FAIL')
    expect(verdict.evidence[0]).toBe(`<base href="${BASE}"> moved the document's base URL to ${BASE}`)
  })
})
