/**
 * The accessibility tests' view (`accessibility.test.ts`), on the shipped script-tag bundle like
 * `our-view.ts`: controls a keyboard user reaches (buttons that ask for each display mode and for
 * teardown, a text field), a bar fixed at its top and one at its bottom (where fullscreen apps put
 * "Done" and their main action), and a red strip along its right edge (where its own scrollbar or a
 * right-aligned control would be), so the tests can see from outside where the view is drawn.
 */
import type * as ViewModule from '../../../src/view/index.js'

declare const McpAppBridge: typeof ViewModule

document.body.innerHTML = `
<div id="top" style="position:fixed;top:0;left:0;right:12px;height:44px;background:#ddd"><button id="done">Done</button></div>
<main style="padding:56px 24px"><h1>Forecast</h1>
<button id="full">Expand</button> <button id="pip">Pop out</button> <button id="inline">Back inline</button>
<input id="city" aria-label="City"> <button id="bye">Close app</button></main>
<div id="bottom" style="position:fixed;bottom:0;left:0;right:12px;height:44px;background:#ddd"><button id="book">Book</button></div>
<div id="strip" style="position:fixed;top:0;right:0;bottom:0;width:12px;background:#f00"></div>`
document.body.style.cssText = 'margin:0;font:16px sans-serif;background:#fff'

const bridge = new McpAppBridge.ViewBridge({
  appInfo: { name: 'a11y-test-view', version: '1.0.0' },
  capabilities: { availableDisplayModes: ['inline', 'fullscreen', 'pip'] },
})
const on = (id: string, action: () => unknown) => (document.getElementById(id)!.onclick = () => void action())
on('full', () => bridge.requestDisplayMode('fullscreen'))
on('pip', () => bridge.requestDisplayMode('pip'))
on('inline', () => bridge.requestDisplayMode('inline'))
on('bye', () => bridge.requestTeardown())
bridge.connect().then(() => document.documentElement.setAttribute('data-connected', ''))
