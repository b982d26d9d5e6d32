/**
 * Recognising MCP-UI resources: the MIME types and bodies MCP-UI servers send (including what
 * `@mcp-ui/server` 6.1 really produces), the `mcpui.dev/ui-*` metadata, the relay for external
 * pages, and the refusals.
 */
import { createUIResource } from '@mcp-ui/server'
import { describe, expect, it } from 'vitest'
import { findMcpUiResource, readMcpUiResource } from '../../src/mcp-ui/index.js'
import { recordNotes, thrown } from '../helpers/notes.js'

const HTML = '<html><head><title>legacy</title></head><body><p>hello</p></body></html>'
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64')

describe('readMcpUiResource', () => {
  it('serves text/html without the MCP Apps profile as MCP-UI from the start', () => {
    const resource = readMcpUiResource({ uri: 'ui://legacy/1', mimeType: 'text/html', text: HTML })
    expect(resource).toStrictEqual({ uri: 'ui://legacy/1', html: HTML, meta: {}, legacy: true })
  })

  it('leaves a resource labelled as an MCP App to its first message, unless MCP-UI metadata says otherwise', () => {
    expect(readMcpUiResource({ uri: 'ui://a', mimeType: 'text/html;profile=mcp-app', text: HTML }).legacy).toBe(false)
    const tagged = readMcpUiResource({ uri: 'ui://a', mimeType: 'text/html;profile=mcp-app', text: HTML, _meta: { 'mcpui.dev/ui-initial-render-data': { user: 'ada' } } })
    expect(tagged.legacy).toBe(true)
    expect(tagged.renderData).toStrictEqual({ user: 'ada' })
  })

  it('unwraps an embedded resource block and decodes a base64 blob (UTF-8)', () => {
    const resource = readMcpUiResource({ type: 'resource', resource: { uri: 'ui://b', mimeType: 'text/html', blob: base64('<p>héllo ✓</p>') } })
    expect(resource.html).toBe('<p>héllo ✓</p>')
  })

  it('reads the preferred frame size, the initial render data and the resource\'s _meta.ui', () => {
    const resource = readMcpUiResource({
      uri: 'ui://c',
      mimeType: 'text/html',
      text: HTML,
      _meta: { 'mcpui.dev/ui-preferred-frame-size': ['640px', '480px'], 'mcpui.dev/ui-initial-render-data': { n: 1 }, ui: { csp: { connectDomains: ['https://api.example.com'] } } },
    })
    expect(resource.frameSize).toStrictEqual(['640px', '480px'])
    expect(resource.renderData).toStrictEqual({ n: 1 })
    expect(resource.meta).toStrictEqual({ csp: { connectDomains: ['https://api.example.com'] } })
  })

  it('ignores a malformed frame size and render data instead of failing', () => {
    const resource = readMcpUiResource({ uri: 'ui://c', mimeType: 'text/html', text: HTML, _meta: { 'mcpui.dev/ui-preferred-frame-size': ['640px'], 'mcpui.dev/ui-initial-render-data': 'x' } })
    expect(resource.frameSize).toBeUndefined()
    expect(resource.renderData).toBeUndefined()
    expect(resource.legacy).toBe(true)
  })

  it('frames a text/uri-list page through a relay whose CSP may frame only that origin', () => {
    const { note, notes } = recordNotes()
    const resource = readMcpUiResource({ uri: 'ui://ext', mimeType: 'text/uri-list', text: '# the app\nhttps://apps.example.com/widget?a=1&copy\nhttps://other.example.com/\n' }, note)
    expect(resource.url).toBe('https://apps.example.com/widget?a=1&copy')
    expect(resource.legacy).toBe(true)
    expect(resource.meta).toStrictEqual({ csp: { frameDomains: ['https://apps.example.com'] } })
    // `&copy` must not become ©: the `&` is escaped in the attribute.
    expect(resource.html).toContain('<iframe sandbox="allow-scripts" src="https://apps.example.com/widget?a=1&amp;copy"></iframe>')
    expect(notes).toStrictEqual([{ message: 'MCP-UI resource ui://ext: 2 URLs, first shown', code: 'VARIANT' }])
  })

  it('asks the page to wait for render data when there is initial render data (MCP-UI\'s waitForRenderData)', () => {
    const resource = readMcpUiResource({ uri: 'ui://ext', mimeType: 'text/uri-list', text: 'https://apps.example.com/w', _meta: { 'mcpui.dev/ui-initial-render-data': { a: 1 } } })
    expect(resource.url).toBe('https://apps.example.com/w?waitForRenderData=true')
  })

  it('keeps frame domains the resource declared and adds the page\'s origin', () => {
    const resource = readMcpUiResource({ uri: 'ui://ext', mimeType: 'text/uri-list', text: 'https://apps.example.com/w', _meta: { ui: { csp: { frameDomains: ['https://maps.example.com'], connectDomains: ['https://api.example.com'] } } } })
    expect(resource.meta.csp).toStrictEqual({ frameDomains: ['https://maps.example.com', 'https://apps.example.com'], connectDomains: ['https://api.example.com'] })
  })

  it('reports a _meta.ui.csp that is not an object (the relay\'s CSP is built over it) and still frames the page', () => {
    const { note, notes } = recordNotes()
    const resource = readMcpUiResource({ uri: 'ui://ext', mimeType: 'text/uri-list', text: 'https://apps.example.com/w', _meta: { ui: { csp: 'https://api.example.com' } } }, note)
    expect(resource.meta.csp?.frameDomains).toStrictEqual(['https://apps.example.com'])
    expect(notes).toStrictEqual([{ message: '_meta.ui.csp is not an object: ignored', code: 'MALFORMED' }])
  })

  it('ignores declared frame domains that are not a list', () => {
    const resource = readMcpUiResource({ uri: 'ui://ext', mimeType: 'text/uri-list', text: 'https://apps.example.com/w', _meta: { ui: { csp: { frameDomains: 'https://maps.example.com' } } } })
    expect(resource.meta.csp?.frameDomains).toStrictEqual(['https://apps.example.com'])
  })

  it('relays between the page and the host only: a message from any other window goes nowhere', () => {
    const { html } = readMcpUiResource({ uri: 'ui://ext', mimeType: 'text/uri-list', text: 'https://apps.example.com/w' })
    const script = /<script>(.*)<\/script>/.exec(html)![1]!
    const sent: Array<[string, unknown]> = []
    const window = (name: string) => ({ postMessage: (data: unknown) => void sent.push([name, data]) })
    const page = window('page')
    const parent = window('host')
    // The relay's script, run with the page's frame and the host as its `frames[0]` and `parent`.
    const onmessage = new Function('frames', 'parent', `let onmessage; ${script}; return onmessage`)([page], parent) as (event: { source: unknown; data: unknown }) => void
    onmessage({ source: page, data: 'from page' })
    onmessage({ source: parent, data: 'from host' })
    onmessage({ source: window('other'), data: 'from elsewhere' })
    onmessage({ source: null, data: 'from nowhere' })
    expect(sent).toStrictEqual([
      ['host', 'from page'],
      ['page', 'from host'],
    ])
  })

  it('names a resource without a uri ui://mcp-ui', () => {
    expect(readMcpUiResource({ mimeType: 'text/html', text: HTML }).uri).toBe('ui://mcp-ui')
    expect(thrown(() => readMcpUiResource({ mimeType: 'text/html' })).message).toBe('MCP-UI resource ui://mcp-ui: no text or blob')
  })

  it('sets waitForRenderData=true once, over a value the URL already had', () => {
    const resource = readMcpUiResource({ uri: 'ui://ext', mimeType: 'text/uri-list', text: 'https://apps.example.com/w?waitForRenderData=false&x=1', _meta: { 'mcpui.dev/ui-initial-render-data': { a: 1 } } })
    expect(resource.url).toBe('https://apps.example.com/w?waitForRenderData=true&x=1')
  })

  it('returns its own copy of _meta.ui: changing it leaves the tool result alone', () => {
    const ui = { csp: { connectDomains: ['https://api.example.com'] } }
    const resource = readMcpUiResource({ uri: 'ui://c', mimeType: 'text/html', text: HTML, _meta: { ui } })
    resource.meta.permissions = { camera: {} }
    expect(ui).toStrictEqual({ csp: { connectDomains: ['https://api.example.com'] } })
  })

  it('refuses what it cannot show, with PROTOCOL errors that say why', () => {
    expect(thrown(() => readMcpUiResource('nope')).code).toBe('PROTOCOL')
    expect(thrown(() => readMcpUiResource({ uri: 'ui://x', mimeType: 'text/html' })).message).toContain('no text or blob')
    expect(thrown(() => readMcpUiResource({ uri: 'ui://x', mimeType: 'application/vnd.mcp-ui.remote-dom', text: 'x' })).message).toContain('MIME type application/vnd.mcp-ui.remote-dom')
    expect(thrown(() => readMcpUiResource({ uri: 'ui://x', mimeType: 'text/uri-list', text: '# nothing\nftp://files.example.com/' })).message).toContain('no usable http(s) URL')
    expect(thrown(() => readMcpUiResource({ uri: 'ui://x', mimeType: 'text/html', blob: '!!!' })).code).toBe('PROTOCOL')
  })
  it('reads the MIME type case-insensitively and with spaces around its parameters', () => {
    expect(readMcpUiResource({ uri: 'ui://u', mimeType: 'TEXT/HTML', text: HTML })).toMatchObject({ html: HTML, legacy: true })
    expect(readMcpUiResource({ uri: 'ui://u', mimeType: 'text/html ; charset=utf-8', text: HTML })).toMatchObject({ html: HTML, legacy: true })
    expect(readMcpUiResource({ uri: 'ui://u', mimeType: 'Text/URI-List', text: 'https://apps.example.com/w' }).url).toBe('https://apps.example.com/w')
  })

  it('prefers text over a blob when a resource carries both', () => {
    expect(readMcpUiResource({ uri: 'ui://b', mimeType: 'text/html', text: HTML, blob: base64('<p>blob</p>') }).html).toBe(HTML)
  })

  it('ignores a frame size that is not two CSS strings', () => {
    expect(readMcpUiResource({ uri: 'ui://c', mimeType: 'text/html', text: HTML, _meta: { 'mcpui.dev/ui-preferred-frame-size': [640, 480] } }).frameSize).toBeUndefined()
  })

  it('refuses other text types (text/plain is not HTML)', () => {
    expect(thrown(() => readMcpUiResource({ uri: 'ui://x', mimeType: 'text/plain', text: 'hello' })).message).toContain('MIME type text/plain')
  })

  it('treats HTML that merely starts with a URL as HTML, and reports no bare URL for a uri-list', () => {
    const { note, notes } = recordNotes()
    const html = readMcpUiResource({ uri: 'ui://h', mimeType: 'text/html;profile=mcp-app', text: 'https://example.com is where <b>we</b> live' }, note)
    expect(html).toMatchObject({ html: 'https://example.com is where <b>we</b> live', legacy: false })
    expect(html.url).toBeUndefined()
    expect(readMcpUiResource({ uri: 'ui://ext', mimeType: 'text/uri-list', text: 'https://apps.example.com/w' }, note).url).toBe('https://apps.example.com/w')
    expect(notes).toStrictEqual([])
  })
})

