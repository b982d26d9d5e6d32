/**
 * The sandbox proxy page as one self-contained HTML document: the proxy script inlined, no other
 * request, so the CSP it is served with (the view's own policy, which allows inline scripts and
 * nothing from elsewhere by default) is all it needs.
 */

/** Wraps the built proxy script (`sandbox-proxy-entry.ts`, bundled) into the page. */
export function renderSandboxProxyPage(script: string): string {
  // "</script" inside the script would end the element early; the built code has none, but be sure.
  const safe = script.replace(/<\/(script)/gi, '<\\/$1')
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>MCP App sandbox</title>' +
    '<style>html,body{margin:0;height:100%;overflow:hidden}iframe{display:block;border:0;width:100%;height:100%}</style>' +
    `</head><body><script>${safe}</script></body></html>`
  )
}
