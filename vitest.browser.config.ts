/**
 * The real-browser suite (test/browser): headless Debian Chromium through playwright-core.
 * Run it with `npm run test:browser`, which installs Chromium first when it is missing.
 *
 * Each test file launches one browser and its own local servers; two files run at a time (the
 * CI machine has 2 cores, and each browser is several processes). Steps carry their own
 * timeouts (test/browser/harness/steps.ts), so a hang names the scenario and step that stalled
 * well before the test timeout below.
 */
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts', 'test/conformance/browser/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/browser/harness/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 90_000,
    hookTimeout: 60_000,
    teardownTimeout: 20_000,
  },
})
