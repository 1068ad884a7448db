import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { linguiCatalogs } from './lingui-catalogs.ts';
import { precompress } from './precompress.ts';

// The back office's console: its own entry (src/back-office/index.html) and its own bundle under
// /back-office/, so nothing of it reaches the customers' app. `vite build` of the customer app
// builds it too, into <outDir>/back-office (see vite.config.ts); in development run
// `npx vite --config vite.back-office.config.ts` beside `npm start`.
const portal = process.env.PORTAL_URL ?? 'http://localhost:3000';

/**
 * The customer stylesheet (src/styles.css) leaves the console's folder out of its sources, so the
 * customers' CSS never carries the console's classes. Here the same stylesheet scans the console
 * and the design-system components instead.
 */
function consoleSources(): Plugin {
  const exclusion = "@source not './back-office';";
  return {
    name: 'portal:console-sources',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('/src/styles.css')) return null;
      if (!code.includes(exclusion)) throw new Error(`src/styles.css no longer says ${exclusion}`);
      return code.replace(exclusion, "@source './back-office';\n@source './components/ui';");
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('./src/back-office', import.meta.url)),
  base: '/back-office/',
  // The customer app's public files (documents, favicon) are its own; the console links the favicon.
  publicDir: false,
  plugins: [consoleSources(), react(), tailwindcss(), linguiCatalogs(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/back-office', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    manifest: true,
  },
  server: {
    port: 5174,
    proxy: { '/api': portal, '/sandbox': portal },
  },
});
