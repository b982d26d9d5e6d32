/**
 * The end of every fuzz run, the same for both sides: the bridge closes, stops listening, ignores
 * a message sent after close, leaves no timer, and caused no crash. Throws every problem found.
 */
import { vi } from 'vitest'
import type { watchCrashes } from './crashes.js'
import { endOfTask } from './link.js'

export interface RunEnd {
  /** Problems the run found so far; the end adds its own. */
  problems: string[]
  /** `what` names the bridge in the messages ("bridge", "view"). */
  what: string
  close(): void
  listening(): boolean
  deliver(data: unknown): void
  /** How many things the bridge did so far (events, handler calls, messages sent). */
  effects(): number
  crashes: Pick<ReturnType<typeof watchCrashes>, 'since'>
  crashMark: number
}

export async function endRun({ problems, what, close, listening, deliver, effects, crashes, crashMark }: RunEnd): Promise<void> {
  close()
  await endOfTask()
  if (listening()) problems.push('still listening after close')
  const before = effects()
  deliver({ jsonrpc: '2.0', id: 'after-close', method: 'ping' })
  await endOfTask()
  if (effects() !== before) problems.push(`a closed ${what} reacted to a message`)
  if (vi.getTimerCount() !== 0) problems.push(`${vi.getTimerCount()} timer(s) left behind`)
  problems.push(...crashes.since(crashMark))
  if (problems.length) throw new Error(`${problems.length} problem(s):\n- ${problems.slice(0, 12).join('\n- ')}`)
}
