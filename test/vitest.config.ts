import { defineProject } from 'vitest/config';

// Tests about the repository as a whole rather than one workspace: the lint's boundaries.
export default defineProject({
  test: { name: 'repository', environment: 'node', include: ['**/*.test.ts'], testTimeout: 120_000 },
});
