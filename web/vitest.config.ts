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
    },
  }),
);
