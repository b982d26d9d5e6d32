/**
 * Putting the `window.openai` shim into a ChatGPT app's HTML, which does not carry it (ChatGPT
 * injects it): first in the head, after any doctype, escaped, and after the host's CSP.
 */
import { describe, expect, it } from 'vitest'
import { injectCspMeta } from '../../src/host/index.js'
import { injectOpenAiShim } from '../../src/openai/host.js'

const SHIM = 'window.openai={}'

describe('injectOpenAiShim', () => {
  it('puts the shim before everything of the app, after the doctype and leading comments', () => {
    const html = '<!doctype html><!-- built --><html><head><script>app()</script></head><body></body></html>'
    expect(injectOpenAiShim(html, SHIM)).toBe('<!doctype html><!-- built --><script>window.openai={}</script><html><head><script>app()</script></head><body></body></html>')
    expect(injectOpenAiShim('<p>fragment</p>', SHIM)).toBe('<script>window.openai={}</script><p>fragment</p>')
  })

  it('keeps a "</script" inside the shim from closing its element', () => {
    expect(injectOpenAiShim('<p>x</p>', 'var s="</script><img src=x onerror=alert(1)>"')).toBe('<script>var s="<\\/script><img src=x onerror=alert(1)>"</script><p>x</p>')
  })

  it('leaves the host\'s CSP first when mountApp frames it, so the policy covers the shim too', () => {
    const framed = injectCspMeta(injectOpenAiShim('<!doctype html><html><body>app</body></html>', SHIM), "default-src 'none'")
    expect(framed.indexOf('Content-Security-Policy')).toBeLessThan(framed.indexOf(SHIM))
    expect(framed.startsWith('<!doctype html><meta http-equiv="Content-Security-Policy"')).toBe(true)
  })
})
