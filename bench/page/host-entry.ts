/**
 * The host page's script: the host ports and the driver, exposed as `window.bench`. The
 * views' documents are fetched from the bench server (one bundle per implementation).
 */
import { IMPLEMENTATIONS, type Implementation } from '../impl/ports.js'
import { viewDocument } from '../impl/fixtures.js'
import { hostPort as ours } from '../impl/ours/host.js'
import { hostPort as oursWindow } from '../impl/ours-window/host.js'
import { hostPort as official } from '../impl/official/host.js'
import { hostPort as raw } from '../impl/raw/host.js'
import { createDriver, type Driver } from './host-driver.js'

declare global {
  interface Window {
    bench: Driver
    benchReady: Promise<void>
  }
}

window.benchReady = (async () => {
  const entries = await Promise.all(
    IMPLEMENTATIONS.map(async (impl) => [impl, viewDocument(await (await fetch(`/view-${impl}.js`)).text())] as const),
  )
  window.bench = createDriver({ ports: { ours, 'ours-window': oursWindow, official, raw }, documents: Object.fromEntries(entries) as Record<Implementation, string> })
})()
