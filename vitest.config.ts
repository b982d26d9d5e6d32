import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/browser/**', 'test/conformance/browser/**', 'test/package/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 20_000,
  },
})
