/**
 * The deliberately broken implementations' faults, named by what they do wrong. Most are keyed
 * by the category they break; the others are subtler ways to break one (several found in review,
 * where the kit used to pass them).
 */

/** Faults of `broken-host.ts`. */
export const HOST_FAULTS = {
  handshake: 'answers ui/initialize without hostInfo, and echoes any protocol version',
  ordering: 'sends tool data straight to the frame while the view is not initialized',
  'tool-data': 'delivers every tool-input twice',
  'drops-cancellation': 'never delivers ui/notifications/tool-cancelled',
  'drops-result': 'never delivers ui/notifications/tool-result',
  'drops-input': 'never delivers ui/notifications/tool-input',
  'partials-as-text': 'sends each tool-input-partial\'s arguments as JSON text, not as an object',
  context: 'sends the whole context on every change',
  'context-dimensions': 'tells the view its container has both a fixed height and a maximum height',
  visibility: 'trusts a stale tool list in which every tool is app-visible',
  'visibility-default': 'reads a tool without visibility as model-only, and refuses the view\'s call of it',
  capabilities: 'serves everything while advertising only what it was asked to',
  'version-capabilities': 'refuses an unknown protocol version, and serves everything while advertising only what it was asked to',
  'silent-gating': 'never answers a request whose capability it did not advertise',
  'late-gated-effect': 'refuses ui/open-link and sampling/createMessage it did not advertise, then acts on them anyway 600 ms later',
  'refuses-initialize': 'refuses ui/initialize when asked to advertise nothing',
  actions: 'answers success to open-link and message without doing anything',
  'display-mode': 'answers ui/request-display-mode without a mode',
  'display-mode-any': 'grants the view whatever display mode it asks for, declared or not, and announces it',
  size: 'ignores size-changed',
  teardown: 'removes the frame without ui/resource-teardown',
  'teardown-navigate': 'sends ui/resource-teardown, then navigates the view\'s frame away without waiting for the answer',
  rpc: 'never answers a method it does not know',
  ping: 'answers ping with a non-empty result',
  sandbox: 'puts the view in a same-origin frame without CSP',
  'ignores-csp': 'applies the restrictive default policy whatever ui.csp declares (the declared connect domain blocked)',
  'loose-default-csp': 'without ui.csp restricts only connections, frames, objects and base (images, scripts, styles, fonts, media load from anywhere)',
  'proxy-spoofable': 'runs a sandbox proxy that reloads the view on a sandbox-resource-ready from anyone',
  'sandbox-messages': 'relays a sandbox-resource-ready to the view',
  'proxy-same-origin': 'runs its sandbox proxy on its own origin',
  'proxy-flags': 'runs its sandbox proxy without allow-same-origin',
  origin: 'accepts messages from any window',
  'opaque-origin-only': 'takes any opaque-origin ("null") sender for the view, without checking the source',
} as const

export type HostFault = keyof typeof HOST_FAULTS

/** Faults of `broken-view.ts`. */
export const VIEW_FAULTS = {
  handshake: 'sends initialized right after ui/initialize, before the answer',
  'legacy-initialize': 'sends ui/initialize with clientInfo and capabilities (MCP\'s initialize names) instead of appInfo and appCapabilities',
  context: 'replaces its context with each change instead of merging',
  'context-probe-throws': 'throws from its probe\'s hostContext()',
  'tool-data': 'throws on a partial input without a city',
  'display-mode': 'asks for any mode, and reports the mode it asked for',
  'display-mode-stale': 'reports the mode it was in instead of the host\'s answer',
  capabilities: 'sends every request whether advertised or not',
  size: 'never reports its size',
  teardown: 'ignores ui/resource-teardown',
  rpc: 'answers every request twice',
  ping: 'answers ping with a non-empty result',
  'rpc-unknown': 'answers a request it does not know with an empty result instead of -32601',
  sandbox: 'posts ui/notifications/sandbox-proxy-ready',
  origin: 'accepts messages from any frame',
} as const

export type ViewFault = keyof typeof VIEW_FAULTS
