/**
 * Sender authentication: a frame on another origin, next to the view, posts view requests and
 * notifications to the host page. The host must ignore them: no effect, no server call, no
 * answer (to the attacker or to the view), no resize.
 */
import { ATTACKER_PATH, findAttacker } from '../../runtime/attacker.js'
import { RUNTIME_GLOBAL, type HostRuntimeApi } from '../../pages/contract.js'
import { brief, describeEvent, judged, notApplicable, notRun, type Verdict } from '../../verdict.js'
import { messageOf, type WireEvent } from '../../wire.js'
import type { HostRecord } from '../record.js'
import type { HostSession } from '../session.js'
import { KIT_TOOL } from '../../scripted-server.js'

const FORGED_PREFIX = 'conformance-forged-'

export const FORGED_VIEW_MESSAGES = [
  { jsonrpc: '2.0', id: `${FORGED_PREFIX}1`, method: 'ui/open-link', params: { url: 'https://example.com/forged' } },
  { jsonrpc: '2.0', id: `${FORGED_PREFIX}2`, method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'forged message' }] } },
  { jsonrpc: '2.0', id: `${FORGED_PREFIX}3`, method: 'tools/call', params: { name: KIT_TOOL.appOnly, arguments: {} } },
  { jsonrpc: '2.0', id: `${FORGED_PREFIX}4`, method: 'ping', params: {} },
  { jsonrpc: '2.0', id: `${FORGED_PREFIX}5`, method: 'ui/update-model-context', params: { content: [{ type: 'text', text: 'forged context' }] } },
  { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'error', data: 'forged log entry' } },
  { jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { width: 100, height: 777 } },
]

export interface OriginObservation {
  /** Why the probe could not run (the attacker frame did not load, the messages were not delivered). */
  skipped?: string
  delivered: number
  caused: string[]
  answers: string[]
  height: { before: number; after: number }
}

const isForged = (id: unknown) => typeof id === 'string' && id.startsWith(FORGED_PREFIX)

export async function probeOrigin(session: HostSession, attackerUrl: string): Promise<OriginObservation> {
  const runtimeBefore = session.channel.lastSeq('runtime')
  const viewBefore = session.channel.lastSeq('view')
  const height = { before: (await session.callView('measure')).height, after: 0 }
  await session.page.evaluate(([global, url]) => (window as unknown as Record<string, HostRuntimeApi>)[global]!.addFrame(url), [RUNTIME_GLOBAL, attackerUrl] as const)
  const attacker = await findAttacker(session.page, attackerUrl)
  const empty = { delivered: 0, caused: [], answers: [], height }
  if (!attacker) return { ...empty, skipped: 'the attacker frame did not load' }
  await attacker.evaluate((messages) => {
    for (const message of messages) window.parent.postMessage(message, '*')
  }, FORGED_VIEW_MESSAGES)
  const count = () => session.page.evaluate((global) => (window as unknown as Record<string, HostRuntimeApi>)[global]!.fromAddedFrames(), RUNTIME_GLOBAL)
  const deadline = Date.now() + 5_000
  let delivered = await count()
  while (delivered < FORGED_VIEW_MESSAGES.length && Date.now() < deadline) {
    await session.page.waitForTimeout(50)
    delivered = await count()
  }
  if (delivered < FORGED_VIEW_MESSAGES.length) return { ...empty, delivered, skipped: `only ${delivered} of ${FORGED_VIEW_MESSAGES.length} forged messages reached the host page` }
  await session.settle()
  await session.page.waitForTimeout(300)
  height.after = (await session.callView('measure')).height
  const inbox = (await attacker.evaluate(() => (window as unknown as { inbox: unknown[] }).inbox)) as unknown[]
  return {
    delivered,
    caused: [
      ...session.marks('effect', runtimeBefore).map((event) => `effect ${brief(event.data, 120)}`),
      ...session.marks('server-call', runtimeBefore).map((event) => `server call ${brief(event.data, 120)}`),
    ],
    answers: [
      ...session.received(viewBefore).filter((event: WireEvent) => isForged(messageOf(event).id)).map((event) => `the view got an answer to a forged request: ${describeEvent(event)}`),
      ...inbox.filter((message) => isForged((message as { id?: unknown })?.id)).map((message) => `the attacker got an answer: ${brief(message)}`),
    ],
    height,
  }
}

export function judgeOrigin(record: HostRecord): Verdict[] {
  const id = 'host-authenticates-sender'
  const observed = record.origin
  if (!observed) return [notRun(id, 'the origin probe')]
  if (observed.skipped) return [notApplicable(id, observed.skipped)]
  const problems = [...observed.caused.map((line) => `a forged message caused: ${line}`), ...observed.answers]
  if (observed.height.after === 777 && observed.height.before !== 777) problems.push('a forged size-changed resized the view to 777 px')
  return [judged(id, problems, [`${observed.delivered} forged messages from a frame of another origin reached the host page`, `view height ${observed.height.before} → ${observed.height.after} px`])]
}

/** The attacker page's URL on the sandbox origin. */
export const attackerUrl = (sandboxOrigin: string) => sandboxOrigin + ATTACKER_PATH
