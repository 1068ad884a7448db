import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      environment: 'jsdom',
      // As in the server's tests, the files share their worker's modules (a third less CPU for
      // the project); each test unmounts what it rendered (src/testing/setup.ts) and puts back
      // what it stubbed.
      isolate: false,
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/testing/setup.ts'],
    },
  }),
);
