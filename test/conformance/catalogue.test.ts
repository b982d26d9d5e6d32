/**
 * The catalogue is complete and consistent: every item of PROTOCOL.md section 8 is covered,
 * ids are unique, and each requirement is either checked by a driver or says why not.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { OFFICIAL_HOST_FAILURES, OFFICIAL_VIEW_FAILURES } from '../../conformance/official-failures.js'
import { CATEGORIES, checkedRequirements, REQUIREMENTS, requirement } from '../../src/conformance/index.js'

describe('the conformance catalogue', () => {
  it('covers every item of the checklist (PROTOCOL.md section 8: 1 to 76)', () => {
    const covered = new Set(REQUIREMENTS.flatMap((entry) => entry.items))
    const missing = Array.from({ length: 76 }, (_, i) => i + 1).filter((item) => !covered.has(item))
    expect(missing).toEqual([])
    expect([...covered].filter((item) => item < 1 || item > 76)).toEqual([])
  })

  it('has unique ids, each prefixed by the subject it binds', () => {
    const ids = REQUIREMENTS.map((entry) => entry.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const entry of REQUIREMENTS) expect(entry.id.startsWith(`${entry.subject}-`), entry.id).toBe(true)
  })

  it('gives every requirement its level, wording and section, and either a category or the reason it is not checked', () => {
    for (const entry of REQUIREMENTS) {
      expect(['MUST', 'SHOULD'], entry.id).toContain(entry.level)
      expect(entry.text.length, entry.id).toBeGreaterThan(20)
      expect(entry.section.length, entry.id).toBeGreaterThan(3)
      if (entry.category) {
        expect(CATEGORIES, entry.id).toContain(entry.category)
        expect(entry.unchecked, entry.id).toBeUndefined()
        expect(['host', 'view'], entry.id).toContain(entry.subject)
      } else {
        expect(entry.unchecked?.length, entry.id).toBeGreaterThan(20)
      }
    }
  })

  it('levels a requirement that is the project\'s reading, not the spec\'s keyword, SHOULD (README: "those are SHOULD")', () => {
    const readingsAtMust = REQUIREMENTS.filter((entry) => entry.reading && entry.level === 'MUST').map((entry) => entry.id)
    expect(readingsAtMust).toEqual([])
  })

  it('levels a rule the spec states without a keyword SHOULD: tool-input "is sent at most once", partials "represent" healed JSON objects, the view\'s teardown response', () => {
    expect(requirement('host-tool-input-once').level).toBe('SHOULD')
    expect(requirement('host-partials-are-objects').level).toBe('SHOULD')
    // The same sentence's "is required before sending ui/notifications/tool-result" is a keyword (RFC 2119 REQUIRED).
    expect(requirement('host-tool-input-before-result').level).toBe('MUST')
    // The view's teardown answer is drawn and exemplified, never required; silence is view-one-response's MUST.
    expect(requirement('view-teardown-answered').level).toBe('SHOULD')
    expect(requirement('view-one-response').level).toBe('MUST')
  })

  it('rests every MUST on a quoted sentence holding the keyword (MUST, MUST NOT, REQUIRED, SHALL), or says why it holds none', () => {
    const KEYWORD = /\b(MUST|REQUIRED|SHALL)\b/
    // The unchecked ones too: they are listed with their level, and a reader takes it as the spec's.
    const musts = REQUIREMENTS.filter((entry) => entry.level === 'MUST')
    expect(musts.length).toBeGreaterThan(30)
    expect(musts.filter((entry) => !entry.quote?.trim()).map((entry) => entry.id)).toEqual([])
    const unexplained = musts.filter((entry) => !KEYWORD.test(entry.quote!) && !(entry.keywordNote && entry.keywordNote.length > 40)).map((entry) => entry.id)
    expect(unexplained).toEqual([])
    // A note is for a quote without the keyword, not a second place to argue a level.
    const needless = REQUIREMENTS.filter((entry) => entry.keywordNote && (entry.level !== 'MUST' || KEYWORD.test(entry.quote ?? ''))).map((entry) => entry.id)
    expect(needless).toEqual([])
    // The lower-case "required" of tool-input's sentence is the one MUST read from a keyword not in capitals, and says so.
    expect(requirement('host-tool-input-before-result').keywordNote).toMatch(/lower case/)
  })

  it('has every MUST the kit checks seen failing: among a broken variant\'s expected failures (browser/broken-*.test.ts) or the official ones the browser suite asserts', () => {
    const expected = new Set<string>([...Object.keys(OFFICIAL_HOST_FAILURES), ...Object.keys(OFFICIAL_VIEW_FAILURES)])
    for (const file of ['broken-hosts.test.ts', 'broken-views.test.ts']) {
      const source = readFileSync(join(import.meta.dirname, 'browser', file), 'utf8')
      for (const [, list] of source.matchAll(/fails: \[([^\]]*)\]/g)) for (const [, id] of list!.matchAll(/'([a-z-]+)'/g)) expected.add(id!)
    }
    expect(expected.size).toBeGreaterThan(40)
    const unproven = REQUIREMENTS.filter((entry) => entry.level === 'MUST' && entry.category && !expected.has(entry.id)).map((entry) => entry.id)
    expect(unproven).toEqual([])
  })

  it('levels SHOULD what the spec states without a keyword, or only in part: the initialize result and params, the view\'s initialized, context shapes, the default visibility, sandbox-* messages, the deprecated key, cross-server calls, model turns', () => {
    const lowered = ['host-initialize-result', 'host-context-well-formed', 'host-visibility-default', 'host-sandbox-messages-filtered', 'view-initialize-params', 'view-initialized-after-result', 'view-no-sandbox-messages']
    // Not checked by the kit, but listed: the same rule.
    lowered.push('host-resource-uri-keys', 'host-no-cross-server', 'host-model-context-no-turn')
    for (const id of lowered) {
      expect(requirement(id).level, id).toBe('SHOULD')
      expect(requirement(id).quote, id).toBeTruthy()
    }
    // What the spec does require stays MUST: appCapabilities through the declared display modes, the answer through one response per request.
    expect(requirement('view-declares-display-modes').level).toBe('MUST')
    expect(requirement('host-one-response').level).toBe('MUST')
    expect(requirement('host-visibility-enforced').level).toBe('MUST')
  })

  it('checks both sides in most categories, and every category on the host', () => {
    const hostCategories = new Set(checkedRequirements('host').map((entry) => entry.category))
    expect([...hostCategories].sort()).toEqual([...CATEGORIES].sort())
    expect(checkedRequirements('view').length).toBeGreaterThanOrEqual(15)
  })

  it('asks a view for the display modes it supports, none in particular (item 40 does not require inline)', () => {
    expect(requirement('view-declares-display-modes').items).toEqual([40])
    expect(requirement('view-declares-display-modes').text).not.toMatch(/inline/)
  })

  it('throws on an unknown id (a typo in a check or an adapter must not pass silently)', () => {
    expect(requirement('host-visibility-enforced').level).toBe('MUST')
    expect(() => requirement('host-visibilty-enforced')).toThrow(/No conformance requirement/)
  })
})
