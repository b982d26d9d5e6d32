/**
 * The kit's two entry points. Each runs in an environment (a browser and the kit's servers):
 * the one given, or a fresh one it closes afterwards.
 */
import { runHost, type HostRunOptions } from './host/run-host.js'
import type { ConformanceReport } from './report/report.js'
import { startConformanceEnvironment, type ConformanceEnvironment, type EnvironmentOptions } from './runtime/environment.js'
import { runView, type ViewRunOptions } from './view/run-view.js'

export interface HostConformanceOptions extends HostRunOptions, EnvironmentOptions {
  /** A running environment to reuse (several runs, one browser); without it one is started and closed. */
  environment?: ConformanceEnvironment
}

export interface ViewConformanceOptions extends ViewRunOptions, EnvironmentOptions {
  /** A running environment to reuse; without it one is started and closed. */
  environment?: ConformanceEnvironment
}

async function within<T>(options: EnvironmentOptions & { environment?: ConformanceEnvironment }, run: (env: ConformanceEnvironment) => Promise<T>): Promise<T> {
  const env = options.environment ?? (await startConformanceEnvironment(options))
  try {
    return await run(env)
  } finally {
    if (!options.environment) await env.close()
  }
}

/**
 * Tests a host: bundles the adapter module, mounts the kit's scripted view with it in two
 * sessions, and returns a verdict for every host requirement of the selected categories.
 */
export function runHostConformance(options: HostConformanceOptions): Promise<ConformanceReport> {
  return within(options, (env) => runHost(env, options))
}

/**
 * Tests a view: loads its HTML into the kit's scripted host and returns a verdict for every view
 * requirement of the selected categories.
 */
export function runViewConformance(options: ViewConformanceOptions): Promise<ConformanceReport> {
  return within(options, (env) => runView(env, options))
}
