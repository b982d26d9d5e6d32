import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Window } from 'happy-dom'
import { applyDocumentTheme, applyHostFonts, applyHostStyles, applyHostStyleVariables } from '../../src/view/index.js'
import type { McpUiHostContext } from '../../src/protocol/index.js'
import { createFakeHost, createView, flush, type FakeHost } from './fake-host.js'

let window: Window
let document: Document
let html: HTMLElement
beforeEach(() => {
  window = new Window({ url: 'https://view.example/' })
  document = window.document as unknown as Document
  html = document.documentElement
})
afterEach(() => {
  window.happyDOM.abort()
  window.close()
})

const fontStyles = () => [...document.querySelectorAll('style')]

describe('applyDocumentTheme', () => {
  it('sets data-theme and color-scheme, and removes both for no theme', () => {
    applyDocumentTheme('dark', html)
    expect(html.getAttribute('data-theme')).toBe('dark')
    expect(html.style.colorScheme).toBe('dark')
    applyDocumentTheme('light', html)
    expect(html.getAttribute('data-theme')).toBe('light')
    expect(html.style.colorScheme).toBe('light')
    applyDocumentTheme(undefined, html)
    expect(html.hasAttribute('data-theme')).toBe(false)
    expect(html.style.colorScheme).toBe('')
  })

  it('treats an unknown theme as none', () => {
    applyDocumentTheme('dark', html)
    applyDocumentTheme('sepia' as never, html)
    expect(html.hasAttribute('data-theme')).toBe(false)
  })
})

describe('applyHostStyleVariables', () => {
  it('sets custom properties and removes the ones that disappear', () => {
    applyHostStyleVariables({ '--color-text-primary': 'light-dark(#111, #eee)', '--font-sans': 'Inter, sans-serif' }, html)
    expect(html.style.getPropertyValue('--color-text-primary')).toBe('light-dark(#111, #eee)')
    expect(html.style.getPropertyValue('--font-sans')).toBe('Inter, sans-serif')
    applyHostStyleVariables({ '--font-sans': 'Roboto' }, html)
    expect(html.style.getPropertyValue('--color-text-primary')).toBe('')
    expect(html.style.getPropertyValue('--font-sans')).toBe('Roboto')
    applyHostStyleVariables(undefined, html)
    expect(html.style.getPropertyValue('--font-sans')).toBe('')
  })

  it('leaves custom properties it did not set alone', () => {
    html.style.setProperty('--app-own', 'red')
    applyHostStyleVariables({ '--font-mono': 'Menlo' }, html)
    applyHostStyleVariables({}, html)
    expect(html.style.getPropertyValue('--app-own')).toBe('red')
  })

  it('applies only custom properties with string values', () => {
    applyHostStyleVariables({ color: 'red', '--ok': 'blue', '--number': 3, '--nested': { a: 1 } } as never, html)
    expect(html.style.getPropertyValue('color')).toBe('')
    expect(html.style.getPropertyValue('--ok')).toBe('blue')
    expect(html.style.getPropertyValue('--number')).toBe('')
  })

  it('refuses values and names that could end the declaration and start another', () => {
    applyHostStyleVariables({ '--a': 'red; background: url(https://evil.example/x)', '--b: x; color': 'red', '--c': 'x}body{display:none' } as never, html)
    expect(html.getAttribute('style') ?? '').not.toMatch(/background|color|display/)
  })
})

describe('applyHostFonts', () => {
  it('keeps one style element, replaced on change and removed when fonts disappear', () => {
    applyHostFonts('@font-face { font-family: A; src: url(a.woff2) }', document)
    expect(fontStyles().map((s) => s.textContent)).toEqual(['@font-face { font-family: A; src: url(a.woff2) }'])
    applyHostFonts('@import url(https://fonts.example/b.css);', document)
    expect(fontStyles().map((s) => s.textContent)).toEqual(['@import url(https://fonts.example/b.css);'])
    applyHostFonts(undefined, document)
    expect(fontStyles()).toEqual([])
    applyHostFonts('@font-face { font-family: C }', document)
    expect(fontStyles()).toHaveLength(1)
  })

  it('removes the style element for empty font CSS', () => {
    applyHostFonts('@font-face { font-family: A }', document)
    applyHostFonts('', document)
    expect(fontStyles()).toEqual([])
  })

  it('leaves the style element untouched when the fonts did not change (no re-parse, no DOM mutation)', () => {
    applyHostFonts('@font-face { font-family: A }', document)
    const text = fontStyles()[0]!.firstChild
    applyHostFonts('@font-face { font-family: A }', document)
    expect(fontStyles()[0]!.firstChild).toBe(text)
  })

  it('sets the CSS as text, so markup in it stays text', () => {
    applyHostFonts('</style><script>alert(1)</script>', document)
    expect(document.querySelectorAll('script')).toHaveLength(0)
    expect(fontStyles()[0]!.parentNode).toBe(document.head)
  })
})

