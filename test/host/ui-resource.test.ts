import { describe, expect, it, vi } from 'vitest'
import { decodeBase64Utf8, isAppMimeType, parseUiResource, readUiResource } from '../../src/host/index.js'

const MIME = 'text/html;profile=mcp-app'
const html = '<!doctype html><p>héllo 🌍</p>'
const toBase64 = (text: string) => Buffer.from(text, 'utf8').toString('base64')

describe('parseUiResource', () => {
  it('accepts text and UTF-8 base64 blobs', () => {
    expect(parseUiResource({ contents: [{ uri: 'ui://a', mimeType: MIME, text: html }] }, 'ui://a').html).toBe(html)
    expect(parseUiResource({ contents: [{ uri: 'ui://a', mimeType: MIME, blob: toBase64(html) }] }, 'ui://a').html).toBe(html)
  })

  it('refuses a non-ui:// URI, asked for or returned', () => {
    expect(() => parseUiResource({ contents: [{ uri: 'https://a', mimeType: MIME, text: html }] }, 'https://a')).toThrow(expect.objectContaining({ code: 'INVALID_PARAMS' }))
    expect(() => parseUiResource({ contents: [{ uri: 'file:///etc/passwd', mimeType: MIME, text: html }] }, 'ui://a')).toThrow(/not ui:\/\//)
  })

  it('refuses the wrong MIME type', () => {
    for (const mimeType of ['text/html', 'text/plain;profile=mcp-app', 'text/html;profile=other', undefined, 42]) {
      expect(() => parseUiResource({ contents: [{ uri: 'ui://a', mimeType, text: html }] }, 'ui://a'), String(mimeType)).toThrow(expect.objectContaining({ code: 'PROTOCOL' }))
    }
  })

  it('refuses missing or undecodable bodies', () => {
    expect(() => parseUiResource({ contents: [{ uri: 'ui://a', mimeType: MIME }] }, 'ui://a')).toThrow(/neither text nor blob/)
    expect(() => parseUiResource({ contents: [{ uri: 'ui://a', mimeType: MIME, blob: '%%%notbase64' }] }, 'ui://a')).toThrow(/base64/)
    expect(() => parseUiResource({ contents: [{ uri: 'ui://a', mimeType: MIME, blob: Buffer.from([0xff, 0xfe, 0x80]).toString('base64') }] }, 'ui://a')).toThrow(/UTF-8/)
    expect(() => parseUiResource({ contents: [] }, 'ui://a')).toThrow(/no content/)
    expect(() => parseUiResource(null, 'ui://a')).toThrow(/no content/)
  })

  it('picks the content item with the asked URI, or the only one', () => {
    const result = { contents: [{ uri: 'ui://b', mimeType: MIME, text: 'b' }, { uri: 'ui://a', mimeType: MIME, text: 'a' }] }
    expect(parseUiResource(result, 'ui://a').html).toBe('a')
    expect(() => parseUiResource(result, 'ui://c')).toThrow(/no content/)
    expect(parseUiResource({ contents: [{ uri: 'ui://a?v=2', mimeType: MIME, text: 'only' }] }, 'ui://a').html).toBe('only')
  })

  it('takes metadata from the content item first, then the listing entry', () => {
    const item = { uri: 'ui://a', mimeType: MIME, text: html, _meta: { ui: { prefersBorder: false, csp: { connectDomains: ['https://api.example.com'] } } } }
    const listing = [
      { uri: 'ui://other', name: 'o', _meta: { ui: { domain: 'wrong' } } },
      { uri: 'ui://a', name: 'a', _meta: { ui: { prefersBorder: true, permissions: { camera: {} }, csp: { resourceDomains: ['https://cdn.example.com'] } } } },
    ]
    expect(parseUiResource({ contents: [item] }, 'ui://a', listing).meta).toEqual({
      prefersBorder: false,
      csp: { connectDomains: ['https://api.example.com'] },
      permissions: { camera: {} },
    })
    // One entry given is this resource's only if it says so: another resource's is not read.
    expect(parseUiResource({ contents: [item] }, 'ui://a', listing[1]).meta.permissions).toEqual({ camera: {} })
    expect(parseUiResource({ contents: [item] }, 'ui://a', { uri: 'ui://other', name: 'o', _meta: { ui: { permissions: { microphone: {} } } } }).meta).toEqual(item._meta.ui)
  })
})

describe('helpers', () => {
  it('isAppMimeType tolerates spacing and case only', () => {
    expect(isAppMimeType('text/html; profile=mcp-app')).toBe(true)
    expect(isAppMimeType('TEXT/HTML;Profile="mcp-app"')).toBe(true)
    expect(isAppMimeType('text/html;charset=utf-8;profile=mcp-app')).toBe(true)
    expect(isAppMimeType('text/html;profile=mcp-apps')).toBe(false)
    expect(isAppMimeType('text/html;xprofile=mcp-app')).toBe(false)
    expect(isAppMimeType('text/html;not-profile=mcp-app')).toBe(false)
  })

  it('decodeBase64Utf8 strips whitespace and the BOM', () => {
    expect(decodeBase64Utf8(`${toBase64('\uFEFFabc').slice(0, 4)}\n${toBase64('\uFEFFabc').slice(4)}`)).toBe('abc')
  })

  it('decodeBase64Utf8 says which check failed: the base64, or the UTF-8', () => {
    expect(() => decodeBase64Utf8('QUJDR')).toThrow(expect.objectContaining({ code: 'PROTOCOL', message: expect.stringMatching(/not valid base64/) }))
    expect(() => decodeBase64Utf8('QUJD*')).toThrow(/not valid base64/)
    // Padding where the length does not allow it (a blob cut short, say) is base64's fault, not UTF-8's.
    expect(() => decodeBase64Utf8('QUJDRA=')).toThrow(/not valid base64/)
    expect(() => decodeBase64Utf8('QQ=')).toThrow(/not valid base64/)
    expect(() => decodeBase64Utf8('=')).toThrow(/not valid base64/)
    expect(() => decodeBase64Utf8(Buffer.from([0xff, 0xfe, 0x41]).toString('base64'))).toThrow(/not UTF-8 text/)
  })
})

describe('readUiResource', () => {
  it('reads through the client with the request options', async () => {
    const readResource = vi.fn(async ({ uri }: { uri: string }) => ({ contents: [{ uri, mimeType: MIME, text: html }] }))
    const signal = new AbortController().signal
    const resource = await readUiResource({ readResource } as never, 'ui://a', { signal, timeout: 5 })
    expect(resource).toEqual({ uri: 'ui://a', html, meta: {} })
    expect(readResource).toHaveBeenCalledWith({ uri: 'ui://a' }, { signal, timeout: 5 })
  })

  it('never asks the server for a non-ui:// URI', async () => {
    const readResource = vi.fn()
    await expect(readUiResource({ readResource } as never, 'https://evil.example')).rejects.toMatchObject({ code: 'INVALID_PARAMS' })
    expect(readResource).not.toHaveBeenCalled()
  })
})
