/**
 * What the host does for a view's user-facing requests. Neither opens anything by itself: the
 * transcript offers the link or the file, and the user's click opens or saves it (spec: the host
 * SHOULD ask first; a click on an offer is that consent, and popup blockers agree).
 */
import type { McpUiDownloadFileParams } from 'mcp-app-bridge/host'
import { h } from './dom.js'

export function linkOffer(url: URL, via: string): HTMLElement {
  return h('span', {}, `${via} offers a link: `, h('a', { href: url.href, target: '_blank', rel: 'noopener noreferrer', textContent: url.href }))
}

/** One "Save" link per file; embedded contents become blob URLs, links stay links (http/https only). */
export function downloadOffer({ contents }: McpUiDownloadFileParams, via: string): HTMLElement {
  const links = contents.flatMap((item) => {
    if (item.type === 'resource') {
      const resource = item.resource
      const name = fileName(resource.uri)
      const data = 'text' in resource && typeof resource.text === 'string' ? resource.text : base64Bytes(String(resource.blob ?? ''))
      const href = URL.createObjectURL(new Blob([data], { type: resource.mimeType ?? 'application/octet-stream' }))
      return [h('a', { href, download: name, class: 'file-link', textContent: `Save ${name}` })]
    }
    const url = safeUrl(item.uri)
    return url ? [h('a', { href: url.href, target: '_blank', rel: 'noopener noreferrer', class: 'file-link', textContent: `Open ${item.name ?? fileName(item.uri)}` })] : []
  })
  return h('span', {}, `${via} prepared ${contents.length === 1 ? 'a file' : `${contents.length} files`}: `, ...links)
}

function fileName(uri: string): string {
  return decodeURIComponent(uri.split(/[/\\]/).pop() || 'download')
}

function base64Bytes(data: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(data), (char) => char.charCodeAt(0))
}

function safeUrl(value: string): URL | undefined {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined
  } catch {
    return undefined
  }
}
