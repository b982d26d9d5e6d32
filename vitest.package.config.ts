import { defineConfig } from 'vitest/config'

/** The packed package, checked as consumers load it: needs `npm run build` first (`npm test` does it). */
export default defineConfig({
  test: {
    include: ['test/package/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
