import { defineConfig } from 'vitest/config';

// One run for every workspace: the shared domain rules, the simulators' own rules, the server
// (unit and integration, on the embedded database and, with TEST_DATABASE_URL, on PostgreSQL too)
// and the web app.
export default defineConfig({
  test: {
    // Most tests wait (HTTP between the portal and its simulators, timers, the database) more
    // than they compute: one worker more than this 2-core machine's cores halves the phase
    // (356 s with Vitest's default of 1 here, 176 s with 3). `--maxWorkers` overrides it.
    maxWorkers: 3,
    projects: ['domain/vitest.config.ts', 'contracts/vitest.config.ts', 'sandbox/vitest.config.ts', 'server/vitest.config.ts', 'web/vitest.config.ts', 'test/vitest.config.ts'],
  },
});
