/**
 * A form for a tool's arguments, generated from its JSON Schema `inputSchema`: a select for an
 * enum, a checkbox for a boolean, a number or date field, a text field, and a JSON box for
 * anything nested. Defaults from the schema are filled in, so every tool can be called at once.
 */
import type { JsonSchemaObject } from 'mcp-app-bridge/host'
import { h } from './dom.js'

interface PropertySchema {
  type?: string | string[]
  enum?: unknown[]
  default?: unknown
  description?: string
  minimum?: number
  maximum?: number
  format?: string
  pattern?: string
  maxLength?: number
}

export interface ArgumentForm {
  element: HTMLElement
  /** The arguments as typed; throws an `Error` naming the field when one is invalid. */
  read(): Record<string, unknown>
}

type Reader = () => { value?: unknown; error?: string }

export function argumentForm(schema: JsonSchemaObject | undefined, idPrefix: string): ArgumentForm {
  const properties = (schema?.properties ?? {}) as Record<string, PropertySchema>
  const required = new Set(Array.isArray(schema?.required) ? (schema.required as string[]) : [])
  const readers = new Map<string, Reader>()
  const fields = Object.entries(properties).map(([name, property]) => {
    const id = `${idPrefix}-${name}`
    const { input, read } = control(property, id, required.has(name))
    readers.set(name, read)
    return h(
      'label',
      { class: input instanceof HTMLInputElement && input.type === 'checkbox' ? 'field checkbox' : 'field', htmlFor: id },
      h('span', { class: 'field-label' }, name, required.has(name) ? h('span', { class: 'required', textContent: ' *', title: 'Required' }) : ''),
      input,
      property.description ? h('span', { class: 'field-hint', textContent: property.description }) : '',
    )
  })
  const element = h('div', { class: 'argument-form' }, ...(fields.length ? fields : [h('p', { class: 'field-hint', textContent: 'No arguments.' })]))
  return {
    element,
    read() {
      const args: Record<string, unknown> = {}
      for (const [name, read] of readers) {
        const { value, error } = read()
        if (error) throw new Error(`${name}: ${error}`)
        if (value !== undefined) args[name] = value
        else if (required.has(name)) throw new Error(`${name} is required`)
      }
      return args
    },
  }
}

function control(property: PropertySchema, id: string, isRequired: boolean): { input: HTMLElement; read: Reader } {
  const type = Array.isArray(property.type) ? property.type.find((t) => t !== 'null') : property.type
  if (Array.isArray(property.enum)) {
    const select = h('select', { id })
    if (!isRequired && property.default === undefined) select.add(new Option('—', ''))
    for (const option of property.enum) select.add(new Option(String(option), JSON.stringify(option)))
    if (property.default !== undefined) select.value = JSON.stringify(property.default)
    return { input: select, read: () => ({ value: select.value ? JSON.parse(select.value) : undefined }) }
  }
  if (type === 'boolean') {
    const input = h('input', { id, type: 'checkbox', checked: property.default === true })
    return { input, read: () => ({ value: input.checked }) }
  }
  if (type === 'integer' || type === 'number') {
    const input = h('input', { id, type: 'number', step: type === 'integer' ? '1' : 'any' })
    if (property.minimum !== undefined) input.min = String(property.minimum)
    if (property.maximum !== undefined) input.max = String(property.maximum)
    if (typeof property.default === 'number') input.value = String(property.default)
    return {
      input,
      read: () => {
        if (input.value === '') return {}
        const value = Number(input.value)
        if (!Number.isFinite(value) || (type === 'integer' && !Number.isInteger(value))) return { error: `expected ${type === 'integer' ? 'a whole number' : 'a number'}` }
        return { value }
      },
    }
  }
  if (type === 'string') {
    const isDate = property.format === 'date' || property.pattern === '^\\d{4}-\\d{2}-\\d{2}$'
    const input = h('input', { id, type: isDate ? 'date' : 'text' })
    if (property.maxLength !== undefined) input.maxLength = property.maxLength
    if (typeof property.default === 'string') input.value = property.default
    return { input, read: () => ({ value: input.value === '' ? undefined : input.value }) }
  }
  const textarea = h('textarea', { id, rows: 2, placeholder: 'JSON', spellcheck: false })
  if (property.default !== undefined) textarea.value = JSON.stringify(property.default)
  return {
    input: textarea,
    read: () => {
      if (!textarea.value.trim()) return {}
      try {
        return { value: JSON.parse(textarea.value) }
      } catch {
        return { error: 'not valid JSON' }
      }
    },
  }
}
