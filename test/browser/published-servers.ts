/**
 * The published MCP App servers the browser suite renders in our host: real apps nobody here
 * wrote, installed from the npm registry as devDependencies and started with `--stdio`.
 *
 * To try another server: install it (`npm install --save-dev <package>`) and either add an entry
 * below, or set `MCP_APP_SERVERS` for one run, e.g.
 *
 *     MCP_APP_SERVERS="@scope/some-mcp-app-server=Some visible text" npm run test:browser -- published
 *
 * (comma-separated entries, each `package` or `package=text the rendered view must show`).
 * Entries from the variable get the generic checks: handshake, a non-blank render, the expected
 * text, tool input and result delivered. `interactions` (clicks and what the host must see)
 * need an entry here.
 */
import { fileURLToPath } from 'node:url'
import type { CspRelaxations } from '../../src/protocol/csp.js'
import type { FrameSizeOptions } from '../../src/host/frame-size.js'
import { nearColor } from './harness/png.js'

/** What clicking something in the app must make arrive at the host. */
export interface Interaction {
  /** Accessible name of the button to click. */
  click: string
  /** The host event that must follow, and what it must contain. */
  expect:
    | { kind: 'callTool'; name: string }
    | { kind: 'message'; text: string }
    | { kind: 'log'; data: string }
    | { kind: 'openLink'; url: string }
    /** The app asked for `mode`, the host granted it, the frame shows it and the view was told. */
    | { kind: 'displaymode'; mode: 'inline' | 'fullscreen' | 'pip' }
}

export interface PublishedServer {
  /** npm package name; its `bin` is started with `args`. */
  package: string
  /** Arguments after the bin (default `['--stdio']`). */
  args?: string[]
  /** The UI tool to call (default: the first tool whose `_meta` names a `ui://` resource). */
  tool?: string
  /** The tool's arguments (default: built from its input schema's required properties). */
  arguments?: Record<string, unknown>
  /** Texts the rendered view must show. */
  expectText?: string[]
  /** The view shows the text of the tool result's first text block (true for the time apps). */
  showsResultText?: boolean
  /** Things to click, and what each must make the host see. */
  interactions?: Interaction[]
  /** CSP relaxations a host would turn on for this server, trusting it (see `CspRelaxations`). */
  cspRelaxations?: CspRelaxations
  /**
   * Steps get 30 s instead of 10 (the PDF viewer's page is 4.3 MB: on a busy 2-core machine it once
   * took 6 s to load), and a canvas 20 s instead of 5 to show its `paints` (a force layout still
   * moving on a busy machine).
   */
  slow?: boolean
  /** Pixels the screenshot must show, for apps that draw on a canvas (no text to find). */
  paints?: Paint[]
  /** Node options for the server's process, before its bin (`OFFLINE_FETCH`). */
  nodeArgs?: string[]
  /** The bin to start, for a package with several of which none is named like it. */
  bin?: string
  /** Environment variables for the server's process, added to the SDK's default environment. */
  env?: Record<string, string>
  /**
   * The host injects `window.openai` (`injectOpenAiShim`, the shim's script-tag bundle), as ChatGPT
   * does, for a view written against it: the shim makes the handshake and fills in the globals.
   */
  openAiShim?: boolean
  /** Server calls the app makes on its own; each must go through our host to the server and succeed. */
  ownCalls?: OwnCall[]
  /**
   * A server process per frame mode: its interactions change its state (a card moved), which the
   * next run would find changed. Others serve both frame modes from one process.
   */
  stateful?: boolean
  /** `mountApp`'s `size` for this app (default: the frame starts at 150 px and follows the view). */
  size?: FrameSizeOptions
}

export interface OwnCall {
  method: 'callTool' | 'listResources' | 'readResource'
  /** The tool's name or the resource's URI. */
  target?: string
}

/** Answers the server's `fetch` from `fixtures/` (a Wikipedia page, a sample video): the same with or without a network. */
export const OFFLINE_FETCH = ['--import', new URL('./fixtures/offline-fetch.mjs', import.meta.url).href]

/** A fake ERPNext for `@casys/mcp-erpnext` (`ERPNEXT_URL=http://erpnext.invalid`): two tasks, read and updated in memory. */
export const OFFLINE_ERPNEXT = ['--import', new URL('./fixtures/offline-erpnext.mjs', import.meta.url).href]

const fixture = (name: string): string => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))

