/**
 * `mcp-app-bridge/conformance`: test any MCP Apps host or view against the spec (2026-01-26 with
 * the ext-apps 2.0.4 additions) in headless Chromium, and get a verdict per requirement.
 *
 * - {@link runHostConformance}: loads the kit's scripted view into a host through a small adapter
 *   module (see {@link HostAdapter}) and judges what the host sends and how it answers.
 * - {@link runViewConformance}: loads a view into the kit's scripted host and judges its side;
 *   a view that exposes a {@link ViewProbe} gets the checks that need it to act.
 * - {@link REQUIREMENTS}: the catalogue; {@link formatTable}, {@link toMarkdown} and
 *   {@link writeReports} turn a {@link ConformanceReport} into text and files.
 *
 * Runtime needs: playwright-core (and a Chromium), and esbuild for host runs. Both are optional
 * peer dependencies of this entry only; the bridges never load them.
 */
export { runHostConformance, runViewConformance, type HostConformanceOptions, type ViewConformanceOptions } from './run.js'
export { startConformanceEnvironment, type ConformanceEnvironment, type EnvironmentOptions } from './runtime/environment.js'
export { REQUIREMENTS, CATEGORIES, SECTION, requirement, checkedRequirements, type Requirement, type Category, type Level, type Subject } from './requirements/index.js'
export type { ConformanceReport, ReportEntry, Declaration } from './report/report.js'
export { formatTable } from './report/table.js'
export { toMarkdown } from './report/markdown.js'
export { writeReports, type WrittenReports } from './report/write.js'
export type { Status, Verdict } from './verdict.js'
export type { HostAdapter, HostMountOptions, MountedHost, HostEffects, HostEffectKind, ConformanceServer } from './adapter.js'
export type { ViewProbe, ViewProbeAction } from './probe.js'
export { KIT_TOOL, KIT_TOOLS } from './scripted-server.js'
