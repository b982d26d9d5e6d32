import { describe, expect, it } from 'vitest'
import { headInsertionPoint, injectCspMeta } from '../../src/host/csp-meta.js'

const META = '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'">'
const inject = (html: string) => injectCspMeta(html, "default-src 'none'")

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
  })

  it('escapes the policy for the attribute', () => {
    expect(injectCspMeta('', 'a"b&c<d')).toBe('<meta http-equiv="Content-Security-Policy" content="a&quot;b&amp;c&lt;d">')
  })
})
