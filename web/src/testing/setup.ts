import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Testing Library unmounts what a test rendered after it. Its own hook registers only where the
// module is first imported, so with test files sharing modules (vitest.config.ts) it is said here,
// for every file.
afterEach(() => {
  cleanup();
});

// A console.error during a test is a bug the test did not look for: it fails the test.
let errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});
afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length > 0) throw new Error(`console.error was called: ${seen.map((a) => a.map(String).join(' ')).join('\n')}`);
});
