/**
 * The TypeScript the Markdown shows compiles against the library's public types, so the first code
 * a newcomer copies cannot drift from the API.
 *
 * Every ```ts / ```typescript block of every Markdown file in the repository becomes one in-memory
 * module, type-checked with the repository's compiler options and `mcp-app-bridge/<entry>`
 * resolved through the package's own `exports` map to the sources behind it (`dist/view/index.d.ts`
 * → `src/view/index.ts`), so a snippet sees exactly the names a user can import. One program holds
 * every snippet: the library is checked once.
 *
 * A fragment says what the prose around it provides, in an HTML comment on the line before the
 * block (blank lines between are allowed):
 * - `<!-- snippet: declares client, tool: Tool, args -->`: those names exist (typed `any` unless a
 *   type follows the colon; the type is written as in the snippet, e.g.
 *   `import('mcp-app-bridge/view').ViewBridge`).
 * - `<!-- not-compiled: reason -->`: the block is not checked; the reason is required.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { beforeAll, describe, expect, it } from 'vitest'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

interface Snippet {
  /** The Markdown file, relative to the repository. */
  file: string
  /** 1-based line of the block's opening fence in that file. */
  line: number
  code: string
  /** Names the prose provides, with their types (`any` when none is given), and the comment's line. */
  declares: Array<{ name: string; type: string }>
  declaredAt?: number
  /** Why the block is not compiled, when it is not. */
  notCompiled?: string
}

const skippedFolders = new Set(['node_modules', '.git', 'dist'])

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return skippedFolders.has(entry.name) ? [] : markdownFiles(join(dir, entry.name))
    return entry.name.endsWith('.md') ? [join(dir, entry.name)] : []
  })
}

/** Splits at commas outside brackets, so a declared type may be generic. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!
    if ('<([{'.includes(char)) depth++
    else if ('>)]}'.includes(char)) depth--
    else if (char === ',' && depth === 0) {
      parts.push(text.slice(start, i))
      start = i + 1
    }
  }
  parts.push(text.slice(start))
  return parts.map((part) => part.trim()).filter(Boolean)
}

function extractSnippets(file: string, text: string): Snippet[] {
  const lines = text.split('\n')
  const snippets: Snippet[] = []
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*(\S*)/.exec(lines[i]!)
    if (!open) continue
    const [, indent, fence, lang] = open
    let end = i + 1
    while (end < lines.length && !lines[end]!.trim().startsWith(fence!)) end++
    if (lang === 'ts' || lang === 'typescript') {
      let before = i - 1
      while (before >= 0 && lines[before]!.trim() === '') before--
      const comment = before >= 0 ? /^<!--\s*(snippet|not-compiled):\s*(.*?)\s*-->$/.exec(lines[before]!.trim()) : null
      const snippet: Snippet = {
        file,
        line: i + 1,
        code: lines.slice(i + 1, end).map((line) => (line.startsWith(indent!) ? line.slice(indent!.length) : line)).join('\n'),
        declares: [],
      }
      if (comment?.[1] === 'not-compiled') {
        if (!comment[2]) throw new Error(`${file}:${i + 1}: <!-- not-compiled: … --> needs a reason`)
        snippet.notCompiled = comment[2]
      } else if (comment?.[1] === 'snippet') {
        const declares = /^declares\s+(.+)$/.exec(comment[2]!)
        if (!declares) throw new Error(`${file}:${i + 1}: expected <!-- snippet: declares name, name: Type -->, found ${lines[before]!.trim()}`)
        snippet.declaredAt = before + 1
        snippet.declares = splitTopLevel(declares[1]!).map((entry) => {
          const colon = entry.indexOf(':')
          return colon < 0 ? { name: entry, type: 'any' } : { name: entry.slice(0, colon).trim(), type: entry.slice(colon + 1).trim() }
        })
      }
      snippets.push(snippet)
    }
    i = end
  }
  return snippets
}

/** `mcp-app-bridge/<entry>` → the source file behind the entry's declarations, from the package's `exports`. */
function entryPaths(): Record<string, string[]> {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, unknown> }
  const paths: Record<string, string[]> = {}
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    const types = typeof target === 'object' && target !== null ? findTypes(target) : undefined
    if (!types) continue
    const source = types.replace(/^\.\/dist\//, 'src/').replace(/\.d\.ts$/, '.ts')
    paths[`mcp-app-bridge/${subpath.slice(2)}`] = [join(root, source)]
  }
  return paths
}

function findTypes(target: object): string | undefined {
  const record = target as Record<string, unknown>
  if (typeof record.types === 'string') return record.types
  const esm = record.import
  return typeof esm === 'object' && esm !== null ? findTypes(esm) : undefined
}

/** Where the snippet's module lives: in the repository, so `node_modules` resolves as for the project. */
const virtualName = (snippet: Snippet, index: number) =>
  join(root, '.snippets', `${snippet.file.replace(/[\\/]/g, '__')}.L${snippet.line}.${index}.ts`)

function moduleText(snippet: Snippet): { text: string; prelude: number } {
  const prelude = snippet.declares.map(({ name, type }) => `declare const ${name}: ${type}`)
  // `export {}` makes every snippet a module: top-level await works and names never clash between snippets.
  return { text: [...prelude, snippet.code, 'export {}', ''].join('\n'), prelude: prelude.length }
}

const snippets = markdownFiles(root)
  .sort()
  .flatMap((path) => extractSnippets(relative(root, path), readFileSync(path, 'utf8')))
const compiled = snippets.filter((snippet) => snippet.notCompiled === undefined)

let problems: Map<Snippet, string[]>

beforeAll(() => {
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile)
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root)
  Object.assign(options, {
    noEmit: true,
    paths: entryPaths(),
    // A Vite user's `?raw` imports (README's shim injection); the project itself needs none.
    types: ['node', 'vite/client'],
  } satisfies ts.CompilerOptions)
  const files = new Map(compiled.map((snippet, index) => [virtualName(snippet, index), { snippet, ...moduleText(snippet) }]))
  const host = ts.createCompilerHost(options)
  const { getSourceFile, fileExists, readFile } = host
  host.fileExists = (name) => files.has(name) || fileExists.call(host, name)
  host.readFile = (name) => files.get(name)?.text ?? readFile.call(host, name)
  host.getSourceFile = (name, language, ...rest) => {
    const file = files.get(name)
    return file ? ts.createSourceFile(name, file.text, language) : getSourceFile.call(host, name, language, ...rest)
  }
  const program = ts.createProgram([...files.keys()], options, host)
  problems = new Map(compiled.map((snippet) => [snippet, []]))
  const global = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()]
  if (global.length) throw new Error(ts.formatDiagnostics(global, host))
  for (const [name, { snippet, prelude }] of files) {
    const source = program.getSourceFile(name)!
    for (const diagnostic of [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]) {
      const { line, character } = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0)
      const where = line < prelude ? `${snippet.file}:${snippet.declaredAt} (its snippet comment)` : `${snippet.file}:${snippet.line + 1 + line - prelude}:${character + 1}`
      problems.get(snippet)!.push(`${where}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`)
    }
  }
}, 60_000)

describe('the TypeScript in the Markdown', () => {
  it('finds the blocks (the extraction itself works)', () => {
    expect(compiled.length).toBeGreaterThanOrEqual(10)
  })

  it.each(compiled.map((snippet) => [`${snippet.file}:${snippet.line}`, snippet] as const))('%s compiles', (_, snippet) => {
    const found = problems.get(snippet)!
    if (found.length) throw new Error(`${snippet.file}, the block at line ${snippet.line} does not compile:\n${found.join('\n')}`)
  })
})
