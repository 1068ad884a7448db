import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      environment: 'jsdom',
      // As in the server's tests, the files share their worker's modules and document instead of
      // importing the app and building a jsdom again each (about half the project's CPU); the
      // setup file puts back what a file may leave behind (src/testing/setup.ts).
      isolate: false,
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/testing/setup.ts'],
      // A page that polls (the key facts' mail state, every 1.5 s) takes about 2 s alone, near
      // Vitest's default of 5 s when the suite shares this 2-core machine with the lint and two
      // other workers: the limit is there to end a hung test, not to time one.
      testTimeout: 20_000,
    },
  }),
);
