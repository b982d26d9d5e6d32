/**
 * Sender authentication: frames next to the view post view requests and notifications to the
 * host page, and the host must ignore them: no effect, no server call, no answer (to the attacker
 * or to the view), no resize. Two attackers, one after the other: a page of another origin (the
 * sandbox origin, a proxy's), and an opaque sandboxed srcdoc frame, whose origin ("null") is an
 * opaque view's, so a host that checks the origin and not the source is caught.
 */
import { ATTACKER_HTML, ATTACKER_PATH, findAttacker } from '../../runtime/attacker.js'
import { RUNTIME_GLOBAL, type AddedFrame, type HostRuntimeApi } from '../../pages/contract.js'
import { brief, describeEvent, judged, notApplicable, notRun, type Verdict } from '../../verdict.js'
import { messageOf, type WireEvent } from '../../wire.js'
import type { HostRecord } from '../record.js'
import type { HostSession } from '../session.js'
import { KIT_TOOL } from '../../scripted-server.js'

const FORGED_PREFIX = 'conformance-forged-'

/** What an attacker posts; `height` tells whose forged size-changed took effect. */
export function forgedViewMessages(tag: string, height: number): unknown[] {
  const id = (n: number) => `${FORGED_PREFIX}${tag}-${n}`
  return [
    { jsonrpc: '2.0', id: id(1), method: 'ui/open-link', params: { url: 'https://example.com/forged' } },
    { jsonrpc: '2.0', id: id(2), method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'forged message' }] } },
    { jsonrpc: '2.0', id: id(3), method: 'tools/call', params: { name: KIT_TOOL.appOnly, arguments: {} } },
    { jsonrpc: '2.0', id: id(4), method: 'ping', params: {} },
    { jsonrpc: '2.0', id: id(5), method: 'ui/update-model-context', params: { content: [{ type: 'text', text: 'forged context' }] } },
    { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'error', data: 'forged log entry' } },
    { jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { width: 100, height } },
  ]
}

interface Attacker {
  /** How evidence names it. */
  label: string
  frame: AddedFrame
  forgedHeight: number
}

const attackers = (sandboxOrigin: string): Attacker[] => [
  { label: `a frame of another origin (${sandboxOrigin})`, frame: { name: 'conformance-attacker-origin', url: sandboxOrigin + ATTACKER_PATH }, forgedHeight: 777 },
  { label: 'an opaque sandboxed frame (origin "null", as an opaque view\'s)', frame: { name: 'conformance-attacker-opaque', srcdoc: ATTACKER_HTML, sandbox: 'allow-scripts' }, forgedHeight: 778 },
]

export interface AttackerObservation {
  label: string
  /** Why this attacker could not run (its frame did not load, its messages were not delivered). */
  skipped?: string
  delivered: number
  caused: string[]
  answers: string[]
  forgedHeight: number
  height: { before: number; after: number }
}

export interface OriginObservation {
  attackers: AttackerObservation[]
}

const isForged = (id: unknown) => typeof id === 'string' && id.startsWith(FORGED_PREFIX)

export async function probeOrigin(session: HostSession, sandboxOrigin: string): Promise<OriginObservation> {
  const observed: AttackerObservation[] = []
  for (const attacker of attackers(sandboxOrigin)) observed.push(await runAttacker(session, attacker))
  return { attackers: observed }
}

async function runAttacker(session: HostSession, { label, frame, forgedHeight }: Attacker): Promise<AttackerObservation> {
  const count = () => session.page.evaluate((global) => (window as unknown as Record<string, HostRuntimeApi>)[global]!.fromAddedFrames(), RUNTIME_GLOBAL)
  const runtimeBefore = session.channel.lastSeq('runtime')
  const viewBefore = session.channel.lastSeq('view')
  const height = { before: (await session.callView('measure')).height, after: 0 }
  const empty = { label, delivered: 0, caused: [], answers: [], forgedHeight, height }
  const countBefore = await count()
  await session.page.evaluate(([global, added]) => (window as unknown as Record<string, HostRuntimeApi>)[global]!.addFrame(added), [RUNTIME_GLOBAL, frame] as const)
  const found = await findAttacker(session.page, (candidate) => candidate.name() === frame.name)
  if (!found) return { ...empty, skipped: `${label} did not load` }
  const messages = forgedViewMessages(frame.name, forgedHeight)
  await found.evaluate((forged) => {
    for (const message of forged) window.parent.postMessage(message, '*')
  }, messages)
  const deadline = Date.now() + 5_000
  let delivered = (await count()) - countBefore
  while (delivered < messages.length && Date.now() < deadline) {
    await session.page.waitForTimeout(50)
    delivered = (await count()) - countBefore
  }
  if (delivered < messages.length) return { ...empty, delivered, skipped: `only ${delivered} of ${messages.length} messages forged by ${label} reached the host page` }
  await session.settle()
  await session.page.waitForTimeout(300)
  height.after = (await session.callView('measure')).height
  const inbox = (await found.evaluate(() => (window as unknown as { inbox: unknown[] }).inbox)) as unknown[]
  return {
    label,
    delivered,
    forgedHeight,
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
  const ran = observed.attackers.filter((attacker) => !attacker.skipped)
  if (!ran.length) return [notApplicable(id, observed.attackers.map((attacker) => attacker.skipped).join('; '))]
  const problems: string[] = []
  const evidence: string[] = []
  for (const attacker of observed.attackers) {
    if (attacker.skipped) {
      evidence.push(`not tried: ${attacker.skipped}`)
      continue
    }
    problems.push(...attacker.caused.map((line) => `a message forged by ${attacker.label} caused: ${line}`), ...attacker.answers.map((line) => `${line} (forged by ${attacker.label})`))
    const { before, after } = attacker.height
    if (after === attacker.forgedHeight && before !== attacker.forgedHeight) problems.push(`a size-changed forged by ${attacker.label} resized the view to ${after} px`)
    evidence.push(`${attacker.delivered} forged messages from ${attacker.label} reached the host page; view height ${before} → ${after} px`)
  }
  return [judged(id, problems, evidence)]
}
