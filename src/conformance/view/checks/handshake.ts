/**
 * The view's handshake: its `ui/initialize` params, `initialized` only after the (slow) answer,
 * and the display modes it declares.
 */
import { brief, describeEvent, fail, judged, pass, type Verdict } from '../../verdict.js'
import { paramsOf } from '../../wire.js'
import type { ViewRecord } from '../record.js'

const MODES = ['inline', 'fullscreen', 'pip']
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

export function judgeViewHandshake(record: ViewRecord): Verdict[] {
  const { main } = record
  const request = main.initializeRequest
  if (!request) {
    // Most often the view never ran: say what to look at, and what the view itself threw.
    const reason = [
      'the view sent no ui/initialize within 10 s: is the HTML self-contained? The kit loads it into a sandboxed frame under the resource\'s CSP (--csp; default the spec\'s restrictive one), so scripts from origins it does not allow do not load, nor scripts by relative path unless the kit knows where the view came from (the CLI\'s file or URL, base from code)',
      ...main.errors.slice(0, 3).map((error) => `uncaught in the view: ${error.split('\n')[0]!.slice(0, 200)}`),
      // What the browser refused to load, and why (the CSP directive, a 404): the usual cause.
      ...[...new Set((main.consoleErrors ?? []).map((error) => error.split('\n')[0]!.replace(/ Note that .*$/, '').slice(0, 240)))].slice(0, 5).map((error) => `console error: ${error}`),
    ]
    return [fail('view-initialize-params', ...reason), fail('view-initialized-after-result', ...reason), fail('view-declares-display-modes', ...reason)]
  }
  const params = paramsOf(request)
  const problems: string[] = []
  const info = params.appInfo
  if (!isObject(info) || typeof info.name !== 'string' || typeof info.version !== 'string') problems.push(`appInfo is ${brief(info)}, not {name, version}`)
  if (!isObject(params.appCapabilities)) problems.push(`appCapabilities is ${brief(params.appCapabilities)}, not an object`)
  if (typeof params.protocolVersion !== 'string') problems.push(`protocolVersion is ${brief(params.protocolVersion)}, not a string`)
  for (const legacy of ['clientInfo', 'capabilities']) if (legacy in params) problems.push(`uses ${legacy} (the spec's field is ${legacy === 'clientInfo' ? 'appInfo' : 'appCapabilities'})`)
  return [judged('view-initialize-params', problems, [describeEvent(request)]), judgeInitialized(record), judgeDeclaredModes(params.appCapabilities)]
}

function judgeInitialized(record: ViewRecord): Verdict {
  const { initializeAnswer: answer, initialized } = record.main
  const id = 'view-initialized-after-result'
  if (!answer) return fail(id, 'the host never answered ui/initialize (kit error)')
  if (!initialized) return fail(id, `the view never sent ui/notifications/initialized (waited 5 s after the answer at #${answer.seq})`)
  if (initialized.seq < answer.seq) return fail(id, `initialized (#${initialized.seq}) arrived before the host answered ui/initialize (#${answer.seq}, ${record.main.name} session answers after 400 ms)`)
  return pass(id, `answer posted at #${answer.seq}, initialized received at #${initialized.seq}`)
}

function judgeDeclaredModes(capabilities: unknown): Verdict {
  const id = 'view-declares-display-modes'
  const declared = isObject(capabilities) ? capabilities.availableDisplayModes : undefined
  if (!Array.isArray(declared) || !declared.length) return fail(id, `appCapabilities.availableDisplayModes is ${brief(declared)}: the view must list the modes it supports, at least the one it renders in (e.g. ["inline"])`)
  const problems = declared.filter((mode) => !MODES.includes(mode as string)).map((mode) => `declares unknown mode ${brief(mode)}`)
  return judged(id, problems, [`declared ${brief(declared)}`])
}
