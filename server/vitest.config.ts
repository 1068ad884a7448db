import { defineProject } from 'vitest/config';

export default defineProject({
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/fail-on-console-error.ts'],
    // The test files share their worker's modules instead of importing the whole server again
    // each (the import was 146 of the project's 459 CPU-seconds on two cores; 239 -> 144 s). Each
    // file still builds its own apps on its own database; nothing a test relies on is a module's
    // state (config, keys and caches hang off the app).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
