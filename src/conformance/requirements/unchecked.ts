/**
 * Requirements of the checklist the kit does not check, each with the reason. They are in the
 * catalogue so that it covers every item of PROTOCOL.md section 8, and so a reader sees what a
 * PASS table does not vouch for.
 */
import { SECTION } from './sections.js'
import type { Requirement } from './types.js'

const SERVER = 'A server requirement: the kit tests hosts and views, not MCP servers.'
const HOST_SERVER = 'Between the host and the MCP server: the kit hands the adapter the resource and a scripted server, so this traffic is not observable.'
const NOT_ON_THE_WIRE = 'Host-internal behaviour that leaves no trace on the view\'s wire or in the page.'

export const UNCHECKED_REQUIREMENTS: Requirement[] = [
  { id: 'server-ui-scheme', subject: 'server', level: 'MUST', items: [1], section: SECTION.resourceFormat, text: 'A UI resource URI uses the ui:// scheme.', unchecked: SERVER },
  { id: 'server-mime-type', subject: 'server', level: 'MUST', items: [2], section: SECTION.resourceFormat, text: 'A UI resource content item has mimeType text/html;profile=mcp-app.', unchecked: SERVER },
  { id: 'server-text-or-blob', subject: 'server', level: 'MUST', items: [3], section: SECTION.resourceFormat, text: 'Resource content is given as text or base64 blob.', unchecked: SERVER },
  { id: 'server-html5', subject: 'server', level: 'MUST', items: [4], section: SECTION.resourceFormat, text: 'Resource content is a valid HTML5 document.', unchecked: 'Validating HTML5 needs a validator the kit does not ship; a view that fails to parse fails the handshake checks instead.' },
  { id: 'server-resource-exists', subject: 'server', level: 'MUST', items: [5], section: 'Resource Discovery', text: 'A resource referenced by _meta.ui.resourceUri exists on the server.', unchecked: SERVER },
  { id: 'host-reads-resource', subject: 'host', level: 'MUST', items: [6], section: 'Resource Discovery', text: 'The host fetches the referenced UI resource with resources/read.', unchecked: HOST_SERVER },
  { id: 'host-resource-meta-both', subject: 'host', level: 'MUST', items: [7], section: 'UI Resource Format (draft)', text: 'The host checks _meta.ui on the resources/read content item and on the resources/list entry, preferring the content item.', unchecked: HOST_SERVER },
  { id: 'host-resource-uri-keys', subject: 'host', level: 'MUST', items: [8], section: 'Resource Discovery', text: 'The host reads _meta.ui.resourceUri and falls back to the deprecated _meta["ui/resourceUri"]; the nested key wins.', unchecked: HOST_SERVER },
  { id: 'host-model-tool-list', subject: 'host', level: 'MUST', items: [10], section: SECTION.visibility, text: 'Tools whose visibility lacks "model" are not in the agent\'s tool list.', unchecked: 'The agent\'s tool list is not on the view\'s wire (a host can test it with filterModelTools from mcp-app-bridge/host).' },
  { id: 'host-no-cross-server', subject: 'host', level: 'MUST', items: [12], section: SECTION.visibility, text: 'App-only tools cannot be called across servers: only the view\'s own server connection is reachable.', unchecked: 'Needs a host connected to two servers; the kit gives the adapter one.' },
  { id: 'host-advertises-mime-types', subject: 'host', level: 'MUST', items: [13], section: SECTION.capabilityNegotiation, text: 'A client advertising MCP Apps includes mimeTypes in extensions["io.modelcontextprotocol/ui"].', unchecked: HOST_SERVER },
  { id: 'server-checks-ui-capability', subject: 'server', level: 'SHOULD', items: [14], section: SECTION.capabilityNegotiation, text: 'Servers check the client\'s UI capability before registering UI-enabled tools.', unchecked: SERVER },
  { id: 'server-meaningful-content', subject: 'server', level: 'MUST', items: [15], section: SECTION.capabilityNegotiation, text: 'UI-enabled tools return meaningful content; servers provide text-only fallbacks.', unchecked: SERVER },
  { id: 'host-logs-csp', subject: 'host', level: 'SHOULD', items: [23], section: SECTION.resourceFormat, text: 'The host logs CSP configurations for audit.', unchecked: NOT_ON_THE_WIRE },
  { id: 'host-warns-external-domains', subject: 'host', level: 'SHOULD', items: [24], section: SECTION.cspEnforcement, text: 'The host warns users when a UI requests external domains.', unchecked: NOT_ON_THE_WIRE },
  { id: 'host-permissions-allow', subject: 'host', level: 'SHOULD', items: [26], section: SECTION.resourceFormat, text: 'The host may map permissions to the iframe allow attribute; the view does not assume they are granted.', unchecked: 'A MAY for the host; the view half is feature detection inside app code.' },
  { id: 'proxy-ready', subject: 'proxy', level: 'MUST', items: [30], section: SECTION.sandboxProxy, text: 'The proxy sends ui/notifications/sandbox-proxy-ready once it is ready.', unchecked: 'Traffic between the host and its own proxy is internal to the host under test.' },
  { id: 'host-resource-ready', subject: 'host', level: 'MUST', items: [31], section: SECTION.sandboxProxy, text: 'Once the proxy is ready, the host sends the raw HTML in ui/notifications/sandbox-resource-ready.', unchecked: 'Traffic between the host and its own proxy is internal to the host under test.' },
  { id: 'proxy-relays-unchanged', subject: 'proxy', level: 'MUST', items: [32], section: SECTION.sandboxProxy, text: 'The proxy relays every message not under ui/notifications/sandbox-, both ways, unchanged.', unchecked: 'Exercised by every other host check when the host has a proxy, not judged on its own.' },
  { id: 'proxy-no-own-requests', subject: 'proxy', level: 'SHOULD', items: [33], section: SECTION.sandboxProxy, text: 'The proxy does not originate requests to the host or the view.', unchecked: 'The view cannot tell a request of the proxy from one of the host.' },
  { id: 'view-rejects-unknown-version', subject: 'view', level: 'SHOULD', items: [41], section: SECTION.lifecycle, text: 'The view rejects a protocol version it does not support.', unchecked: 'PROTOCOL.md A.4 chose the opposite for this project (accept, report a warning); the spec writes no negotiation rule for the view.' },
  { id: 'host-model-context-latest', subject: 'host', level: 'SHOULD', items: [64], section: SECTION.viewRequests, text: 'Each ui/update-model-context overwrites the previous one; the model gets only the latest.', unchecked: 'What the model sees is not on the view\'s wire.' },
  { id: 'host-model-context-no-turn', subject: 'host', level: 'MUST', items: [65], section: SECTION.viewRequests, text: 'ui/update-model-context does not trigger a model turn by itself.', unchecked: 'Model turns are not on the view\'s wire.' },
  { id: 'host-forwards-to-server', subject: 'host', level: 'SHOULD', items: [70], section: SECTION.sandboxProxy, text: 'The host may forward non-ui/ methods to the server and keeps the view\'s MCP session spec-compliant.', unchecked: 'A MAY; the parts that are rules (visibility, gating, answers) are checked by their own requirements.' },
  { id: 'view-style-fallbacks', subject: 'view', level: 'SHOULD', items: [74], section: SECTION.theming, text: 'A host may send any subset of the standard style variables (light-dark() for colours); the view defines fallbacks.', unchecked: 'CSS quality, not protocol behaviour.' },
  { id: 'host-download-confirm', subject: 'host', level: 'SHOULD', items: [75], section: SECTION.extApps, text: 'The host asks the user to confirm ui/download-file.', unchecked: 'User interaction of the host, not observable by the kit.' },
  { id: 'host-sampling-limits', subject: 'host', level: 'SHOULD', items: [76], section: SECTION.extApps, text: 'The host applies rate limiting and user approval to sampling/createMessage.', unchecked: 'User interaction of the host, not observable by the kit.' },
]
