/**
 * Hand-rolled mutation test over `src/protocol/`: generates simple mutants from each file's syntax tree
 * (never in comments or types), applies one at a time in place, runs the given test folders with
 * `--bail=1`, records killed/survived and restores the file byte for byte (checked with git).
 *
 *   npx tsx scripts/mutants.ts list [files…]              count the mutants per file
 *   npx tsx scripts/mutants.ts run [--until HH:MM] [--tests test/protocol] [--only id,id] [--tag name] [--isolate] [files…]
 *   npx tsx scripts/mutants.ts show <id>…                 print mutants' lines before and after
 *   npx tsx scripts/mutants.ts report [--tag name]         per file: run, killed, survived
 *
 * Touch `.tmp/mutants/STOP` to stop after the current mutant. Results append to
 * `.tmp/mutants/results.jsonl` (a rerun with the same tag skips ids already there, so it resumes);
 * `run` without files samples round-robin across the default files, in a fixed shuffled order.
 * `--isolate` is for the DOM suites (`--tests test/view,test/host,test/pair,--exclude,<glob>`), with every
 * `size.test.ts` excluded: a bundle-size ceiling kills any mutant that adds a byte, which says nothing about behaviour.
 */
import { spawnSync } from 'node:child_process'
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import ts from 'typescript'

const DEFAULT_FILES = [
  'session-core.ts', 'session.ts', 'jsonrpc.ts', 'guards.ts', 'host-guards.ts', 'host-context.ts',
  'capabilities.ts', 'tools.ts', 'csp.ts', 'inspect.ts', 'errors.ts', 'version.ts',
].map((f) => `src/protocol/${f}`)
const OUT_DIR = '.tmp/mutants'
const RESULTS = `${OUT_DIR}/results.jsonl`

const METHODS = [...readFileSync('src/protocol/methods.ts', 'utf8').matchAll(/export const (\w+) = '([^']+)'/g)]
const METHOD_NAMES = METHODS.map((m) => m[2]!)
const METHOD_CONSTS = METHODS.map((m) => m[1]!)
const ERROR_CODES = ['TIMEOUT', 'CLOSED', 'CANCELLED', 'NOT_SUPPORTED', 'INVALID_PARAMS', 'DENIED', 'RATE_LIMITED', 'PROTOCOL', 'REMOTE']

export interface Mutant { id: string; file: string; line: number; op: string; start: number; end: number; from: string; to: string }

const SWAP: Partial<Record<ts.SyntaxKind, string>> = {
  [ts.SyntaxKind.EqualsEqualsEqualsToken]: '!==', [ts.SyntaxKind.ExclamationEqualsEqualsToken]: '===',
  [ts.SyntaxKind.EqualsEqualsToken]: '!=', [ts.SyntaxKind.ExclamationEqualsToken]: '==',
  [ts.SyntaxKind.AmpersandAmpersandToken]: '||', [ts.SyntaxKind.BarBarToken]: '&&',
  [ts.SyntaxKind.LessThanToken]: '<=', [ts.SyntaxKind.LessThanEqualsToken]: '<',
  [ts.SyntaxKind.GreaterThanToken]: '>=', [ts.SyntaxKind.GreaterThanEqualsToken]: '>',
}

function next<T>(list: T[], value: T): T { return list[(list.indexOf(value) + 1) % list.length]! }

