/**
 * What an MCP-UI app (or its server) sends that is not JSON-RPC, held to what the bridge holds
 * JSON-RPC to: intents and notifications within the host's message limits and without own
 * `__proto__` keys; a `text/uri-list` read line by line; a mount that fails leaves nothing behind.
 */
import { Window } from 'happy-dom'
import { describe, expect, it, onTestFinished } from 'vitest'
import { mountMcpUiApp, readMcpUiResource, type MountMcpUiAppOptions } from '../../src/mcp-ui/index.js'
import { setupLegacy } from './mcp-ui-helpers.js'

describe('intent and notify payloads', () => {
  it('reach the host without own __proto__ keys', async () => {
    const s = setupLegacy({ legacy: true })
    s.post(JSON.parse('{"type":"intent","messageId":"i","payload":{"intent":"x","params":{"__proto__":{"isAdmin":true}}}}'))
    await s.settle()
    const [, payload] = s.actions[0]!
    expect((Object.assign({}, payload.params) as { isAdmin?: boolean }).isAdmin).toBeUndefined()
  })

  it("are dropped beyond the host's depth or size limits", async () => {
    const s = setupLegacy({ legacy: true, host: { limits: { maxDepth: 10, maxBytes: 10_000 } } })
    let deep: Record<string, unknown> = {}
    const root = deep
    for (let i = 0; i < 50; i++) deep = (deep.next = {}) as Record<string, unknown>
    s.post({ type: 'notify', messageId: 'n', payload: { message: 'hi', data: root } })
    s.post({ type: 'intent', messageId: 'i', payload: { intent: 'x', params: { blob: 'x'.repeat(20_000) } } })
    s.post({ type: 'notify', messageId: 'ok', payload: { message: 'small' } })
    await s.settle()
    expect(s.actions).toStrictEqual([['notify', { message: 'small' }]])
  })
})

describe('text/uri-list', () => {
  it('skips a URL inside a # comment line (RFC 2483, as MCP-UI reads it)', () => {
    const resource = readMcpUiResource({ uri: 'ui://ext', mimeType: 'text/uri-list', text: '# mirror: https://mirror.example.net/w\r\nhttps://apps.example.com/w\r\n' })
    expect(resource.url).toBe('https://apps.example.com/w')
  })

  it('skips a line that is no URL and shows the next one', () => {
    const resource = readMcpUiResource({ uri: 'ui://ext', mimeType: 'text/uri-list', text: 'https://[bad\n  https://apps.example.com/w  \n' })
    expect(resource.url).toBe('https://apps.example.com/w')
  })

  it('skips a line of another scheme even when an http(s) URL is inside it', () => {
    const resource = readMcpUiResource({ uri: 'ui://ext', mimeType: 'text/uri-list', text: 'data:text/html,https://evil.example/x\nhttps://apps.example.com/w\n' })
    expect(resource.url).toBe('https://apps.example.com/w')
    expect(resource.meta.csp?.frameDomains).toStrictEqual(['https://apps.example.com'])
  })
})

it('a mount that throws (a proxy on the host origin) for a resource with a note leaves no uncaught error behind', async () => {
  const uncaught: unknown[] = []
  const on = (error: unknown) => void uncaught.push(error)
  process.on('uncaughtException', on)
  onTestFinished(() => void process.off('uncaughtException', on))
  const window = new Window({ url: 'https://host.example/chat' })
  onTestFinished(() => window.close())
  const container = window.document.createElement('div')
  window.document.body.appendChild(container)
  expect(() =>
    mountMcpUiApp({
      container: container as unknown as Element,
      sandbox: { proxyUrl: 'https://host.example/proxy' },
      hostInfo: { name: 'h', version: '1' },
      // A bare URL as HTML: a note is queued for the warning event.
      resource: { uri: 'ui://ext', mimeType: 'text/html;profile=mcp-app', text: 'https://apps.example.com/w' },
    } as MountMcpUiAppOptions),
  ).toThrow(expect.objectContaining({ code: 'DENIED' }))
  await new Promise((resolve) => setTimeout(resolve, 10))
  expect(uncaught).toStrictEqual([])
})
