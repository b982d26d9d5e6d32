/**
 * Near-valid messages: a valid message with one thing wrong. Most real-world breakage
 * looks like this (a field renamed, a number sent as a string, an id dropped), and these are the
 * inputs that get furthest into a bridge before a check has to catch them.
 */
import fc from 'fast-check'
import { dangerousKey, heavy, requestId, unanswerableId, withOwn, wrongValue, type SizeProfile } from './values.js'

type Message = Record<string, unknown>

/** One mutation, applied to a fresh copy of the message. `pick` chooses a key where one is needed. */
type Mutation =
  | { op: 'dropKey'; pick: number }
  | { op: 'wrongTop'; pick: number; value: unknown }
  | { op: 'dropParam'; pick: number }
  | { op: 'wrongParam'; pick: number; value: unknown }
  | { op: 'dangerousKey'; inParams: boolean; key: string; value: unknown }
  | { op: 'jsonrpc'; value: unknown }
  | { op: 'badId'; value: unknown }
  | { op: 'otherId'; value: string | number }
  | { op: 'method'; value: unknown }
  | { op: 'params'; value: unknown }
  | { op: 'heavyParam'; value: unknown }
  | { op: 'asResponse'; result: boolean; value: unknown }
  | { op: 'resultAndError' }
  | { op: 'batch' }
  | { op: 'string' }

/** Method names that look right and are not, or that name something inherited or reserved. */
const wrongMethod = fc.constantFrom<unknown>(
  '',
  42,
  null,
  ['ping'],
  'PING',
  'ping ',
  'ui/',
  'ui/message/',
  'ui/notifications/',
  'ui/notifications/sandbox-proxy-ready',
  'ui/notifications/sandbox-resource-ready',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'notifications/cancelled',
  'notifications/progress',
  'ui/initialize',
  'tools/list',
)

function mutation(sizes: SizeProfile): fc.Arbitrary<Mutation> {
  const pick = fc.nat({ max: 7 })
  return fc.oneof(
    fc.record({ op: fc.constant('dropKey' as const), pick }),
    fc.record({ op: fc.constant('wrongTop' as const), pick, value: wrongValue }),
    fc.record({ op: fc.constant('dropParam' as const), pick }),
    { weight: 3, arbitrary: fc.record({ op: fc.constant('wrongParam' as const), pick, value: wrongValue }) },
    fc.record({ op: fc.constant('dangerousKey' as const), inParams: fc.boolean(), key: dangerousKey, value: fc.oneof(wrongValue, fc.constant({ polluted: true, theme: 'dark' })) }),
    fc.record({ op: fc.constant('jsonrpc' as const), value: fc.constantFrom<unknown>('1.0', '2', 2, undefined, null, ' 2.0') }),
    fc.record({ op: fc.constant('badId' as const), value: unanswerableId }),
    fc.record({ op: fc.constant('otherId' as const), value: requestId }),
    fc.record({ op: fc.constant('method' as const), value: wrongMethod }),
    fc.record({ op: fc.constant('params' as const), value: fc.constantFrom<unknown>(null, 'params', 7, [], [{}], true) }),
    fc.record({ op: fc.constant('heavyParam' as const), value: heavy(sizes) }),
    fc.record({ op: fc.constant('asResponse' as const), result: fc.boolean(), value: wrongValue }),
    fc.constant({ op: 'resultAndError' as const }),
    fc.constant({ op: 'batch' as const }),
    fc.constant({ op: 'string' as const }),
  )
}

const keyAt = (object: Message, pick: number): string | undefined => {
  const keys = Object.keys(object)
  return keys.length ? keys[pick % keys.length] : undefined
}

/** Applies `m` to a shallow copy of `message` (and of its params): generated values stay untouched. */
export function applyMutation(message: Message, m: Mutation): unknown {
  const copy: Message = { ...message }
  const params: Message | undefined = copy.params && typeof copy.params === 'object' && !Array.isArray(copy.params) ? { ...(copy.params as Message) } : undefined
  if (params) copy.params = params
  switch (m.op) {
    case 'dropKey': {
      const key = keyAt(copy, m.pick)
      if (key) delete copy[key]
      return copy
    }
    case 'wrongTop': {
      const key = keyAt(copy, m.pick)
      if (key) copy[key] = m.value
      return copy
    }
    case 'dropParam': {
      const key = params && keyAt(params, m.pick)
      if (key) delete params[key]
      return copy
    }
    case 'wrongParam': {
      const key = params && keyAt(params, m.pick)
      if (key) params[key] = m.value
      else copy.params = { field: m.value }
      return copy
    }
    case 'dangerousKey':
      withOwn(m.inParams && params ? params : copy, m.key, m.value)
      return copy
    case 'jsonrpc':
      copy.jsonrpc = m.value
      return copy
    case 'badId':
      copy.id = m.value
      return copy
    case 'otherId':
      copy.id = m.value
      return copy
    case 'method':
      copy.method = m.value
      return copy
    case 'params':
      copy.params = m.value
      return copy
    case 'heavyParam':
      copy.params = { ...params, payload: m.value }
      return copy
    case 'asResponse': {
      const { method: _method, params: _params, ...rest } = copy
      return m.result ? { ...rest, id: rest.id ?? 1, result: m.value } : { ...rest, id: rest.id ?? 1, error: m.value }
    }
    case 'resultAndError':
      return { ...copy, id: copy.id ?? 1, result: {}, error: { code: -32603, message: 'both' } }
    case 'batch':
      return [copy, copy]
    case 'string':
      try {
        return JSON.stringify(copy)
      } catch {
        // BigInt, or an own `toJSON`/`toString` that is not a function.
        return Object.prototype.toString.call(copy)
      }
  }
}

/**
 * A message from `valid` with one mutation applied, and now and then a second one (two faults
 * at once reach paths one cannot, e.g. an oversized request whose method is also wrong).
 */
export function nearValid(valid: fc.Arbitrary<Message>, sizes: SizeProfile): fc.Arbitrary<unknown> {
  const second = fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: mutation(sizes) })
  return fc.tuple(valid, mutation(sizes), second).map(([message, m, n]) => {
    const once = applyMutation(message, m)
    return n && isMessage(once) ? applyMutation(once, n) : once
  })
}

const isMessage = (value: unknown): value is Message => typeof value === 'object' && value !== null && !Array.isArray(value)