describe('what @mcp-ui/server 6.1 produces', () => {
  it('raw HTML: labelled as an MCP App, recognised as MCP-UI through its metadata', () => {
    const block = createUIResource({
      uri: 'ui://server/raw',
      content: { type: 'rawHtml', htmlString: HTML },
      encoding: 'text',
      uiMetadata: { 'preferred-frame-size': ['400px', '300px'], 'initial-render-data': { greeting: 'hi' } },
    })
    expect(block.resource.mimeType).toBe('text/html;profile=mcp-app')
    const resource = readMcpUiResource(block)
    expect(resource).toMatchObject({ uri: 'ui://server/raw', html: HTML, legacy: true, frameSize: ['400px', '300px'], renderData: { greeting: 'hi' } })
  })

  it('raw HTML with its MCP Apps adapter: left to the frame, whose first message is the adapter\'s ui/initialize', () => {
    const block = createUIResource({ uri: 'ui://server/adapted', content: { type: 'rawHtml', htmlString: HTML }, encoding: 'blob', adapters: { mcpApps: { enabled: true } } })
    const resource = readMcpUiResource(block)
    expect(resource.legacy).toBe(false)
    expect(resource.html).toContain('ui/initialize')
  })

  it('an external URL: the body of an "MCP App" is a bare URL, shown as an external page (and reported)', () => {
    const { note, notes } = recordNotes()
    const block = createUIResource({ uri: 'ui://server/ext', content: { type: 'externalUrl', iframeUrl: 'https://apps.example.com/app' }, encoding: 'blob' })
    const resource = readMcpUiResource(block, note)
    expect(resource).toMatchObject({ url: 'https://apps.example.com/app', legacy: true, meta: { csp: { frameDomains: ['https://apps.example.com'] } } })
    expect(notes.map((n) => n.message)).toStrictEqual(['MCP-UI resource ui://server/ext: a URL, not HTML'])
  })
})

describe('findMcpUiResource', () => {
  it('finds the first ui:// embedded resource of a tool result, and nothing in anything else', () => {
    const resource = { uri: 'ui://found', mimeType: 'text/html', text: HTML }
    const result = { content: [{ type: 'text', text: 'hi' }, { type: 'resource', resource: { uri: 'file:///x', text: 'x' } }, { type: 'resource', resource }] }
    expect(findMcpUiResource(result)).toBe(resource)
    expect(findMcpUiResource({ content: [{ type: 'text', text: 'no ui' }] })).toBeUndefined()
    expect(findMcpUiResource(null)).toBeUndefined()
    expect(findMcpUiResource({ content: 'x' })).toBeUndefined()
  })
})
