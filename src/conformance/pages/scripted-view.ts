/**
 * The kit's scripted view: what the host under test loads. It starts the handshake on its own
 * (a host must be listening before the view's first script runs), answers `ping` and
 * `ui/resource-teardown` (slowly, like a view saving its state), reports everything it sees,
 * and otherwise does exactly what the driver tells it, including things a view must not do.
 */
import { INITIALIZE, INITIALIZED, PING, RESOURCE_TEARDOWN } from '../../protocol/index.js'
import { methodNotFound, createPeer, type Answer } from './peer.js'
import { VIEW_CONFIG_GLOBAL, VIEW_GLOBAL, type NetworkOutcome, type NetworkProbe, type ScriptedViewApi, type ScriptedViewConfig } from './contract.js'

const config = (window as unknown as Record<string, ScriptedViewConfig>)[VIEW_CONFIG_GLOBAL]!

const peer = createPeer({
  source: 'view',
  // The parent may be opaque (a sandboxed srcdoc frame) or a proxy of any origin: only "*" reaches it.
  post: (message) => window.parent.postMessage(message, '*'),
  async answer(method): Promise<Answer> {
    if (method === PING) return { result: {} }
    if (method === RESOURCE_TEARDOWN) {
      peer.mark('teardown-received')
      await new Promise((resolve) => setTimeout(resolve, config.teardownDelayMs))
      // Marked before posting: if the host removes the frame before this line, the mark never comes.
      peer.mark('teardown-answering')
      return { result: {} }
    }
    return methodNotFound(method)
  },
})

window.addEventListener('message', (event) => peer.receive(event.data, event.origin, event.source === window.parent))

const initializeId = peer.request(INITIALIZE, { appInfo: config.appInfo, appCapabilities: config.appCapabilities, protocolVersion: config.protocolVersion })
if (config.autoInitialized) peer.onResponse(initializeId, () => peer.notify(INITIALIZED, {}))

const api: ScriptedViewApi = {
  session: config.session,
  post: (message) => peer.post(message),
  request: (method, params) => peer.request(method, params),
  notify: (method, params) => peer.notify(method, params),
  initialized: () => peer.notify(INITIALIZED, {}),
  measure: () => ({ width: window.innerWidth, height: window.innerHeight }),
  probeTop() {
    try {
      return window.top!.document ? 'reachable' : 'blocked'
    } catch {
      return 'blocked'
    }
  },
  probeNetwork,
}
;(window as unknown as Record<string, ScriptedViewApi>)[VIEW_GLOBAL] = api

/** Makes each request the probe asks for; the driver checks on the server side which ones arrived. */
async function probeNetwork(probe: NetworkProbe): Promise<NetworkOutcome> {
  const outcome: NetworkOutcome = { fetch: {}, image: {} }
  const fetches = (probe.fetch ?? []).map(async (url) => {
    try {
      const response = await fetch(url, { cache: 'no-store' })
      outcome.fetch[url] = `ok ${response.status}`
    } catch (error) {
      outcome.fetch[url] = `error ${error instanceof Error ? error.message : String(error)}`
    }
  })
  const images = (probe.image ?? []).map(
    (url) =>
      new Promise<void>((resolve) => {
        const image = new Image()
        const done = (result: string) => {
          outcome.image[url] = result
          resolve()
        }
        image.onload = () => done('load')
        image.onerror = () => done('error')
        setTimeout(() => done('timeout'), 3_000)
        image.src = url
      }),
  )
  addElements(document.body, 'iframe', probe.frame, (frame, url) => (frame.src = url))
  addElements(document.body, 'object', probe.object, (object, url) => (object.data = url))
  addElements(document.head, 'script', probe.script, (script, url) => (script.src = url))
  addElements(document.head, 'link', probe.style, (link, url) => Object.assign(link, { rel: 'stylesheet', href: url }))
  addElements(document.body, 'audio', probe.media, (audio, url) => Object.assign(audio, { preload: 'auto', src: url }))
  // Whether each load fails does not matter: the probe server sees the requests that left.
  const fonts = (probe.font ?? []).map((url, index) => new FontFace(`conformance-probe-${index}`, `url(${JSON.stringify(url)})`).load().catch(() => undefined))
  if (probe.base) {
    const before = document.baseURI
    const base = document.createElement('base')
    base.href = probe.base
    document.head.append(base)
    outcome.base = { before, after: document.baseURI }
  }
  await Promise.all([...fetches, ...images, ...fonts])
  return outcome
}

/** Adds one `tag` element per URL to `parent`, `aim` pointing it at the URL. */
function addElements<K extends keyof HTMLElementTagNameMap>(parent: HTMLElement, tag: K, urls: string[] | undefined, aim: (element: HTMLElementTagNameMap[K], url: string) => unknown): void {
  for (const url of urls ?? []) {
    const element = document.createElement(tag)
    aim(element, url)
    parent.append(element)
  }
}
