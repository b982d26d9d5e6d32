/**
 * Protocol version negotiation (PROTOCOL.md A.4). The host echoes a version it supports, else
 * answers its latest; the view accepts any answer but reports one it does not know.
 */
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from './methods.js'

/** True when this library speaks `version`. */
export function isSupportedVersion(version: unknown): boolean {
  return (SUPPORTED_PROTOCOL_VERSIONS as readonly unknown[]).includes(version)
}

/** The version a host answers to a view that asked for `requested`. */
export function negotiateVersion(requested: unknown, supported: readonly string[] = SUPPORTED_PROTOCOL_VERSIONS): string {
  return supported.includes(requested as string) ? (requested as string) : (supported[0] ?? LATEST_PROTOCOL_VERSION)
}
