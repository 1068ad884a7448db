import { defineConfig } from 'vitest/config';

// One run for every workspace: the shared domain rules, the simulators' own rules, the server
// (unit and integration, on the embedded database and, with TEST_DATABASE_URL, on PostgreSQL too)
// and the web app.
export default defineConfig({
  test: {
    projects: ['domain/vitest.config.ts', 'sandbox/vitest.config.ts', 'server/vitest.config.ts', 'web/vitest.config.ts', 'test/vitest.config.ts'],
  },
});