export function mutantsOf(file: string): Mutant[] {
  const text = readFileSync(file, 'utf8')
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const out: Mutant[] = []
  const base = file.replace(/^src\/protocol\//, '').replace(/\.ts$/, '')
  const add = (op: string, node: { getStart(): number; getEnd(): number } | [number, number], to: string) => {
    const [start, end] = Array.isArray(node) ? node : [node.getStart(), node.getEnd()]
    const from = text.slice(start, end)
    if (from === to) return
    const line = sf.getLineAndCharacterOfPosition(start).line + 1
    out.push({ id: `${base}:${out.length}`, file, line, op, start, end, from, to })
  }
  const importedMethods = new Set<string>()
  const visit = (node: ts.Node): void => {
    if (ts.isTypeNode(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return
    if (ts.isImportDeclaration(node)) {
      if ((node.moduleSpecifier as ts.StringLiteral).text === './methods.js') {
        node.importClause?.namedBindings && ts.isNamedImports(node.importClause.namedBindings) &&
          node.importClause.namedBindings.elements.forEach((e) => importedMethods.add(e.name.text))
      }
      return
    }
    if (ts.isExportDeclaration(node)) return
    if (ts.isPropertyDeclaration(node) && node.modifiers?.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword)) return
    if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.ExclamationToken) {
      add('drop-not', node, node.operand.getText())
    }
    if ((ts.isIfStatement(node) || ts.isWhileStatement(node)) && !ts.isPrefixUnaryExpression(node.expression)) {
      add('negate-cond', node.expression, `!(${node.expression.getText()})`)
    }
    if (ts.isConditionalExpression(node) && !ts.isPrefixUnaryExpression(node.condition)) {
      add('negate-cond', node.condition, `!(${node.condition.getText()})`)
    }
    if (ts.isBinaryExpression(node)) {
      const to = SWAP[node.operatorToken.kind]
      if (to) add('swap-op', node.operatorToken, to)
    }
    if (node.kind === ts.SyntaxKind.TrueKeyword) add('bool', node as ts.Node, 'false')
    if (node.kind === ts.SyntaxKind.FalseKeyword) add('bool', node as ts.Node, 'true')
    if (ts.isReturnStatement(node) && node.expression) add('drop-return-value', node.expression, 'undefined')
    const stmt = ts.isExpressionStatement(node) || ts.isThrowStatement(node) || ts.isReturnStatement(node) ||
      ts.isIfStatement(node) || ts.isBreakStatement(node) || ts.isContinueStatement(node)
    if (stmt && (ts.isBlock(node.parent) || ts.isCaseClause(node.parent) || ts.isDefaultClause(node.parent))) {
      add('delete-stmt', node, ';')
    } else if (stmt && (ts.isIfStatement(node.parent) || ts.isForStatement(node.parent) || ts.isForOfStatement(node.parent))) {
      add('delete-stmt', node, '{}')
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (METHOD_NAMES.includes(node.text)) add('method-name', node, `'${next(METHOD_NAMES, node.text)}'`)
      else if (ERROR_CODES.includes(node.text)) add('error-code', node, `'${next(ERROR_CODES, node.text)}'`)
    }
    if (ts.isIdentifier(node) && importedMethods.has(node.text) && !ts.isImportSpecifier(node.parent)) {
      const pool = METHOD_CONSTS.filter((c) => importedMethods.has(c))
      add('method-const', node, pool.length > 1 ? next(pool, node.text) : `'${next(METHOD_NAMES, METHOD_NAMES[METHOD_CONSTS.indexOf(node.text)]!)}'`)
    }
    if (ts.isNumericLiteral(node)) {
      const n = Number(node.text)
      if (n === 0) add('number', node, '1')
      else if (n === 1) add('number', node, '0')
      else { add('number', node, String(n + 1)); add('number', node, String(n - 1)) }
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return out
}

function shuffled<T>(list: T[], seed: number): T[] {
  const a = [...list]
  let s = seed
  for (let i = a.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) & 0x7fffffff
    const j = s % (i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!]
  }
  return a
}

function roundRobin(lists: Mutant[][]): Mutant[] {
  const out: Mutant[] = []
  for (let i = 0; lists.some((l) => i < l.length); i++) for (const l of lists) if (i < l.length) out.push(l[i]!)
  return out
}

function apply(m: Mutant): string {
  const original = readFileSync(m.file, 'utf8')
  if (original.slice(m.start, m.end) !== m.from) throw new Error(`${m.id}: source moved, regenerate`)
  writeFileSync(m.file, original.slice(0, m.start) + m.to + original.slice(m.end))
  return original
}

function clean(): boolean {
  return spawnSync('git', ['diff', '--quiet', 'src/']).status === 0
}

function runTests(tests: string[], timeoutMs: number, isolate: boolean): { status: 'killed' | 'survived' | 'timeout'; why?: string } {
  // test/protocol shares one module graph safely (≈1.5 s a run); the DOM suites need their isolation.
  const pool = isolate ? ['--maxWorkers=2'] : ['--maxWorkers=1', '--no-isolate']
  const r = spawnSync('node_modules/.bin/vitest', ['run', ...tests, '--bail=1', '--pool=threads', ...pool, '--reporter=dot'],
    { encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL', env: { ...process.env, CI: '1' } })
  if (r.error || r.signal) return { status: 'timeout' }
  if (r.status === 0) return { status: 'survived' }
  // eslint-disable-next-line no-control-regex
  const lines = `${r.stdout}\n${r.stderr}`.replace(/\x1b\[[0-9;]*m/g, '').split('\n')
  const fail = lines.find((l) => /FAIL /.test(l))?.trim()
  const err = lines.find((l) => /(Error|expected|Expected)/.test(l))?.trim()
  return { status: 'killed', why: [fail, err].filter(Boolean).join(' | ').slice(0, 300) }
}

function main(): void {
  const [cmd = 'list', ...rest] = process.argv.slice(2)
  const opt = (name: string) => { const i = rest.indexOf(name); if (i < 0) return undefined; const v = rest[i + 1]; rest.splice(i, 2); return v }
  const until = opt('--until')
  const tests = (opt('--tests') ?? 'test/protocol').split(',')
  const only = opt('--only')?.split(',')
  const tag = opt('--tag') ?? 'protocol'
  const isolate = rest.includes('--isolate') && !!rest.splice(rest.indexOf('--isolate'), 1)
  const ids = cmd === 'show' ? rest.splice(0) : []
  const files = rest.length ? rest : DEFAULT_FILES
  const all = files.map(mutantsOf)
  if (cmd === 'list') {
    for (const l of all) console.log(`${l[0]?.file ?? '?'}\t${l.length}`)
    console.log(`total\t${all.flat().length}`)
    return
  }
  if (cmd === 'show') {
    const text = (m: Mutant) => readFileSync(m.file, 'utf8')
    for (const m of all.flat().filter((x) => ids.length === 0 || ids.includes(x.id))) {
      const src = text(m)
      const lineStart = src.lastIndexOf('\n', m.start - 1) + 1
      const lineEnd = src.indexOf('\n', m.end)
      console.log(`${m.id}\t${m.file}:${m.line}\t${m.op}\n  - ${src.slice(lineStart, lineEnd)}\n  + ${src.slice(lineStart, m.start)}${m.to}${src.slice(m.end, lineEnd)}`)
    }
    return
  }
  if (cmd === 'report') {
    // Per file: mutants run, killed (a timeout counts as killed), survived; then the survivors.
    const rows = readFileSync(RESULTS, 'utf8').trim().split('\n').map((l) => JSON.parse(l)).filter((r) => r.tag === tag)
    const byFile = new Map<string, { run: number; killed: number; survived: string[] }>()
    for (const r of rows) {
      const row = byFile.get(r.file) ?? { run: 0, killed: 0, survived: [] }
      row.run++
      if (r.status === 'survived') row.survived.push(`${r.id} (line ${r.line}, ${r.op}: ${r.from.slice(0, 50).replace(/\s+/g, ' ')} → ${r.to.slice(0, 30)})`)
      else row.killed++
      byFile.set(r.file, row)
    }
    for (const [file, row] of byFile) console.log(`${file}\t${row.run} run\t${row.killed} killed\t${row.survived.length} survived`)
    for (const [, row] of byFile) for (const s of row.survived) console.log(`  ${s}`)
    return
  }
  if (!clean()) throw new Error('src/ has uncommitted changes: refusing to mutate')
  mkdirSync(OUT_DIR, { recursive: true })
  const done = new Set(existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)).filter((r) => r.tag === tag).map((r) => r.id) : [])
  const order = only ? all.flat().filter((m) => only.includes(m.id)) : roundRobin(all.map((l, i) => shuffled(l, 7 + i)))
  const deadline = until ? (() => { const d = new Date(); const [h, mi] = until.split(':').map(Number); d.setUTCHours(h!, mi!, 0, 0); return d.getTime() })() : Infinity
  for (const m of order) {
    if (done.has(m.id)) continue
    if (Date.now() > deadline || existsSync(`${OUT_DIR}/STOP`)) break
    const original = apply(m)
    let result: ReturnType<typeof runTests>
    const t0 = Date.now()
    try { result = runTests(tests, isolate ? 300_000 : 60_000, isolate) } finally { writeFileSync(m.file, original) }
    const { status, why } = result
    if (!clean()) throw new Error(`${m.id}: restore failed`)
    const rec = { tag, id: m.id, file: m.file, line: m.line, op: m.op, from: m.from.slice(0, 200), to: m.to.slice(0, 200), status, why, ms: Date.now() - t0 }
    appendFileSync(RESULTS, JSON.stringify(rec) + '\n')
    console.log(`${status.padEnd(8)} ${m.id}\t${m.file}:${m.line}\t${m.op}\t${m.from.slice(0, 60).replace(/\s+/g, ' ')} → ${m.to.slice(0, 60)}`)
  }
}

main()
