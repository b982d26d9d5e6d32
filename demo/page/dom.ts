/** A small element builder: the page is plain DOM, no framework. */

type Child = Node | string | false | null | undefined
type Props = {
  class?: string
  dataset?: Record<string, string>
  attrs?: Record<string, string>
  on?: Partial<Record<keyof HTMLElementEventMap, (event: Event) => void>>
} & Record<string, unknown>

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  const { class: className, dataset, attrs, on, ...rest } = props
  if (className) element.className = className
  if (dataset) Object.assign(element.dataset, dataset)
  for (const [name, value] of Object.entries(attrs ?? {})) element.setAttribute(name, value)
  for (const [type, listener] of Object.entries(on ?? {})) element.addEventListener(type, listener as EventListener)
  Object.assign(element, rest)
  for (const child of children) if (child !== false && child != null) element.append(child)
  return element
}

/** `HH:MM:SS` in the user's locale, for transcript and log stamps. */
export function clockTime(date = new Date(), locale?: string): string {
  return date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' })
}

/** Pretty JSON where very long strings (a whole HTML resource, base64 data) are shortened. */
export function previewJson(value: unknown, maxString = 600): string {
  return JSON.stringify(
    value,
    (_key, item) => (typeof item === 'string' && item.length > maxString ? `${item.slice(0, maxString)}… (${item.length} characters)` : item),
    2,
  )
}
