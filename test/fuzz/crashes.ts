/**
 * Collects uncaught exceptions and unhandled rejections while a fuzz file runs, so each run can
 * check that it caused none (and fast-check can shrink the run that did). Vitest reports them
 * too; this makes them a property failure with the message sequence attached.
 */
const seen: string[] = []
const record = (kind: string) => (error: unknown) => void seen.push(`${kind}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
const onRejection = record('unhandled rejection')
const onException = record('uncaught exception')

export function watchCrashes(): { count(): number; since(mark: number): string[]; stop(): void } {
  process.on('unhandledRejection', onRejection)
  process.on('uncaughtException', onException)
  return {
    count: () => seen.length,
    since: (mark) => seen.slice(mark),
    stop() {
      process.off('unhandledRejection', onRejection)
      process.off('uncaughtException', onException)
    },
  }
}
