/**
 * The shape of one requirement in the conformance catalogue.
 */

/** Who a requirement binds. The kit drives hosts and views; the rest is listed for completeness. */
export type Subject = 'host' | 'view' | 'server' | 'proxy'

/**
 * How strong the requirement is: the spec's keyword (RFC 2119: REQUIRED is MUST). A rule the
 * spec states without a keyword (a description such as "is sent at most once") is SHOULD, and so
 * is the project's reading of a rule the spec states less explicitly (it says so in `reading`).
 */
export type Level = 'MUST' | 'SHOULD'

/** The groups the drivers run; a run can be limited to some of them. */
export type Category =
  | 'handshake'
  | 'ordering'
  | 'tool-data'
  | 'context'
  | 'visibility'
  | 'capabilities'
  | 'actions'
  | 'display-mode'
  | 'size'
  | 'teardown'
  | 'rpc'
  | 'sandbox'
  | 'origin'

export const CATEGORIES: readonly Category[] = [
  'handshake',
  'ordering',
  'tool-data',
  'context',
  'visibility',
  'capabilities',
  'actions',
  'display-mode',
  'size',
  'teardown',
  'rpc',
  'sandbox',
  'origin',
]

export interface Requirement {
  /** Stable id, `<subject>-<rule>`: what reports, adapters and tests refer to. */
  id: string
  subject: Subject
  level: Level
  /** The rule in our own words. */
  text: string
  /** Where it comes from: a heading of the spec (2026-01-26), or the base protocol it inherits. */
  section: string
  /** Items of the project's checklist (PROTOCOL.md section 8) this requirement covers. */
  items: number[]
  /**
   * The spec's sentence the level rests on, verbatim (the MCP base protocol's or JSON-RPC 2.0's for
   * the rules hosts and views inherit). Every MUST has one, and it holds the keyword
   * (MUST, MUST NOT, REQUIRED, SHALL) unless `keywordNote` says why not; a SHOULD quotes the
   * sentence it was lowered from.
   */
  quote?: string
  /** Why a MUST's `quote` holds no keyword (a base-protocol rule whose keyword sits in another sentence). */
  keywordNote?: string
  /** Set when the rule is the project's reading (PROTOCOL.md section A) of something the spec leaves open. */
  reading?: string
  /**
   * Set when the rule binds only some implementations, on a condition the kit cannot observe
   * (for example "web hosts only"): the condition. Only such a requirement may be declared not
   * applicable whatever the kit observed; every other one binds every implementation, and a
   * declaration cannot hide its failure.
   */
  appliesTo?: string
  /** The driver group that judges it; absent when the kit does not check it. */
  category?: Category
  /** Why the kit does not check it (only for requirements without `category`). */
  unchecked?: string
}