/** At least `atLeast` screenshot pixels for which `pixel` holds. */
export interface Paint {
  what: string
  pixel(r: number, g: number, b: number): boolean
  atLeast: number
}

/** What both official "get time" example apps offer: a server tool, a message, a log entry, a link. */
const BASIC_APP_INTERACTIONS: Interaction[] = [
  { click: 'Get Server Time', expect: { kind: 'callTool', name: 'get-time' } },
  { click: 'Send Message', expect: { kind: 'message', text: 'This is message text.' } },
  { click: 'Send Log', expect: { kind: 'log', data: 'This is log text.' } },
  { click: 'Open Link', expect: { kind: 'openLink', url: 'https://modelcontextprotocol.io/' } },
]

/** The official "get time" example, built with `framework`: its text, the result shown, the four buttons. */
const basicApp = (framework: string): PublishedServer => ({
  package: `@modelcontextprotocol/server-basic-${framework}`,
  expectText: ['Server Time:', 'Get Server Time'],
  showsResultText: true,
  interactions: BASIC_APP_INTERACTIONS,
})

export const PUBLISHED_SERVERS: PublishedServer[] = [
  // The same app built with each framework the official examples use.
  ...['vanillajs', 'react', 'svelte', 'preact', 'solid'].map(basicApp),
  {
    ...basicApp('vue'),
    // No clicks: this example keeps its App in a deep Vue `ref`, so every request it sends reads a
    // property of the cross-origin parent window through Vue's proxy and throws SecurityError in
    // the app, under any host whose frame is sandboxed (the spec requires it). Handshake, tool data
    // and rendering are checked.
    interactions: [],
  },
  // Richer official examples: charts, sliders, a heat map, live system data, sheet music, an inspector of the protocol.
  { package: '@modelcontextprotocol/server-budget-allocator', expectText: ['Budget Allocator', 'Allocated'] },
  { package: '@modelcontextprotocol/server-cohort-heatmap', expectText: ['Cohort Retention Analysis'] },
  { package: '@modelcontextprotocol/server-customer-segmentation', expectText: ['Customer Segmentation'] },
  { package: '@modelcontextprotocol/server-scenario-modeler', expectText: ['SaaS Scenario Modeler'] },
  { package: '@modelcontextprotocol/server-system-monitor', expectText: ['System Monitor'] },
  {
    package: '@modelcontextprotocol/server-sheet-music',
    // The view draws the notation it receives as tool input (the server's default is not sent to the
    // view) as SVG, with no text to find: the screenshot check sees the score (blank without it).
    arguments: { abcNotation: 'X:1\nT:Twinkle, Twinkle Little Star\nM:4/4\nL:1/4\nK:C\nC C G G | A A G2 | F F E E | D D C2 |' },
  },
  { package: '@modelcontextprotocol/server-transcript', expectText: ['Your speech will appear here'] },
  {
    package: '@modelcontextprotocol/server-debug',
    expectText: ['Event Log', 'Callback Status'],
    interactions: [
      { click: 'Send Text', expect: { kind: 'message', text: 'Hello from debug app!' } },
      // Each display mode the host offers, and back: the host's own applier shows them.
      { click: 'Fullscreen', expect: { kind: 'displaymode', mode: 'fullscreen' } },
      { click: 'PiP', expect: { kind: 'displaymode', mode: 'pip' } },
      { click: 'Inline', expect: { kind: 'displaymode', mode: 'inline' } },
    ],
  },
  {
    package: '@modelcontextprotocol/server-wiki-explorer',
    // The server fetches the article (here from a fixture with three links); the view draws the
    // graph on a canvas, and its reset button asks the server again, through the host.
    nodeArgs: OFFLINE_FETCH,
    // The graph fills the view's viewport (`100vh`), so the view reports the height its frame
    // starts at: a host expecting such apps starts higher (in 150 px the ever-moving layout could
    // push the article's node out of sight: a CI run found no pixel of it).
    size: { initialHeight: 400 },
    // A clean-clone CI run beside another browser file found no pixel of the article's node within 5 s.
    slow: true,
    arguments: { url: 'https://en.wikipedia.org/wiki/Model_Context_Protocol' },
    interactions: [{ click: '↺', expect: { kind: 'callTool', name: 'get-first-degree-links' } }],
    // The article's node in the app's colour for an expanded node (#2ecc71); its three links' nodes
    // in the default colour (#4a90d9), more than one node's worth of them.
    paints: [
      { what: 'the article node', pixel: nearColor(0x2ecc71), atLeast: 1_000 },
      { what: "the linked articles' nodes", pixel: nearColor(0x4a90d9), atLeast: 3_000 },
    ],
  },
  {
    package: '@modelcontextprotocol/server-video-resource',
    // The view reads the video the tool named (a base64 blob, fetched by the server: a
    // fixture here) through the host, then plays it from a `blob:` URL, which the spec's policy
    // (`media-src 'self' data:`) does not allow (the video stays empty): a host trusts this server
    // with `blobMedia`. The fixture's one frame is pure blue.
    nodeArgs: OFFLINE_FETCH,
    arguments: { videoId: 'bunny-1mb' },
    ownCalls: [{ method: 'readResource', target: 'videos://bunny-1mb' }],
    cspRelaxations: { blobMedia: true },
    paints: [{ what: "the video's frame", pixel: (r, g, b) => r < 16 && g < 16 && b > 240, atLeast: 100_000 }],
  },
  {
    package: '@modelcontextprotocol/server-pdf',
    // A local file (the server refuses paths it was not given). The view reads its bytes with an
    // app-only tool, through the host; pdf.js then loads its worker's code from a `data:` script,
    // which no policy built from `_meta.ui.csp` allows (no page is drawn): a host trusts this
    // server with `dataScripts`. The page's text is drawn, and laid over it as text.
    args: ['--stdio', fixture('offline.pdf')],
    arguments: { url: fixture('offline.pdf') },
    ownCalls: [{ method: 'callTool', target: 'read_pdf_bytes' }],
    cspRelaxations: { dataScripts: true },
    expectText: ['mcp-app-bridge offline fixture'],
    // Its toolbar's toggle, there and back: in fullscreen it sits at the view's top right corner,
    // under which the host's way back must not lie.
    interactions: [
      { click: 'Toggle fullscreen (⌘Enter)', expect: { kind: 'displaymode', mode: 'fullscreen' } },
      { click: 'Exit fullscreen (Esc)', expect: { kind: 'displaymode', mode: 'inline' } },
    ],
    slow: true,
  },
  {
    package: '@modelcontextprotocol/server-threejs',
    // The view runs the tool's `code` with `new Function`: blocked by the spec's policy (the host
    // reports "CSP blocked eval"), so a host must trust this server with `unsafeEval`. Drawn with
    // WebGL (Chromium's software renderer here): a magenta cube on blue, unlit, one frame.
    cspRelaxations: { unsafeEval: true },
    arguments: {
      code: [
        'const scene = new THREE.Scene();',
        'const camera = new THREE.PerspectiveCamera(75, width / height, 0.1, 1000);',
        'const renderer = new THREE.WebGLRenderer({ canvas });',
        'renderer.setSize(width, height);',
        'renderer.setClearColor(0x0000ff);',
        'scene.add(new THREE.Mesh(new THREE.BoxGeometry(2, 2, 2), new THREE.MeshBasicMaterial({ color: 0xff00ff })));',
        'camera.position.z = 4;',
        'renderer.render(scene, camera);',
      ].join('\n'),
    },
    // Its corner button, shown because the host offers fullscreen and renamed there: there and
    // back by it, below the host's bar.
    interactions: [
      { click: 'Toggle fullscreen', expect: { kind: 'displaymode', mode: 'fullscreen' } },
      { click: 'Exit fullscreen', expect: { kind: 'displaymode', mode: 'inline' } },
    ],
    paints: [
      { what: 'the blue clear colour', pixel: (r, g, b) => r < 16 && g < 16 && b > 240, atLeast: 50_000 },
      { what: 'the magenta cube', pixel: (r, g, b) => r > 240 && g < 16 && b > 240, atLeast: 10_000 },
    ],
  },
  {
    package: '@modelcontextprotocol/server-shadertoy',
    // WebGL 2 (software here). The view needs the shader in the tool input (the server's default is
    // not sent to it); this one paints x and y as red and green over a constant half blue.
    arguments: { fragmentShader: 'void mainImage(out vec4 fragColor, in vec2 fragCoord) {\n  vec2 uv = fragCoord / iResolution.xy;\n  fragColor = vec4(uv, 0.5, 1.0);\n}' },
    // Its one button, shown because the host offers fullscreen: there and back.
    interactions: [
      { click: 'Toggle fullscreen', expect: { kind: 'displaymode', mode: 'fullscreen' } },
      { click: 'Toggle fullscreen', expect: { kind: 'displaymode', mode: 'inline' } },
    ],
    paints: [
      { what: 'the shader (half blue everywhere)', pixel: (_r, _g, b) => Math.abs(b - 128) <= 3, atLeast: 200_000 },
      { what: 'its red corner', pixel: (r, g) => r > 240 && g < 16, atLeast: 100 },
      { what: 'its green corner', pixel: (r, g) => r < 16 && g > 240, atLeast: 100 },
    ],
  },
  // Third-party servers (not the official examples).
  {
    package: 'semiotic',
    bin: 'semiotic-mcp',
    tool: 'renderInteractiveChart',
    // A hand-written ChatGPT widget: it reads `window.openai` and listens for the tool result, but
    // never sends `ui/initialize`, so without the shim no host may send it anything (the handshake
    // stalls). With the shim, as a host would inject it for this server, it runs unchanged.
    openAiShim: true,
    arguments: {
      component: 'BarChart',
      props: { title: 'Fruit sold', data: [{ fruit: 'Apples', count: 12 }, { fruit: 'Pears', count: 7 }, { fruit: 'Plums', count: 4 }], categoryAccessor: 'fruit', valueAccessor: 'count' },
    },
    expectText: ['Fruit sold', 'Apples'],
    // The bars, in the chart's default blue (#1f77b4).
    paints: [{ what: 'the bars', pixel: nearColor(0x1f77b4), atLeast: 10_000 }],
  },
  {
    package: '@casys/mcp-erpnext',
    // An ERPNext client whose views use the official `App`. Its data comes from a fake ERPNext in
    // the server's process (no ERPNext, no network). The host's one warning, "CSP blocked eval", is
    // zod's probe for `new Function` in the view's bundle, which falls back without it.
    tool: 'erpnext_kanban_get_board',
    arguments: { doctype: 'Task' },
    nodeArgs: OFFLINE_ERPNEXT,
    env: { ERPNEXT_URL: 'http://erpnext.invalid', ERPNEXT_API_KEY: 'offline', ERPNEXT_API_SECRET: 'offline' },
    stateful: true,
    expectText: ['Write the offline fixture'],
    interactions: [
      // The next column's tab (the second task); the board also reloads itself when its window
      // gets focus, as it does at this first click into the frame.
      { click: 'Scroll right', expect: { kind: 'callTool', name: 'erpnext_kanban_get_board' } },
      // A card opens its record in a dialog, which asks the model for a list view, and moves the
      // task to another column (the fake ERPNext updates it).
      { click: 'Review the kanban view', expect: { kind: 'callTool', name: 'erpnext_doc_get' } },
      { click: 'Open in doclist', expect: { kind: 'message', text: 'Show me a list view of Task TASK-0002' } },
      { click: 'Request review', expect: { kind: 'callTool', name: 'erpnext_kanban_move_card' } },
    ],
  },
]

