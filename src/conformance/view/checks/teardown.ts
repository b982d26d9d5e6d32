/**
 * Teardown: the host asks; the view answers `{}` after its cleanup, or an error. `-32601` means
 * the view has no teardown at all, and silence leaves the host waiting.
 */
import { RESOURCE_TEARDOWN } from '../../../protocol/index.js'
import { describeEvent, fail, notRun, pass, type Verdict } from '../../verdict.js'
import { errorCodeOf, resultOf } from '../../wire.js'
import type { ViewRecord } from '../record.js'
import { ANSWER_TIMEOUT_MS, type ViewSession } from '../session.js'

export async function probeViewTeardown(session: ViewSession): Promise<ViewRecord['teardown']> {
  return { response: await session.request(RESOURCE_TEARDOWN, { reason: 'The conformance kit closed the view' }) }
}

export function judgeViewTeardown(record: ViewRecord): Verdict[] {
  const id = 'view-teardown-answered'
  if (!record.teardown) return [notRun(id, 'the teardown probe')]
  const { response } = record.teardown
  if (!response) return [fail(id, `no answer to ui/resource-teardown within ${ANSWER_TIMEOUT_MS} ms`)]
  if (resultOf(response)) return [pass(id, describeEvent(response))]
  if (errorCodeOf(response) === undefined) return [fail(id, `answered with a result that is not an object (the spec's is {}): ${describeEvent(response)}`)]
  if (errorCodeOf(response) === -32601) return [fail(id, `the view does not implement ui/resource-teardown (handle it and answer {} once its state is saved; the official App: set app.onteardown): ${describeEvent(response)}`)]
  return [pass(id, `answered with an error, which the spec allows: ${describeEvent(response)}`)]
}
