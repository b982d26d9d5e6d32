/**
 * Host context: changes carry only what changed (a no-op sends nothing), and every context the
 * view sees is well formed (safe-area insets complete, one of fixed/max per axis).
 */
import { HOST_CONTEXT_CHANGED, type McpUiHostContext } from '../../../protocol/index.js'
import { brief, describeEvent, judged, notApplicable, notRun, type Verdict } from '../../verdict.js'
import { methodOf, paramsOf, resultOf, type WireEvent } from '../../wire.js'
import type { HostRecord } from '../record.js'
import type { HostSession } from '../session.js'

export interface ContextObservation {
  /** What arrived after a change that changed nothing. */
  afterNoOp: WireEvent[]
  /** The field the no-op set to its current value (none when the initial context has no plain field). */
  noOpField?: string
  /** What arrived after the locale changed. */
  afterChange: WireEvent[]
  changedTo: string
}

const CHANGED_LOCALE = 'fr-FR'

const contextChanges = (session: HostSession, afterSeq: number) => session.received(afterSeq).filter((event) => methodOf(event) === HOST_CONTEXT_CHANGED)

/** The context the view knows: the initialize result's, updated by every change received. */
function knownContext(session: HostSession, initial: McpUiHostContext): Record<string, unknown> {
  return Object.assign({}, initial, ...contextChanges(session, 0).map(paramsOf)) as Record<string, unknown>
}

/** A field of the view's context with a plain value (the locale when there is one): setting it to that value changes nothing. */
function noOpField(context: Record<string, unknown>): string | undefined {
  const plain = Object.keys(context).filter((key) => ['string', 'number', 'boolean'].includes(typeof context[key]))
  return plain.includes('locale') ? 'locale' : plain[0]
}

export async function probeContext(session: HostSession, initial: McpUiHostContext): Promise<ContextObservation> {
  const beforeNoOp = session.channel.lastSeq('view')
  // Only a field the context has, at its current value: a locale the host's own context lacks would be a change.
  const context = knownContext(session, initial)
  const field = noOpField(context)
  if (field !== undefined) {
    await session.hook('setHostContext', { [field]: context[field] })
    await session.settle()
  }
  const afterNoOp = field === undefined ? [] : contextChanges(session, beforeNoOp)
  const beforeChange = session.channel.lastSeq('view')
  await session.hook('setHostContext', { locale: CHANGED_LOCALE })
  await session.channel.waitFor((event) => event.source === 'view' && event.seq > beforeChange && methodOf(event) === HOST_CONTEXT_CHANGED, 3_000)
  await session.settle()
  return { afterNoOp, noOpField: field, afterChange: contextChanges(session, beforeChange), changedTo: CHANGED_LOCALE }
}

export function judgeContext(record: HostRecord): Verdict[] {
  return [judgeChangesOnly(record.context), judgeWellFormed(record)]
}

function judgeChangesOnly(observed: ContextObservation | undefined): Verdict {
  const id = 'host-context-changes-only'
  if (!observed) return notRun(id, 'the context probe')
  const problems = observed.afterNoOp.map((event) => `setHostContext with the current ${observed.noOpField} (no change) still sent ${describeEvent(event)}`)
  if (!observed.afterChange.length && !problems.length) {
    return notApplicable(id, `the host sent no host-context-changed when the locale became ${observed.changedTo} (sending one is a MAY)`)
  }
  for (const event of observed.afterChange) {
    const extra = Object.keys(paramsOf(event)).filter((key) => key !== 'locale' && key !== '_meta')
    if (extra.length) problems.push(`only locale changed, but the notification also carried ${extra.join(', ')}: ${describeEvent(event)}`)
  }
  return judged(id, problems, [
    observed.noOpField === undefined ? 'no-op update: not tried (the initial context has no plain field)' : `no-op update (${observed.noOpField}): ${observed.afterNoOp.length} notification(s)`,
    `locale → ${observed.changedTo}: ${observed.afterChange.map(describeEvent).join('; ') || 'nothing'}`,
  ])
}

function judgeWellFormed(record: HostRecord): Verdict {
  const contexts: Array<{ where: string; context: Record<string, unknown> }> = []
  for (const session of [record.main, record.minimal]) {
    if (!session) continue
    const initial = resultOf(session.initializeResponse)?.hostContext
    if (typeof initial === 'object' && initial !== null) contexts.push({ where: `${session.name} initialize result`, context: initial as Record<string, unknown> })
    for (const event of session.view.filter((e) => e.kind === 'in' && e.trusted && methodOf(e) === HOST_CONTEXT_CHANGED)) {
      contexts.push({ where: `${session.name} #${event.seq} host-context-changed`, context: paramsOf(event) })
    }
  }
  const problems = contexts.flatMap(({ where, context }) => contextProblems(context).map((problem) => `${where}: ${problem}`))
  return judged('host-context-well-formed', problems, [`${contexts.length} context(s) checked`])
}

const isNumber = (value: unknown) => typeof value === 'number' && Number.isFinite(value)

/** What is wrong with one host context (or partial change), per the spec's types. */
export function contextProblems(context: Record<string, unknown>): string[] {
  const problems: string[] = []
  if ('safeAreaInsets' in context && context.safeAreaInsets !== undefined) {
    const insets = context.safeAreaInsets as Record<string, unknown> | null
    const missing = ['top', 'right', 'bottom', 'left'].filter((side) => !isNumber(insets?.[side]))
    if (missing.length) problems.push(`safeAreaInsets ${brief(insets)} lacks numeric ${missing.join(', ')}`)
  }
  if ('containerDimensions' in context && context.containerDimensions !== undefined) {
    const dims = context.containerDimensions as Record<string, unknown> | null
    if (typeof dims !== 'object' || dims === null) problems.push(`containerDimensions is ${brief(dims)}`)
    else {
      if ('height' in dims && 'maxHeight' in dims) problems.push(`containerDimensions has both height and maxHeight: ${brief(dims)}`)
      if ('width' in dims && 'maxWidth' in dims) problems.push(`containerDimensions has both width and maxWidth: ${brief(dims)}`)
      for (const key of ['height', 'maxHeight', 'width', 'maxWidth']) if (key in dims && !isNumber(dims[key])) problems.push(`containerDimensions.${key} is ${brief(dims[key])}`)
    }
  }
  return problems
}
