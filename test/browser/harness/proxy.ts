/**
 * The sandbox proxy page in the tests: how the test servers serve it, and a recorder that shows
 * what reached the proxy's window, so a test can prove a forged message was delivered to the
 * proxy before it asserts that nothing came of it.
 *
 * The page is the one the package ships (`dist/sandbox-proxy.html`); the headers come from the
 * library's Node helper (`src/host/sandbox-server.ts`), the way a host deploys it.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Frame } from 'playwright-core'
import { createSandboxHandler, sandboxResponse } from '../../../src/host/sandbox-server.js'
import { ROOT } from './bundle.js'
import { html, type Handler, type StaticContent } from './servers.js'

/** The built proxy page, as the package ships it. */
export const PROXY_PAGE_PATH = join(ROOT, 'dist', 'sandbox-proxy.html')

let page: string | undefined
const proxyPage = () => (page ??= readFileSync(PROXY_PAGE_PATH, 'utf8'))

export type ProxyServing =
  /** The library's Node helper: the view's CSP and `frame-ancestors <host>` as HTTP headers. */
  | { helper: { hostOrigins: string[] } }
  /**
   * The helper's response, with one more origin allowed to be an ancestor: for a host page that
   * is itself framed by another page (`frame-ancestors` checks every ancestor, so the helper's
   * proxy does not load there).
   */
  | { helper: { hostOrigins: string[] }; alsoFramedBy: string }
  /** The page alone, as from a static file server (no CSP header, no `frame-ancestors`). */
  | { static: true }

/** A route handler serving the proxy page. */
export function proxyRoute(serving: ProxyServing): Handler | StaticContent {
  if ('static' in serving) return html(proxyPage())
  if (!('alsoFramedBy' in serving)) return createSandboxHandler({ ...serving.helper, page: proxyPage() })
  const extra = serving.alsoFramedBy
  return (request, response) => {
    const answer = sandboxResponse(request.url ?? '/', { ...serving.helper, page: proxyPage() })
    const csp = answer.headers['content-security-policy']
    if (csp) answer.headers['content-security-policy'] = csp.replace(/frame-ancestors ([^;]+)$/, `frame-ancestors $1 ${extra}`)
    response.writeHead(answer.status, answer.headers).end(answer.body)
  }
}

/** What reached the proxy's window since `recordProxyMessages`, by sender. */
export interface ProxyInbox {
  fromParent: string[]
  fromView: string[]
  fromOthers: string[]
}

/**
 * Records, in the proxy's frame, the method of every message its window receives, by sender:
 * its parent (the host), its inner frame (the view), anyone else. Evaluated by the test driver,
 * not by the proxy page: the proxy itself is unchanged.
 */
export async function recordProxyMessages(proxy: Frame): Promise<void> {
  await proxy.evaluate(() => {
    const inbox = { fromParent: [] as string[], fromView: [] as string[], fromOthers: [] as string[] }
    ;(window as unknown as { proxyInbox: typeof inbox }).proxyInbox = inbox
    addEventListener('message', (event) => {
      const method = typeof (event.data as { method?: unknown })?.method === 'string' ? (event.data as { method: string }).method : 'response'
      const inner = document.querySelector('iframe')?.contentWindow
      if (event.source === parent) inbox.fromParent.push(method)
      else if (inner && event.source === inner) inbox.fromView.push(method)
      else inbox.fromOthers.push(method)
    })
  })
}

export function proxyInbox(proxy: Frame): Promise<ProxyInbox> {
  return proxy.evaluate(() => (window as unknown as { proxyInbox: ProxyInbox }).proxyInbox)
}

/** Waits until the proxy's window has received `count` messages from `sender`. */
export async function proxyReceived(proxy: Frame, sender: keyof ProxyInbox, count: number): Promise<void> {
  await proxy.waitForFunction(
    ([key, n]) => (window as unknown as { proxyInbox: Record<string, string[]> }).proxyInbox[key]!.length >= n,
    [sender, count] as const,
  )
}
