import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Servers in tests bind 127.0.0.1 on ports they pick; e2e browser tests are slower on 2 cores.
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: '.ci/test-results.json' },
  },
});
