import { describe, expect, test } from 'vitest'
import { isSupportedVersion, negotiateVersion } from '../../src/protocol/version.js'
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '../../src/protocol/methods.js'

describe('protocol version (A.4)', () => {
  test('the library speaks 2026-01-26', () => {
    expect(LATEST_PROTOCOL_VERSION).toBe('2026-01-26')
    expect(SUPPORTED_PROTOCOL_VERSIONS).toEqual(['2026-01-26'])
  })

  test('isSupportedVersion knows only supported strings', () => {
    expect(isSupportedVersion('2026-01-26')).toBe(true)
    for (const other of ['2025-06-18', '2026-01-27', '', ' 2026-01-26', undefined, null, 20260126, ['2026-01-26']]) {
      expect(isSupportedVersion(other)).toBe(false)
    }
  })

  test('the host echoes a supported requested version', () => {
    expect(negotiateVersion('2026-01-26')).toBe('2026-01-26')
  })

  test('the host answers its latest version to anything else', () => {
    for (const requested of ['2025-06-18', '2099-01-01', '', undefined, null, 42, {}]) {
      expect(negotiateVersion(requested)).toBe('2026-01-26')
    }
  })

  test('with several supported versions, a supported older one is echoed and an unknown one gets the first (latest)', () => {
    const supported = ['2027-01-01', '2026-01-26']
    expect(negotiateVersion('2026-01-26', supported)).toBe('2026-01-26')
    expect(negotiateVersion('2025-06-18', supported)).toBe('2027-01-01')
  })

  test('an empty supported list still answers a version', () => {
    expect(negotiateVersion('2025-06-18', [])).toBe(LATEST_PROTOCOL_VERSION)
  })
})
