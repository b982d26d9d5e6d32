/**
 * The kit's scripted host: what the view under test is loaded into. It puts the view in a
 * sandboxed opaque frame with the resource's CSP, answers `ui/initialize` (after a delay, so a
 * view that sends `initialized` too early is caught) and every other request the way a strict
 * host does (`-32601` for what it did not advertise), reports everything, and otherwise does
 * what the driver tells it.
 */
import {
  buildCsp,
  hostAllows,
  INITIALIZE,
  PING,
  REQUEST_DISPLAY_MODE,
  SAMPLING_CREATE_MESSAGE,
  TOOLS_CALL,
  RESOURCES_READ,
  RESOURCES_LIST,
  RESOURCE_TEMPLATES_LIST,
  negotiateVersion,
} from '../../protocol/index.js'
import { createPeer, methodNotFound, type Answer, type Peer } from './peer.js'
import { SCRIPTED_HOST_GLOBAL, type ScriptedHostApi, type ScriptedHostConfig } from './contract.js'

/** The requests a host serves with a plain success once their capability is advertised. */
const RESULTS: Record<string, Record<string, unknown>> = {
  'ui/open-link': {},
  'ui/message': {},
  'ui/update-model-context': {},
  'ui/download-file': {},
  [TOOLS_CALL]: { content: [{ type: 'text', text: 'conformance kit result' }] },
  [RESOURCES_READ]: { contents: [] },
  [RESOURCES_LIST]: { resources: [] },
  [RESOURCE_TEMPLATES_LIST]: { resourceTemplates: [] },
  [SAMPLING_CREATE_MESSAGE]: { role: 'assistant', content: { type: 'text', text: 'conformance kit' }, model: 'conformance-kit' },
}

let peer: Peer | undefined
/** What `ui/request-display-mode` is answered with; the driver changes it between requests. */
let displayModeAnswer: string | undefined

const need = (): Peer => {
  if (!peer) throw new Error('The scripted host has not started')
  return peer
}

function answerer(config: ScriptedHostConfig) {
  return async (method: string, params: Record<string, unknown>): Promise<Answer> => {
    if (method === INITIALIZE) {
      await new Promise((resolve) => setTimeout(resolve, config.initializeDelayMs))
      return {
        result: {
          protocolVersion: negotiateVersion(params.protocolVersion),
          hostInfo: config.hostInfo,
          hostCapabilities: config.hostCapabilities,
          hostContext: config.hostContext,
        },
      }
    }
    if (method === PING) return { result: {} }
    if (method === REQUEST_DISPLAY_MODE) return { result: { mode: displayModeAnswer ?? config.hostContext.displayMode ?? 'inline' } }
    const result = RESULTS[method]
    if (result && hostAllows(config.hostCapabilities, method)) return { result }
    return methodNotFound(method)
  }
}

const api: ScriptedHostApi = {
  start(config) {
    displayModeAnswer = config.displayModeAnswer
    // The kit's servers listen on loopback: a declared one passes with the relaxation meant for local servers.
    const { policy } = buildCsp(config.csp, { loopbackOrigins: true })
    const iframe = document.createElement('iframe')
    iframe.id = 'mcp-conformance-view'
    // An opaque origin: the view cannot touch this page, and its CSP cannot be lifted by navigating.
    iframe.setAttribute('sandbox', 'allow-scripts')
    iframe.setAttribute('csp', policy)
    iframe.style.cssText = 'display:block;width:640px;height:480px;border:1px solid #ccc'
    const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')
    // The base before anything of the view's: a srcdoc document otherwise resolves relative URLs against this page.
    const head = `<meta http-equiv="Content-Security-Policy" content="${attribute(policy)}">${config.base ? `<base href="${attribute(config.base)}">` : ''}`
    const doctype = /^\s*<!doctype[^>]*>/i.exec(config.html)
    iframe.srcdoc = doctype ? doctype[0] + head + config.html.slice(doctype[0].length) : head + config.html
    document.body.append(iframe)
    const target = iframe.contentWindow!
    peer = createPeer({ source: 'host', post: (message) => target.postMessage(message, '*'), answer: answerer(config) })
    window.addEventListener('message', (event) => {
      // Messages of other frames (the attacker) are the view's business, not the host's.
      if (event.source === target) peer!.receive(event.data, event.origin, true)
    })
  },
  post: (message) => need().post(message),
  request: (method, params) => need().request(method, params),
  notify: (method, params) => need().notify(method, params),
  answerDisplayMode(mode) {
    displayModeAnswer = mode
  },
  addFrame(url) {
    const attacker = document.createElement('iframe')
    attacker.src = url
    attacker.style.cssText = 'width:10px;height:10px;border:0'
    document.body.append(attacker)
  },
}

;(window as unknown as Record<string, ScriptedHostApi>)[SCRIPTED_HOST_GLOBAL] = api
