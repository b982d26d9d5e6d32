/**
 * The conformance catalogue: every requirement of MCP Apps (spec 2026-01-26 with the ext-apps
 * 2.0.4 additions) that PROTOCOL.md section 8 lists, plus the base-protocol rules hosts and views
 * inherit, each with an id, its level, our wording, and the section it comes from.
 */
import { HOST_REQUIREMENTS } from './host.js'
import { UNCHECKED_REQUIREMENTS } from './unchecked.js'
import { VIEW_REQUIREMENTS } from './view.js'
import type { Requirement } from './types.js'

export * from './types.js'
export { SECTION } from './sections.js'

/** Every requirement: the ones the host driver checks, the ones the view driver checks, the rest. */
export const REQUIREMENTS: readonly Requirement[] = [...HOST_REQUIREMENTS, ...VIEW_REQUIREMENTS, ...UNCHECKED_REQUIREMENTS]

const BY_ID = new Map(REQUIREMENTS.map((requirement) => [requirement.id, requirement]))

/** The requirement with this id; throws for an unknown id (a typo in a check or an adapter). */
export function requirement(id: string): Requirement {
  const found = BY_ID.get(id)
  if (!found) throw new Error(`No conformance requirement ${id}`)
  return found
}

/** The requirements a driver judges for `subject`, in catalogue order. */
export function checkedRequirements(subject: 'host' | 'view'): Requirement[] {
  return REQUIREMENTS.filter((entry) => entry.subject === subject && entry.category !== undefined)
}
