import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { messages } from 'virtual:messages/en';
import { setApiLanguage } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';

// The test files of a worker share its modules and its document (vitest.config.ts): each file
// starts as a fresh page would, whatever the file before it left behind — English texts, no
// language chosen and nothing remembered for the tab, an empty page.
beforeAll(() => {
  sessionStorage.clear();
  if (i18n.locale && i18n.locale !== 'en') i18n.loadAndActivate({ locale: 'en', messages });
  setApiLanguage('en');
  document.documentElement.lang = 'en';
  document.title = '';
});

// Testing Library unmounts what a test rendered after it. Its own hook is registered only where
// its module is first imported, so with shared modules it is registered here, for every file.
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
