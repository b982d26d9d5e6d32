/**
 * The data every implementation sends and receives, defined once so that all of them put the same
 * message shapes on the wire: host and app identities, the capabilities every host advertises,
 * the tool, its input and result, the answer to `tools/call`, and a realistic host context.
 *
 * Plain data only: this module is bundled into the views and hosts of every implementation.
 */

export const APP_INFO = { name: 'bench-app', version: '1.0.0' }
export const HOST_INFO = { name: 'bench-host', version: '1.0.0' }

/**
 * Our view refuses, before sending, any request the host did not advertise (PROTOCOL.md A.6), so
 * every host advertises what the minimal app uses: `ui/message`, `ui/update-model-context` and
 * `tools/call`.
 */
export const HOST_CAPABILITIES = {
  message: { text: {} },
  updateModelContext: { text: {} },
  serverTools: {},
}

export const PROTOCOL_VERSION = '2026-01-26'

/** The tool the view calls back in the RPC benchmark. Visible to the app (checked by our host). */
export const ECHO_TOOL = {
  name: 'echo',
  description: 'Returns its argument',
  inputSchema: { type: 'object' as const, properties: { i: { type: 'number' } } },
  _meta: { ui: { resourceUri: 'ui://bench/app.html', visibility: ['model', 'app'] as Array<'model' | 'app'> } },
}

export const TOOL_INPUT = { city: 'Paris' }

export const TOOL_RESULT = {
  content: [{ type: 'text' as const, text: 'Paris: 18 °C, light rain' }],
  structuredContent: { city: 'Paris', temperature: 18, conditions: 'light rain' },
}

/** What every host answers to `tools/call`: small, and the same for every implementation. */
export function echoResult(args: Record<string, unknown> | undefined) {
  return { content: [{ type: 'text' as const, text: String(args?.i ?? '') }] }
}

/** The 76 standard style variables (spec 2026-01-26), each with a `light-dark()` value as hosts send them. */
function styleVariables(): Record<string, string> {
  const variables: Record<string, string> = {}
  const tones = ['primary', 'secondary', 'tertiary', 'inverse', 'ghost', 'info', 'danger', 'success', 'warning', 'disabled']
  for (const group of ['background', 'text', 'border']) {
    for (const tone of tones) variables[`--color-${group}-${tone}`] = 'light-dark(#ffffff, #1f1f1f)'
  }
  for (const tone of ['primary', 'secondary', 'inverse', 'info', 'danger', 'success', 'warning']) variables[`--color-ring-${tone}`] = 'light-dark(#3b82f6, #60a5fa)'
  variables['--font-sans'] = 'ui-sans-serif, system-ui, sans-serif'
  variables['--font-mono'] = 'ui-monospace, SFMono-Regular, monospace'
  for (const weight of ['normal', 'medium', 'semibold', 'bold']) variables[`--font-weight-${weight}`] = '500'
  for (const size of ['xs', 'sm', 'md', 'lg']) {
    variables[`--font-text-${size}-size`] = '0.875rem'
    variables[`--font-text-${size}-line-height`] = '1.25rem'
  }
  for (const size of ['xs', 'sm', 'md', 'lg', 'xl', '2xl', '3xl']) {
    variables[`--font-heading-${size}-size`] = '1.5rem'
    variables[`--font-heading-${size}-line-height`] = '2rem'
  }
  for (const size of ['xs', 'sm', 'md', 'lg', 'xl', 'full']) variables[`--border-radius-${size}`] = '0.5rem'
  variables['--border-width-regular'] = '1px'
  for (const shadow of ['hairline', 'sm', 'md', 'lg']) variables[`--shadow-${shadow}`] = '0 1px 2px rgb(0 0 0 / 0.05)'
  return variables
}

/**
 * A host context as a real chat UI sends it: about 4 KB of JSON, most of it style variables and
 * the tool definition. `containerDimensions` is the field the fan-out benchmark changes.
 */
export const HOST_CONTEXT = {
  toolInfo: { id: 42, tool: ECHO_TOOL },
  theme: 'light' as const,
  styles: {
    variables: styleVariables(),
    css: { fonts: "@font-face { font-family: 'Bench Sans'; src: url('https://fonts.example/bench-sans.woff2') format('woff2'); }" },
  },
  displayMode: 'inline' as const,
  availableDisplayModes: ['inline' as const],
  containerDimensions: { maxWidth: 768, maxHeight: 600 },
  locale: 'en-US',
  timeZone: 'Europe/Paris',
  userAgent: 'bench-host/1.0.0',
  platform: 'web' as const,
  deviceCapabilities: { touch: false, hover: true },
  safeAreaInsets: { top: 0, right: 0, bottom: 0, left: 0 },
}

/** The value of the `n`-th single-field update: never equal to the previous one. */
export function containerDimensions(n: number) {
  return { maxWidth: 768, maxHeight: 1000 + n }
}

/**
 * Silences `console.debug` in the host page and in the frames, for every implementation.
 * Playwright keeps the DevTools Runtime domain enabled, so every console call becomes a CDP event
 * serialized to the Node process; the SDK logs each message it sends and receives at debug level,
 * which under Playwright cut its sequential throughput about threefold: a cost of the attached
 * DevTools protocol, not of the SDK's own work. Muting it keeps the comparison conservative.
 */
export const MUTE_DEBUG = '<script>console.debug = () => {}</script>'

/**
 * The frame's document, identical for every implementation: the spec's default CSP in a
 * `<meta>` (the single opaque frame mode of PROTOCOL.md A.10), then the view's bundle inline.
 */
export function viewDocument(script: string): string {
  const csp = "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self' data:; connect-src 'none'"
  // A literal "</script" inside the bundle would end the element early.
  const safe = script.replace(/<\/script/gi, '<\\/script')
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${csp}">${MUTE_DEBUG}</head><body><script>${safe}</script></body></html>`
}
