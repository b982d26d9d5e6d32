import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/browser/**', 'test/conformance/browser/**', 'test/package/**', 'node_modules/**'],
    environment: 'node',
    // Threads, not forks (no test relies on process isolation; each file still gets its own module
    // graph), and a worker per core: vitest's default leaves one core out, which on two cores is one
    // worker. On two cores the 1,341 tests take about 67 s (one worker: 96 s; forks: 115 s).
    pool: 'threads',
    maxWorkers: '100%',
    testTimeout: 20_000,
    setupFiles: ['test/helpers/request-ids.ts'],
  },
})
