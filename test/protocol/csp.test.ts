import { describe, expect, test } from 'vitest'
import { DEFAULT_CSP, buildCsp, checkCspOrigin } from '../../src/protocol/csp.js'

/** The directives of a policy, by name. */
const directives = (policy: string) => Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]))

describe('default policy (A.9)', () => {
  test('is exactly the project default', () => {
    expect(DEFAULT_CSP).toBe(
      "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
        "media-src 'self' data:; font-src 'self'; connect-src 'none'; frame-src 'none'; object-src 'none'; base-uri 'self'",
    )
  })

  test.for([undefined, null, {}, { connectDomains: [] }])('buildCsp(%j) gives the default and drops nothing', (csp) => {
    expect(buildCsp(csp)).toEqual({
      policy: DEFAULT_CSP,
      dropped: [],
      granted: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
    })
  })
})

describe('declared origins', () => {
  test('each list lands in its directives', () => {
    const built = buildCsp({
      connectDomains: ['https://api.example.com', 'wss://live.example.com'],
      resourceDomains: ['https://cdn.example.com'],
      frameDomains: ['https://www.youtube.com'],
      baseUriDomains: ['https://base.example.com'],
    })
    expect(built.dropped).toEqual([])
    expect(directives(built.policy)).toEqual({
      'default-src': "'none'",
      'script-src': "'self' 'unsafe-inline' https://cdn.example.com",
      'style-src': "'self' 'unsafe-inline' https://cdn.example.com",
      'img-src': "'self' data: https://cdn.example.com",
      'media-src': "'self' data: https://cdn.example.com",
      'font-src': "'self' https://cdn.example.com",
      'connect-src': 'https://api.example.com wss://live.example.com',
      'frame-src': 'https://www.youtube.com',
      'object-src': "'none'",
      'base-uri': 'https://base.example.com',
    })
    expect(built.granted).toEqual({
      connectDomains: ['https://api.example.com', 'wss://live.example.com'],
      resourceDomains: ['https://cdn.example.com'],
      frameDomains: ['https://www.youtube.com'],
      baseUriDomains: ['https://base.example.com'],
    })
  })

  test('origins are normalized (lower case, no trailing slash) and de-duplicated', () => {
    const built = buildCsp({ resourceDomains: ['HTTPS://CDN.Example.com/', 'https://cdn.example.com', 'https://cdn.example.com:8443'] })
    expect(built.granted.resourceDomains).toEqual(['https://cdn.example.com', 'https://cdn.example.com:8443'])
  })

  test('one leading wildcard label under two more labels is allowed', () => {
    expect(checkCspOrigin('https://*.example.com')).toEqual({ origin: 'https://*.example.com' })
  })

  test('loopback http is allowed only with the loopbackOrigins relaxation (local development), ws only for connect', () => {
    expect(checkCspOrigin('http://localhost:3000', false, true)).toEqual({ origin: 'http://localhost:3000' })
    expect(checkCspOrigin('http://127.0.0.1:8080', false, true)).toEqual({ origin: 'http://127.0.0.1:8080' })
    expect(checkCspOrigin('http://[::1]:8080', false, true)).toEqual({ origin: 'http://[::1]:8080' })
    expect(checkCspOrigin('ws://localhost:3000', true, true)).toEqual({ origin: 'ws://localhost:3000' })
    expect(checkCspOrigin('ws://localhost:3000', false, true)).toHaveProperty('reason')
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:8080']) {
      expect(checkCspOrigin(origin)).toEqual({ reason: 'loopback: needs the loopbackOrigins relaxation' })
    }
    const declared = { connectDomains: ['http://localhost:11434', 'https://api.example.com'] }
    expect(buildCsp(declared).granted.connectDomains).toEqual(['https://api.example.com'])
    expect(buildCsp(declared).dropped).toEqual([{ list: 'connectDomains', entry: 'http://localhost:11434', reason: 'loopback: needs the loopbackOrigins relaxation' }])
    expect(buildCsp(declared, { loopbackOrigins: true }).granted.connectDomains).toEqual(['http://localhost:11434', 'https://api.example.com'])
  })

  test('loopback over https or wss, *.localhost, 0.0.0.0 and wildcards under localhost need the relaxation too', () => {
    const loopback = ['https://localhost:8443', 'wss://127.0.0.1:9229', 'https://[::1]:8443', 'wss://app.localhost', 'https://0.0.0.0:8080', 'https://*.x.localhost']
    for (const origin of loopback) {
      expect(checkCspOrigin(origin, true), origin).toEqual({ reason: 'loopback: needs the loopbackOrigins relaxation' })
      expect(checkCspOrigin(origin, true, true), origin).toEqual({ origin })
    }
    expect(buildCsp({ connectDomains: loopback }).granted.connectDomains).toEqual([])
    // Names that merely contain "localhost" are not loopback.
    expect(checkCspOrigin('https://localhost.example.com')).toEqual({ origin: 'https://localhost.example.com' })
    expect(checkCspOrigin('https://notlocalhost')).toEqual({ origin: 'https://notlocalhost' })
  })

  test('a wildcard over an IP address\'s tail is refused, relaxation or not: CSP matches it as a suffix of any IP (*.0.0.1 is 127.0.0.1)', () => {
    for (const origin of ['https://*.0.0.1', 'wss://*.0.0.1', 'https://*.0.1', 'https://*.0.0', 'https://*.168.1.1']) {
      expect(checkCspOrigin(origin, true), origin).toEqual({ reason: 'wildcard over an IP address' })
      expect(checkCspOrigin(origin, true, true), origin).toEqual({ reason: 'wildcard over an IP address' })
    }
    expect(checkCspOrigin('https://*.cdn.example.com')).toEqual({ origin: 'https://*.cdn.example.com' })
    expect(checkCspOrigin('https://*.example2.com')).toEqual({ origin: 'https://*.example2.com' })
  })
})

