/**
 * Handshake: the host's answer to `ui/initialize` (fields, context, protocol version). The main
 * session's view asks for the current version; a separate handshake-only session's view asks for
 * one nobody knows, so a host that refuses it leaves no other check without an initialized view.
 */
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '../../../protocol/index.js'
import { brief, fail, judged, notApplicable, pass, type Verdict } from '../../verdict.js'
import { resultOf } from '../../wire.js'
import { handshakeProblem } from '../reached.js'
import type { HostRecord, SessionRecord } from '../record.js'

/** The only version of MCP Apps published so far: what a host may answer to an unknown one. */
const KNOWN_VERSIONS: readonly string[] = SUPPORTED_PROTOCOL_VERSIONS

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

function answerOf(session: SessionRecord): { result?: Record<string, unknown>; problem?: string } {
  const problem = handshakeProblem(session)
  return problem ? { problem } : { result: resultOf(session.initializeResponse) }
}

export function judgeHandshake(record: HostRecord): Verdict[] {
  const { result, problem } = answerOf(record.main)
  if (!result) {
    return [
      fail('host-initialize-result', problem!),
      fail('host-context-provided', problem!),
      fail('host-protocol-version', problem!),
    ]
  }
  const problems: string[] = []
  if (typeof result.protocolVersion !== 'string') problems.push(`protocolVersion is ${brief(result.protocolVersion)}, not a string`)
  const info = result.hostInfo
  if (!isObject(info) || typeof info.name !== 'string' || typeof info.version !== 'string') problems.push(`hostInfo is ${brief(info)}, not {name, version}`)
  if (!isObject(result.hostCapabilities)) problems.push(`hostCapabilities is ${brief(result.hostCapabilities)}, not an object`)
  if (!isObject(result.hostContext)) problems.push(`hostContext is ${brief(result.hostContext)}, not an object`)
  const contextKeys = isObject(result.hostContext) ? Object.keys(result.hostContext) : []
  return [
    judged('host-initialize-result', problems, [`initialize result: ${brief(result, 300)}`]),
    contextKeys.length ? pass('host-context-provided', `hostContext has ${contextKeys.join(', ')}`) : fail('host-context-provided', `hostContext is ${brief(result.hostContext)}`),
    judgeVersion(record, result),
  ]
}

function judgeVersion(record: HostRecord, main: Record<string, unknown>): Verdict {
  const evidence = [`asked for ${record.main.requestedVersion}, answered ${brief(main.protocolVersion)}`]
  const problems: string[] = []
  if (main.protocolVersion !== LATEST_PROTOCOL_VERSION) problems.push(`the view asked for ${LATEST_PROTOCOL_VERSION}, which every host supports, and got ${brief(main.protocolVersion)}`)
  if (!record.version) return problems.length ? fail('host-protocol-version', ...problems, ...evidence) : notApplicable('host-protocol-version', 'only the main session ran (the unknown-version session was not selected)')
  const { result, problem } = answerOf(record.version)
  if (!result) return fail('host-protocol-version', `asked for ${record.version.requestedVersion}: ${problem}`)
  evidence.push(`asked for ${record.version.requestedVersion}, answered ${brief(result.protocolVersion)}`)
  if (!KNOWN_VERSIONS.includes(result.protocolVersion as string)) {
    problems.push(`the view asked for ${record.version.requestedVersion}, which does not exist, and the host answered ${brief(result.protocolVersion)} instead of a version it supports`)
  }
  return judged('host-protocol-version', problems, evidence)
}
