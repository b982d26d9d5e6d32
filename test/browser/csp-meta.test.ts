/**
 * The CSP `<meta>` that `injectCspMeta` puts in front of a view, as Chromium's parser sees it: in
 * `<head>`, and enforced, whatever the view's document starts with. A character the parser does
 * not skip (a no-break space, a vertical tab, an ideographic space) opens `<body>`; a policy put
 * after it would be ignored. (In a srcdoc frame Chromium also applies the iframe's `csp`
 * attribute, which other engines lack: there the `<meta>` is the only policy, so it is tested on
 * a page of its own here.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, type TestBrowser } from './harness/browser.js'
import { injectCspMeta } from '../../src/host/csp-meta.js'
import { DEFAULT_CSP } from '../../src/protocol/csp.js'

let browser: TestBrowser
beforeAll(async () => {
  browser = await launchBrowser()
}, 60_000)
afterAll(async () => browser?.close())

const VIEW = `<!-- app --><script>
  let evalWorks = false
  try { evalWorks = eval('1 + 1') === 2 } catch {}
  window.result = { evalWorks, metaParent: document.querySelector('meta[http-equiv]')?.parentElement?.tagName }
</script>`

async function run(html: string) {
  const { page, close } = await browser.newPage()
  try {
    await page.setContent(injectCspMeta(html, DEFAULT_CSP))
    return await page.evaluate(() => (window as unknown as { result: unknown }).result)
  } finally {
    await close()
  }
}

describe('the injected CSP <meta> in Chromium', () => {
  for (const [name, prefix] of [['nothing', ''], ['whitespace', ' \n\t'], ['U+00A0', '\u00A0'], ['U+000B', '\u000B'], ['U+3000', '\u3000']] as const) {
    it(`sits in <head> and blocks eval when the document starts with ${name}`, async () => {
      expect(await run(`${prefix}${VIEW}`)).toEqual({ evalWorks: false, metaParent: 'HEAD' })
    })
  }
})