describe('applyHostStyles', () => {
  let host: FakeHost
  afterEach(() => host?.pair.close())

  const context: McpUiHostContext = {
    theme: 'dark',
    styles: { variables: { '--color-background-primary': '#000' }, css: { fonts: '@font-face { font-family: Host }' } },
  }

  it('applies the context at the handshake and follows every change, when started before connect()', async () => {
    host = createFakeHost({ hostContext: context })
    const view = createView(host)
    applyHostStyles(view, html)
    expect(html.hasAttribute('data-theme')).toBe(false)
    await view.connect()
    expect(html.getAttribute('data-theme')).toBe('dark')
    expect(html.style.getPropertyValue('--color-background-primary')).toBe('#000')
    expect(fontStyles().map((s) => s.textContent)).toEqual(['@font-face { font-family: Host }'])
    host.notify('ui/notifications/host-context-changed', { theme: 'light', styles: { variables: { '--color-text-primary': '#222' } } })
    await flush(host.pair)
    expect(html.getAttribute('data-theme')).toBe('light')
    expect(html.style.getPropertyValue('--color-background-primary')).toBe('')
    expect(html.style.getPropertyValue('--color-text-primary')).toBe('#222')
    expect(fontStyles()).toEqual([])
  })

  it('applies the current context at once when started after connect(), and undoes everything', async () => {
    host = createFakeHost({ hostContext: context })
    const view = createView(host)
    await view.connect()
    const undo = applyHostStyles(view, html)
    expect(html.getAttribute('data-theme')).toBe('dark')
    expect(fontStyles()).toHaveLength(1)
    undo()
    expect(html.hasAttribute('data-theme')).toBe(false)
    expect(html.style.getPropertyValue('--color-background-primary')).toBe('')
    expect(fontStyles()).toEqual([])
    host.notify('ui/notifications/host-context-changed', { theme: 'light' })
    await flush(host.pair)
    expect(html.hasAttribute('data-theme')).toBe(false)
  })

  it('removes what calls share only when the last of them is undone: a document\'s fonts, a root\'s theme and variables', async () => {
    // One call per component: the page, a dialog in a portal on its own root, and the page's root followed twice.
    host = createFakeHost({ hostContext: context })
    const view = createView(host)
    await view.connect()
    const dialog = document.createElement('div')
    document.body.append(dialog)
    const undoPage = applyHostStyles(view, html)
    const undoDialog = applyHostStyles(view, dialog)
    const undoPageAgain = applyHostStyles(view, html)
    expect(fontStyles()).toHaveLength(1)
    undoDialog()
    undoDialog() // twice: counts once
    expect(dialog.hasAttribute('data-theme')).toBe(false)
    expect(dialog.style.getPropertyValue('--color-background-primary')).toBe('')
    expect(fontStyles()).toHaveLength(1)
    undoPage()
    undoPage()
    expect(html.getAttribute('data-theme')).toBe('dark')
    expect(html.style.getPropertyValue('--color-background-primary')).toBe('#000')
    expect(fontStyles()).toHaveLength(1)
    // The one still following keeps following.
    host.notify('ui/notifications/host-context-changed', { theme: 'light' })
    await flush(host.pair)
    expect(html.getAttribute('data-theme')).toBe('light')
    undoPageAgain()
    expect(html.hasAttribute('data-theme')).toBe(false)
    expect(html.style.getPropertyValue('--color-background-primary')).toBe('')
    expect(fontStyles()).toEqual([])
  })

  it('stays undone when undone by an earlier listener of the very change it would apply', async () => {
    host = createFakeHost({ hostContext: context })
    const view = createView(host)
    await view.connect()
    let undo = () => {}
    view.on('hostcontextchanged', () => undo()) // the app takes over theming on the next change
    undo = applyHostStyles(view, html)
    host.notify('ui/notifications/host-context-changed', { theme: 'light', styles: { variables: { '--color-text-primary': '#222' } } })
    await flush(host.pair)
    expect(html.hasAttribute('data-theme')).toBe(false)
    expect(html.style.getPropertyValue('--color-text-primary')).toBe('')
  })

  it('does not re-apply the styles on a change that is not about them', async () => {
    host = createFakeHost({ hostContext: context })
    const view = createView(host)
    applyHostStyles(view, html)
    await view.connect()
    // The app overrides one host variable and drops the host's fonts on its own.
    html.style.setProperty('--color-background-primary', '#123')
    fontStyles()[0]!.remove()
    host.notify('ui/notifications/host-context-changed', { locale: 'de' })
    await flush(host.pair)
    expect(html.style.getPropertyValue('--color-background-primary')).toBe('#123')
    expect(fontStyles()).toEqual([])
  })

  it('leaves an app theme alone when the host sends none, and touches nothing for unrelated changes', async () => {
    host = createFakeHost({ hostContext: { locale: 'en' } })
    const view = createView(host)
    html.setAttribute('data-theme', 'app-default')
    applyHostStyles(view, html)
    await view.connect()
    host.notify('ui/notifications/host-context-changed', { locale: 'de' })
    await flush(host.pair)
    expect(html.getAttribute('data-theme')).toBe('app-default')
  })
})
