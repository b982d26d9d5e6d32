/**
 * What the kit checks about a view: the view-under-test driver judges every entry here.
 */
import { SECTION } from './sections.js'
import type { Requirement } from './types.js'

const view = (entry: Omit<Requirement, 'subject'>): Requirement => ({ subject: 'view', ...entry })

export const VIEW_REQUIREMENTS: Requirement[] = [
  view({
    id: 'view-initialize-params',
    // The MUST covers appCapabilities only, and a view without it already fails view-declares-display-modes (MUST: "View MUST declare all display modes it supports in `appCapabilities.availableDisplayModes`"). appInfo and protocolVersion appear only in the examples, the legacy names nowhere: the entry as a whole is SHOULD.
    level: 'SHOULD',
    quote: 'When the View sends an `ui/initialize` request to the Host, it MUST include its capabilities in the `appCapabilities` field',
    category: 'handshake',
    items: [36],
    section: SECTION.appCapabilities,
    text: 'The view sends ui/initialize with appInfo (name and version), appCapabilities (an object, {} if none) and protocolVersion.',
  }),
  view({
    id: 'view-initialized-after-result',
    // The spec describes the view's initialized (this sentence, the Lifecycle diagram: ui/initialize, the result, then initialized) but no keyword binds the view to send it, or to send it after the result; MCP's "the client MUST send an initialized notification" binds MCP's initialize, which ui/initialize only resembles ("MCP-like handshake"). SHOULD.
    level: 'SHOULD',
    quote: 'This includes lifecycle messages, e.g., `ui/initialize` request & `ui/notifications/initialized` notification both sent by the View.',
    category: 'handshake',
    items: [38],
    section: SECTION.lifecycle,
    text: 'The view sends ui/notifications/initialized, and only after it received the initialize result.',
  }),
  view({
    id: 'view-declares-display-modes',
    level: 'MUST',
    quote: 'View MUST declare all display modes it supports in `appCapabilities.availableDisplayModes` during initialization.',
    category: 'handshake',
    items: [40],
    section: SECTION.displayModes,
    text: 'The view declares the display modes it supports in appCapabilities.availableDisplayModes (a non-empty list of known modes).',
  }),
  view({
    id: 'view-merges-context',
    level: 'SHOULD',
    category: 'context',
    items: [59],
    section: SECTION.hostNotifications,
    text: 'The view merges host-context-changed into its current context: changed fields replace, the others are kept.',
  }),
  view({
    id: 'view-tolerates-partials',
    level: 'SHOULD',
    category: 'tool-data',
    items: [47],
    section: SECTION.hostNotifications,
    text: 'The view tolerates tool-input-partial with missing or changing fields (no uncaught error, keeps working) and still takes the complete tool-input.',
  }),
  view({
    id: 'view-checks-display-modes',
    level: 'MUST',
    quote: 'View MUST check if the requested mode is in `availableDisplayModes` from host context before requesting a mode change.',
    category: 'display-mode',
    items: [51],
    section: SECTION.displayModes,
    text: 'The view checks hostContext.availableDisplayModes before ui/request-display-mode: it never asks for a mode the host does not offer.',
  }),
  view({
    id: 'view-accepts-display-mode-result',
    level: 'MUST',
    quote: 'View MUST handle the response mode differing from the requested mode.',
    category: 'display-mode',
    items: [52],
    section: SECTION.displayModes,
    text: 'The view handles a resulting mode that differs from the one it asked for (it reports the host\'s answer: neither its own request nor the mode it was in).',
  }),
  view({
    id: 'view-capability-gating',
    level: 'SHOULD',
    category: 'capabilities',
    items: [],
    reading: 'PROTOCOL.md A.6',
    section: SECTION.hostCapabilities,
    text: 'The view does not send a request or notification whose host capability was not advertised (open-link, message, model context, server tools and resources, download, logging, sampling).',
  }),
  view({
    id: 'view-size-changed',
    level: 'SHOULD',
    category: 'size',
    items: [58],
    section: SECTION.hostNotifications,
    text: 'The view reports its rendered size with ui/notifications/size-changed (at least once after initialization).',
  }),
  view({
    id: 'view-teardown-answered',
    // Spec: the request shows a "Success Response" ({}) and an "Error Response (if failed)", and Cleanup draws
    // "UI -->> H: ui/resource-teardown response": a description without a keyword, so SHOULD. Silence breaks
    // JSON-RPC's one response per request, a MUST judged by view-one-response.
    level: 'SHOULD',
    category: 'teardown',
    items: [68],
    section: SECTION.hostNotifications,
    text: 'The view answers ui/resource-teardown, with {} after its cleanup or with an error; -32601 (not implemented) or silence is a failure.',
  }),
  view({
    id: 'view-ping',
    level: 'MUST',
    quote: 'MCP, Ping: "The receiver MUST respond promptly with an empty response."',
    category: 'rpc',
    items: [],
    section: SECTION.mcpPing,
    text: 'The view answers ping with an empty result.',
  }),
  view({
    id: 'view-one-response',
    level: 'MUST',
    quote: 'MCP, Messages: "All messages in MCP MUST follow the JSON-RPC 2.0 specification." JSON-RPC 2.0, Response object: "When a rpc call is made, the Server MUST reply with a Response, except for in the case of Notifications." MCP, Messages: "Responses MUST include the same ID as the request they correspond to."',
    category: 'rpc',
    items: [71],
    section: SECTION.jsonRpc,
    text: 'Every message of the view is JSON-RPC 2.0; every host request gets exactly one response with the same id.',
  }),
  view({
    id: 'view-unknown-method',
    level: 'MUST',
    quote: 'JSON-RPC 2.0, Error object: "-32601 | Method not found | The method does not exist / is not available."',
    keywordNote: 'The code is the one JSON-RPC 2.0 pre-defines for a missing method (its table states it without a keyword); the keyword is its "When a rpc call encounters an error, the Response Object MUST contain the error member", and for the notification "The Server MUST NOT reply to a Notification". Kept at MUST as the base-protocol rule every JSON-RPC peer follows.',
    category: 'rpc',
    items: [72],
    section: SECTION.jsonRpc,
    text: 'An unknown request method is answered with error -32601; an unknown notification is ignored and the view keeps working.',
  }),
  view({
    id: 'view-no-sandbox-messages',
    // "Reserved" without a keyword, and no sentence forbids a view to send them: SHOULD.
    level: 'SHOULD',
    quote: 'These messages are reserved for web-based hosts that implement the recommended double-iframe sandbox architecture:',
    category: 'sandbox',
    items: [34],
    section: SECTION.sandboxProxy,
    text: 'The view never sends ui/notifications/sandbox-* messages (reserved for the host and its proxy).',
  }),
  view({
    id: 'view-authenticates-sender',
    // The spec names no keyword and no sender rule for a view's incoming messages (PROTOCOL.md A.8 is ours): a reading, so SHOULD.
    level: 'SHOULD',
    category: 'origin',
    items: [73],
    reading: 'PROTOCOL.md A.8',
    section: SECTION.mitigations,
    text: 'The view acts only on messages from its parent: requests and notifications posted by another frame are ignored.',
  }),
]