describe('ports', () => {
  test('the lowest and the highest port, 1 and 65535, are kept in the origin', () => {
    expect(checkCspOrigin('https://a.com:1')).toEqual({ origin: 'https://a.com:1' })
    expect(checkCspOrigin('https://a.com:65535')).toEqual({ origin: 'https://a.com:65535' })
  })
})

describe('schemes', () => {
  test('wss is for connectDomains only; each list says which schemes it takes', () => {
    expect(checkCspOrigin('wss://live.example.com')).toEqual({ reason: 'scheme must be https (http only for loopback)' })
    expect(checkCspOrigin('wss://live.example.com', true)).toEqual({ origin: 'wss://live.example.com' })
    expect(checkCspOrigin('http://example.com', true)).toEqual({ reason: 'scheme must be https or wss (http/ws only for loopback)' })
  })
})

describe('hostile or malformed entries are dropped and reported', () => {
  const hostile: Array<[string, unknown]> = [
    ['a bare wildcard', '*'],
    ['a keyword', "'unsafe-eval'"],
    ['unsafe-inline keyword', "'unsafe-inline'"],
    ['a bare scheme', 'https:'],
    ['data: scheme', 'data:'],
    ['blob: scheme', 'blob:'],
    ['an injected directive', 'https://a.com; script-src *'],
    ['an injected directive without space', 'https://a.com;script-src'],
    ['a wildcard over a TLD', 'https://*.com'],
    ['a wildcard alone as host', 'https://*'],
    ['a double wildcard', 'https://*.*.example.com'],
    ['a wildcard in the middle', 'https://a.*.example.com'],
    ['a path', 'https://a.com/path'],
    ['a path with trailing slash', 'https://a.com/js/'],
    ['a query', 'https://a.com?x=1'],
    ['a fragment', 'https://a.com#x'],
    ['credentials', 'https://user@a.com'],
    ['leading whitespace', ' https://a.com'],
    ['trailing whitespace', 'https://a.com '],
    ['a trailing newline', 'https://a.com\n'],
    ['an embedded space', 'https://a.com https://b.com'],
    ['a quote inside', "https://a.com'"],
    ['plain http to a public host', 'http://example.com'],
    ['http to a host that merely starts with localhost', 'http://localhost.evil.com'],
    ['a scheme-less host', 'example.com'],
    ['a protocol-relative URL', '//example.com'],
    ['javascript:', 'javascript:alert(1)'],
    ['port 0', 'https://a.com:0'],
    ['port 65536', 'https://a.com:65536'],
    ['a non-numeric port', 'https://a.com:http'],
    ['an underscore host', 'https://a_b.com'],
    ['a label starting with a dash', 'https://-a.com'],
    ['an empty label', 'https://a..com'],
    ['a trailing dot', 'https://a.com.'],
    ['an empty string', ''],
    ['a number', 443],
    ['null', null],
    ['an object', { toString: () => 'https://a.com' }],
    ['an array', ['https://a.com']],
  ]

  test.for(hostile)('%s is refused by checkCspOrigin', ([, entry]) => {
    expect(checkCspOrigin(entry)).toEqual({ reason: expect.any(String) })
    expect(checkCspOrigin(entry, true)).toEqual({ reason: expect.any(String) })
  })

  test('wss is refused outside connectDomains', () => {
    const built = buildCsp({ resourceDomains: ['wss://live.example.com'], frameDomains: ['wss://live.example.com'] })
    expect(built.granted.resourceDomains).toEqual([])
    expect(built.dropped.map((d) => d.list)).toEqual(['resourceDomains', 'frameDomains'])
  })

  test('buildCsp drops every hostile entry, reports each with its list, and stays at the default', () => {
    const entries = hostile.map(([, entry]) => entry) as string[]
    const built = buildCsp({ connectDomains: entries, resourceDomains: entries, frameDomains: entries, baseUriDomains: entries })
    expect(built.policy).toBe(DEFAULT_CSP)
    expect(built.dropped).toHaveLength(entries.length * 4)
    expect(built.dropped[0]).toEqual({ list: 'connectDomains', entry: '*', reason: expect.any(String) })
    expect(built.dropped.filter((d) => d.list === 'baseUriDomains').map((d) => d.entry)).toEqual(entries)
  })

  test('good entries survive next to hostile ones', () => {
    const built = buildCsp({ connectDomains: ['*', 'https://api.example.com', "'unsafe-eval'"] })
    expect(built.granted.connectDomains).toEqual(['https://api.example.com'])
    expect(directives(built.policy)['connect-src']).toBe('https://api.example.com')
    expect(built.dropped.map((d) => d.entry)).toEqual(['*', "'unsafe-eval'"])
  })

  test('a list that is not an array is dropped whole and reported', () => {
    const built = buildCsp({ connectDomains: 'https://api.example.com' as never, frameDomains: { 0: 'https://a.com' } as never })
    expect(built.policy).toBe(DEFAULT_CSP)
    expect(built.dropped).toEqual([
      { list: 'connectDomains', entry: 'https://api.example.com', reason: 'not an array' },
      { list: 'frameDomains', entry: { 0: 'https://a.com' }, reason: 'not an array' },
    ])
  })

  test('a non-object csp gives the default', () => {
    expect(buildCsp('https://a.com' as never).policy).toBe(DEFAULT_CSP)
    expect(buildCsp(42 as never).policy).toBe(DEFAULT_CSP)
  })

  test('no declared entry can add a keyword or directive to the policy', () => {
    const built = buildCsp({ connectDomains: ["'unsafe-eval' https://a.com", 'https://a.com; worker-src *'] })
    expect(built.policy).not.toContain('unsafe-eval')
    expect(built.policy).not.toContain('worker-src')
    expect(built.policy.split('; ')).toHaveLength(10)
  })
})

