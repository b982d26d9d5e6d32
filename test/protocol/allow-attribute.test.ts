import { describe, expect, test } from 'vitest'
import { buildAllowAttribute } from '../../src/protocol/csp.js'

describe('buildAllowAttribute: the iframe permissions policy', () => {
  test('no permissions: empty', () => {
    expect(buildAllowAttribute()).toBe('')
    expect(buildAllowAttribute(null)).toBe('')
    expect(buildAllowAttribute({})).toBe('')
  })

  test('each spec feature maps to its policy name, joined with "; "', () => {
    expect(buildAllowAttribute({ camera: {}, microphone: {}, geolocation: {}, clipboardWrite: {} })).toBe(
      'camera; microphone; geolocation; clipboard-write',
    )
  })

  test('the order is fixed, whatever the declaration order', () => {
    expect(buildAllowAttribute({ clipboardWrite: {}, camera: {} })).toBe('camera; clipboard-write')
  })

  test('a feature counts only when requested with an object (the spec form)', () => {
    expect(buildAllowAttribute({ camera: true as never, microphone: 'yes' as never, geolocation: null as never, clipboardWrite: {} })).toBe(
      'clipboard-write',
    )
  })

  test('unknown features and injection attempts are ignored', () => {
    expect(buildAllowAttribute({ usb: {}, 'camera *; usb': {}, payment: {} } as never)).toBe('')
  })

  test('a non-object never throws', () => {
    expect(buildAllowAttribute('camera' as never)).toBe('')
    expect(buildAllowAttribute(7 as never)).toBe('')
  })
})
