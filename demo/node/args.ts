/** The demo's command line: `npm run demo -- [--server "<command>"] [--port <n>] [--screenshot <file>]`. */

export interface DemoArgs {
  /** Shell-style command of a stdio MCP server to use instead of the embedded example server. */
  server?: string
  /** Port of the host page; the sandbox origin uses the next one. 0 picks free ports. */
  port?: number
  /** Run headless in Chromium, call every UI tool, write a PNG here, and exit. */
  screenshot?: string
  help: boolean
}

export const USAGE = `Usage: npm run demo -- [options]

  --server "<command>"   Connect to this stdio MCP server instead of the embedded example server,
                         e.g. --server "npx @modelcontextprotocol/server-basic-vanillajs --stdio"
  --port <n>             Serve the host page on 127.0.0.1:<n> and the sandbox origin on
                         localhost:<n+1> (default 8570; 0 picks free ports)
  --screenshot <file>    Run headless in Chromium, call each UI tool, save a PNG and exit
  --help                 Show this help`

/** A command line the demo does not understand (the usage text is worth showing). */
export class UsageError extends Error {}

export function parseArgs(argv: readonly string[]): DemoArgs {
  const args: DemoArgs = { help: false }
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = splitFlag(argv[i]!)
    const value = () => {
      const next = inline ?? argv[++i]
      if (next === undefined || (inline === undefined && next.startsWith('--'))) throw new UsageError(`${flag} needs a value`)
      return next
    }
    switch (flag) {
      case '--server':
        args.server = value()
        break
      case '--port': {
        const port = Number(value())
        if (!Number.isInteger(port) || port < 0 || port > 65534) throw new UsageError('--port must be an integer from 0 to 65534')
        args.port = port
        break
      }
      case '--screenshot':
        args.screenshot = value()
        break
      case '--help':
      case '-h':
        args.help = true
        break
      default:
        throw new UsageError(`Unknown option ${flag}`)
    }
  }
  return args
}

function splitFlag(arg: string): [string, string | undefined] {
  const eq = arg.indexOf('=')
  return arg.startsWith('--') && eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined]
}

/**
 * Splits a command line into words the way a POSIX shell would for simple cases (spaces,
 * single and double quotes, backslash escapes), so the server starts without a shell in between:
 * closing the transport then stops the server itself, not just a shell.
 */
export function splitCommand(command: string): string[] {
  const words: string[] = []
  let word = ''
  let quote: '"' | "'" | undefined
  let inWord = false
  for (let i = 0; i < command.length; i++) {
    const char = command[i]!
    if (quote) {
      if (char === quote) quote = undefined
      else if (char === '\\' && quote === '"' && i + 1 < command.length) word += command[++i]
      else word += char
    } else if (char === '"' || char === "'") {
      quote = char
      inWord = true
    } else if (char === '\\' && i + 1 < command.length) {
      word += command[++i]
      inWord = true
    } else if (/\s/.test(char)) {
      if (inWord) words.push(word)
      word = ''
      inWord = false
    } else {
      word += char
      inWord = true
    }
  }
  if (quote) throw new UsageError(`Unclosed ${quote} in --server command`)
  if (inWord) words.push(word)
  if (!words.length) throw new UsageError('--server needs a command')
  return words
}
