/**
 * Capability gating on the view's side: in the minimal session the host advertises nothing, and
 * the view is asked (through its probe) to use every gated feature. It must not send any of them.
 */
import { DOWNLOAD_FILE, LOGGING_MESSAGE, MESSAGE, OPEN_LINK, RESOURCES_READ, SAMPLING_CREATE_MESSAGE, TOOLS_CALL, UPDATE_MODEL_CONTEXT } from '../../../protocol/index.js'
import type { ViewProbeAction } from '../../probe.js'
import { brief, describeEvent, judged, notApplicable, notRun, type Verdict } from '../../verdict.js'
import { methodOf } from '../../wire.js'
import type { ProbedAction, ViewRecord } from '../record.js'
import type { ViewSession } from '../session.js'

const GATED: Array<{ action: ViewProbeAction; method: string }> = [
  { action: { action: 'openLink', url: 'https://example.com/conformance' }, method: OPEN_LINK },
  { action: { action: 'sendMessage', text: 'conformance kit' }, method: MESSAGE },
  { action: { action: 'updateModelContext', text: 'conformance kit' }, method: UPDATE_MODEL_CONTEXT },
  { action: { action: 'callServerTool', name: 'kit_app_only' }, method: TOOLS_CALL },
  { action: { action: 'readServerResource', uri: 'ui://mcp-app-bridge-conformance/view' }, method: RESOURCES_READ },
  { action: { action: 'downloadFile', file: { type: 'resource', resource: { uri: 'file:///conformance.txt', mimeType: 'text/plain', text: 'kit' } } }, method: DOWNLOAD_FILE },
  { action: { action: 'sendLog', text: 'conformance kit' }, method: LOGGING_MESSAGE },
  { action: { action: 'createSamplingMessage', text: 'conformance kit' }, method: SAMPLING_CREATE_MESSAGE },
]

export async function probeViewGating(session: ViewSession): Promise<ViewRecord['gating']> {
  const acts: ProbedAction[] = []
  for (const { action, method } of GATED) {
    const before = session.channel.lastSeq('host')
    const outcome = await session.act(action)
    await session.settle()
    acts.push({ action: action.action, method, outcome, sent: session.log(before).filter((event) => event.kind === 'in' && methodOf(event) === method) })
  }
  return { acts }
}

export function judgeViewCapabilities(record: ViewRecord): Verdict[] {
  const id = 'view-capability-gating'
  if (!record.main.hasProbe) return [notApplicable(id, 'the view exposes no probe (window.mcpAppConformance), so it cannot be asked to use a feature')]
  if (!record.gating) return [notRun(id, 'the minimal session (nothing advertised)')]
  const problems = record.gating.acts.flatMap((act) => act.sent.map((event) => `${act.action} with nothing advertised sent ${describeEvent(event)}`))
  return [judged(id, problems, record.gating.acts.map((act) => `${act.action}: ${act.sent.length ? 'sent' : 'not sent'} (${act.outcome.ok ? `returned ${brief(act.outcome.value, 60)}` : `threw ${brief(act.outcome.error, 60)}`})`))]
}
