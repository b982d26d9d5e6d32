/**
 * Putting a Content Security Policy into a view's HTML as a `<meta>` tag, for frames whose
 * document comes from a string (`srcdoc`), where no HTTP header can carry it.
 *
 * A `<meta>` policy only governs what the parser meets after it, so it must come before any of the
 * view's own markup: a script or a WebSocket opened ahead of it would run unrestricted for the
 * rest of the view's life. It goes right after the leading doctype and comments, and before
 * anything else (`<html>`, `<head>`, text). The HTML parser then opens `<head>` for it and merges
 * a later `<html lang=…>` into the same element, so the document keeps its structure, and a
 * doctype that stays first keeps standards mode.
 *
 * The scan follows the HTML tokenizer's own rules for where a comment and a doctype end (the first
 * `-->` or `--!>`, the abrupt `<!-->` and `<!--->`, the first `>` of a doctype), so a crafted
 * prefix cannot make us place the tag inside a comment that the browser has already closed.
 * Anything it does not recognise stops the scan, and the tag goes before it.
 *
 * Right after the policy comes a one-line reporter: a view whose fetch or script the policy blocks
 * usually just shows a blank frame, and the host cannot see inside an opaque frame. The reporter
 * posts each `securitypolicyviolation` to the parent as `mcp-app-bridge/csp-violation`, which the
 * host bridge turns into a `warning` (a view can post it too; it is only ever a warning).
 */

/** The notification the injected reporter posts for each CSP violation in the view. */
export const CSP_VIOLATION = 'mcp-app-bridge/csp-violation'

// A function, not a constant: a module-level string built at load time is kept by bundlers even
// in hosts that never inject a policy (the minimal host imports `CSP_VIOLATION` only).
// The browser fires one event per policy that blocked something, and a view is under two to four
// copies of its policy (this `<meta>`, the frame's `csp` attribute, and behind the proxy its header
// and `<meta>`): a violation (directive and URL) just posted is not posted again for 99 ms. In a block, so
// `l` is no global that an app's own `let l` would collide with.
const reporter = () =>
  '<script>{let l;addEventListener("securitypolicyviolation",e=>{let d=e.effectiveDirective,b=e.blockedURI;d+b!=l&&(l=d+b,setTimeout(()=>l=0,99),' +
  `parent.postMessage({jsonrpc:"2.0",method:"${CSP_VIOLATION}",params:{directive:d,blockedURI:b}},"*"))})}</script>`

/** Escapes a value for a double-quoted attribute. */
function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
}

/**
 * Where the leading doctype, comments and whitespace end: the index to insert a tag at. Only what
 * the HTML parser itself skips before `<head>` counts as whitespace (tab, LF, FF, CR, space): any
 * other character, a no-break space or a byte-order mark included, is text that opens `<body>`,
 * and a CSP `<meta>` after it would sit in the body, where browsers ignore it.
 */
export function headInsertionPoint(html: string): number {
  // Each round: whitespace, then a comment (abrupt `<!-->` or `<!--->`, else up to the first `-->`
  // or `--!>`) or a doctype (up to its first `>`). An unterminated comment or doctype swallows the
  // whole document (nothing in it can run); anything else stops the scan before its whitespace.
  return /^(?:[\t\n\f\r ]*(?:<!--(?:-?>|[^]*?--!?>|[^]*)|<!doctype[^>]*>?))*/i.exec(html)![0].length
}

/**
 * Returns `html` with `<meta http-equiv="Content-Security-Policy" content="…">` as the first
 * element of its head, followed by the violation reporter (see the module comment for why they go
 * exactly there).
 */
export function injectCspMeta(html: string, policy: string): string {
  const at = headInsertionPoint(html)
  return `${html.slice(0, at)}<meta http-equiv="Content-Security-Policy" content="${attribute(policy)}">${reporter()}${html.slice(at)}`
}
