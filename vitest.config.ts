import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Servers in tests bind 127.0.0.1 on ports they pick; e2e browser tests are slower on 2 cores.
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One worker per core, not vitest's default of one fewer: most files wait on sockets, timers and child processes
    // rather than compute, so on a 2-core machine the default (a single worker) left a core idle and ran every file
    // in turn (a load average of about 1.3 through a 15-minute run).
    maxWorkers: availableParallelism(),
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: '.ci/test-results.json' },
  },
});
