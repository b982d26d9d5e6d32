import { describe, expect, it } from 'vitest'
import { headInsertionPoint, injectCspMeta } from '../../src/host/csp-meta.js'

const inject = (html: string) => injectCspMeta(html, "default-src 'none'")
/** What goes in: the policy, then the violation reporter. */
const META = inject('')

describe('injectCspMeta', () => {
  it('goes right after the doctype, before <html> and <head>', () => {
    expect(inject('<!DOCTYPE html><html lang="en"><head><title>x</title></head></html>')).toBe(`<!DOCTYPE html>${META}<html lang="en"><head><title>x</title></head></html>`)
    expect(inject('\n  <!doctype html>\n<html>')).toBe(`\n  <!doctype html>${META}\n<html>`)
  })

  it('goes first when there is no doctype', () => {
    expect(inject('<html><body>x')).toBe(`${META}<html><body>x`)
    expect(inject('<script>fetch("https://evil.example")</script>')).toBe(`${META}<script>fetch("https://evil.example")</script>`)
  })

  it('skips leading comments the way the HTML tokenizer ends them', () => {
    expect(inject('<!-- a --><!doctype html><p>')).toBe(`<!-- a --><!doctype html>${META}<p>`)
    // "--!>" ends a comment: a script right after it must come after the policy.
    expect(inject('<!--x--!><script>evil()</script>-->')).toBe(`<!--x--!>${META}<script>evil()</script>-->`)
    expect(inject('<!--><script>evil()</script>')).toBe(`<!-->${META}<script>evil()</script>`)
    expect(inject('<!---><script>evil()</script>')).toBe(`<!--->${META}<script>evil()</script>`)
    expect(headInsertionPoint('<!-- never closed <script>x</script>')).toBe('<!-- never closed <script>x</script>'.length)
    // An unterminated doctype is all the document there is: the tag goes after it, never before the doctype.
    expect(headInsertionPoint('<!-- a --><!doctype html')).toBe('<!-- a --><!doctype html'.length)
  })

  it('skips only the whitespace the HTML parser skips: any other space is text that would push the policy into <body>', () => {
    expect(inject('\t\r\n\f <!-- a --><p>')).toBe(`\t\r\n\f <!-- a -->${META}<p>`)
    for (const space of ['\u00A0', '\u000B', '\u2028', '\u3000', '\uFEFF']) {
      expect(inject(`${space}<!-- a --><script>evil()</script>`)).toBe(`${META}${space}<!-- a --><script>evil()</script>`)
    }
  })

  it('escapes the policy for the attribute', () => {
    expect(injectCspMeta('', 'a"b&c<d').startsWith('<meta http-equiv="Content-Security-Policy" content="a&quot;b&amp;c&lt;d">')).toBe(true)
  })

  it('puts the policy first, then a reporter that posts violations to the parent', () => {
    expect(META.startsWith('<meta http-equiv="Content-Security-Policy" content="default-src \'none\'"><script>')).toBe(true)
    expect(META).toContain('securitypolicyviolation')
    expect(META).toContain('"mcp-app-bridge/csp-violation"')
    expect(META.endsWith('</script>')).toBe(true)
  })
})
