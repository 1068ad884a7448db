import { defineProject } from 'vitest/config';

export default defineProject({
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  test: { name: 'sandbox', environment: 'node', include: ['src/**/*.test.ts'] },
});