/** `PUBLISHED_SERVERS` plus whatever `MCP_APP_SERVERS` names (an entry there replaces one here). */
export function publishedServers(variable = process.env.MCP_APP_SERVERS): PublishedServer[] {
  const extra = (variable ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry): PublishedServer => {
      const [name, ...text] = entry.split('=')
      return { package: name!.trim(), ...(text.length && { expectText: [text.join('=').trim()] }) }
    })
  const names = new Set(extra.map((server) => server.package))
  return [...PUBLISHED_SERVERS.filter((server) => !names.has(server.package)), ...extra]
}

/**
 * Arguments a model might send: every required property of the input schema, from its
 * `default`, `enum`, `examples` or type. Good enough to open a view; name `arguments` for more.
 */
export function argumentsFromSchema(schema: unknown): Record<string, unknown> {
  const { properties = {}, required = [] } = (schema ?? {}) as { properties?: Record<string, Record<string, unknown>>; required?: string[] }
  const args: Record<string, unknown> = {}
  for (const name of required) {
    const property = properties[name] ?? {}
    args[name] = sampleValue(property)
  }
  return args
}

function sampleValue(property: Record<string, unknown>): unknown {
  if ('default' in property) return property.default
  if (Array.isArray(property.enum) && property.enum.length) return property.enum[0]
  if (Array.isArray(property.examples) && property.examples.length) return property.examples[0]
  const type = Array.isArray(property.type) ? property.type[0] : property.type
  switch (type) {
    case 'number':
    case 'integer':
      return typeof property.minimum === 'number' ? property.minimum : 1
    case 'boolean':
      return false
    case 'array':
      return []
    case 'object':
      return argumentsFromSchema(property)
    default:
      return 'test'
  }
}
