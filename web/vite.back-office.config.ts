import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { linguiCatalogs } from './lingui-catalogs.ts';
import { precompress } from './precompress.ts';

// The back office's console: its own entry (src/back-office/index.html) and its own bundle under
// /back-office/, so nothing of it reaches the customers' app. `vite build` of the customer app
// builds it too, into <outDir>/back-office (see vite.config.ts); in development run
// `npx vite --config vite.back-office.config.ts` beside `npm start`.
const portal = process.env.PORTAL_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('./src/back-office', import.meta.url)),
  base: '/back-office/',
  // The customer app's public files (documents, favicon) are its own; the console links the favicon.
  publicDir: false,
  plugins: [react(), tailwindcss(), linguiCatalogs(), precompress()],
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
