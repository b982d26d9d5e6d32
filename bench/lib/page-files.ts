/**
 * The files the bench server serves: the host page (with `console.debug` silenced, see
 * `MUTE_DEBUG`), the host bundle with every host port and the driver, and one view bundle
 * per implementation (view driver + that implementation's view port).
 */
import { MUTE_DEBUG } from '../impl/fixtures.js'
import { IMPLEMENTATIONS } from '../impl/ports.js'
import { bundle } from './build.js'

export async function buildPageFiles({ minify = true }: { minify?: boolean } = {}): Promise<Record<string, string>> {
  const files: Record<string, string> = {
    '/': `<!doctype html><html><head><meta charset="utf-8"><title>bench host</title>${MUTE_DEBUG}</head><body><script src="/host.js"></script></body></html>`,
    '/host.js': (await bundle({ entry: { file: 'page/host-entry.ts' }, minify })).code,
  }
  for (const impl of IMPLEMENTATIONS) {
    const source = `import { runView } from './page/view-driver.js'\nimport { createViewPort } from './impl/${impl}/view.js'\nrunView(createViewPort())\n`
    files[`/view-${impl}.js`] = (await bundle({ entry: { source } })).code
  }
  return files
}
