/**
 * One browser and the kit's servers, shared by as many runs as a caller likes (a test file
 * starts one and runs every implementation in it; the CLI starts one per run).
 */
import { existsSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { launchKitBrowser, type KitBrowser } from './browser.js'
import { ATTACKER_HTML, ATTACKER_PATH } from './attacker.js'
import { directoryContent, html, startKitServers, type KitServers } from './servers.js'

export interface EnvironmentOptions {
  /** Chromium to run (default: `CHROMIUM_PATH`, else `/usr/bin/chromium` when present, else playwright's). */
  chromiumPath?: string
}

export interface ConformanceEnvironment {
  readonly browser: KitBrowser
  readonly servers: KitServers
  /** Serves the files of `dir` on the sandbox origin (for a host's sandbox proxy page). */
  serveSandboxDir(dir: string): void
  close(): Promise<void>
}

export async function startConformanceEnvironment(options: EnvironmentOptions = {}): Promise<ConformanceEnvironment> {
  const [launched, started] = await Promise.allSettled([launchKitBrowser(options.chromiumPath), startKitServers()])
  if (launched.status === 'rejected' || started.status === 'rejected') {
    if (launched.status === 'fulfilled') await launched.value.close()
    if (started.status === 'fulfilled') await started.value.close()
    throw launched.status === 'rejected' ? launched.reason : (started as PromiseRejectedResult).reason
  }
  const browser = launched.value
  const servers = started.value
  servers.sandbox.route(ATTACKER_PATH, html(ATTACKER_HTML))
  return {
    browser,
    servers,
    serveSandboxDir(dir) {
      const root = resolve(dir)
      // A wrong path would serve nothing: the proxy never loads and the host would be failed for it.
      if (!existsSync(root) || !statSync(root).isDirectory()) throw new Error(`The sandbox directory ${root} (--sandbox-dir / sandboxDir) is not a directory: give the folder that holds your sandbox proxy page`)
      servers.sandbox.route('/', directoryContent(root))
    },
    async close() {
      await Promise.allSettled([browser.close(), servers.close()])
    },
  }
}