describe('relaxations: off by default, one directive wide', () => {
  test("blobWorkers adds blob: to the workers' sources, and takes none away (they were script-src's)", () => {
    expect(buildCsp(undefined, { blobWorkers: true }).policy).toBe(`${DEFAULT_CSP}; worker-src 'self' 'unsafe-inline' blob:`)
    const declared = directives(buildCsp({ resourceDomains: ['https://cdn.example'] }, { blobWorkers: true }).policy)
    expect(declared['worker-src']).toBe("'self' 'unsafe-inline' blob: https://cdn.example")
  })

  test('webAssembly adds wasm-unsafe-eval to script-src only', () => {
    const d = directives(buildCsp(undefined, { webAssembly: true }).policy)
    expect(d['script-src']).toBe("'self' 'unsafe-inline' 'wasm-unsafe-eval'")
    expect(buildCsp(undefined, { webAssembly: true }).policy.match(/wasm-unsafe-eval/g)).toHaveLength(1)
  })

  test('unsafeEval adds unsafe-eval to script-src only', () => {
    const policy = buildCsp(undefined, { unsafeEval: true }).policy
    expect(directives(policy)['script-src']).toBe("'self' 'unsafe-inline' 'unsafe-eval'")
    expect(policy.match(/unsafe-eval/g)).toHaveLength(1)
  })

  test('dataScripts adds data: to script-src only (pdf.js loads its worker code from a data: script)', () => {
    const d = directives(buildCsp(undefined, { dataScripts: true }).policy)
    expect(d['script-src']).toBe("'self' 'unsafe-inline' data:")
    // Workers keep the sources script-src gave them before: no data: workers.
    expect(d['worker-src']).toBe(directives(DEFAULT_CSP)['script-src'])
    expect({ ...d, 'script-src': undefined, 'worker-src': undefined }).toEqual({ ...directives(DEFAULT_CSP), 'script-src': undefined })
  })

  test('blobMedia adds blob: to media-src only (a video the view builds from bytes it read)', () => {
    const d = directives(buildCsp(undefined, { blobMedia: true }).policy)
    expect(d['media-src']).toBe("'self' data: blob:")
    expect({ ...d, 'media-src': undefined }).toEqual({ ...directives(DEFAULT_CSP), 'media-src': undefined })
  })

  test('with declared origins, each relaxation keeps them where they were', () => {
    const d = directives(buildCsp({ resourceDomains: ['https://cdn.example'] }, { dataScripts: true, blobMedia: true }).policy)
    expect(d['script-src']).toBe("'self' 'unsafe-inline' data: https://cdn.example")
    expect(d['media-src']).toBe("'self' data: blob: https://cdn.example")
  })

  test.each([['false'], [1], ['true'], [{}]])('a relaxation set to %j, not true, changes nothing (as behind the sandbox proxy, whose URL names only true ones)', (value) => {
    const relax = Object.fromEntries(['blobWorkers', 'dataScripts', 'blobMedia', 'webAssembly', 'unsafeEval', 'loopbackOrigins'].map((name) => [name, value]))
    expect(buildCsp({ resourceDomains: ['http://localhost:3000'] }, relax as never).policy).toBe(DEFAULT_CSP)
  })

  test('relaxations set to false change nothing', () => {
    expect(buildCsp(undefined, { blobWorkers: false, dataScripts: false, blobMedia: false, webAssembly: false, unsafeEval: false }).policy).toBe(DEFAULT_CSP)
  })
})
