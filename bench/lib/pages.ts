/**
 * One host page per implementation, alive for a whole metric, so that repetitions can alternate
 * between implementations at a fine grain without reloading anything. Each page is its own
 * document (and renderer process), so whatever one implementation leaves behind cannot slow or
 * inflate another's figures.
 */
import { IMPLEMENTATIONS, type Implementation } from '../impl/ports.js'
import { openPage, type BenchPage, type Browser } from './chromium.js'

export type PagePerImplementation = Record<Implementation, BenchPage> & { closeAll(): Promise<void> }

export async function openPerImplementation(browser: Browser, url: string, setup: (page: BenchPage, impl: Implementation) => Promise<void>): Promise<PagePerImplementation> {
  const pages = {} as Record<Implementation, BenchPage>
  for (const impl of IMPLEMENTATIONS) {
    pages[impl] = await openPage(browser, url)
    await setup(pages[impl], impl)
  }
  return {
    ...pages,
    async closeAll() {
      for (const impl of IMPLEMENTATIONS) await pages[impl].close()
    },
  }
}
