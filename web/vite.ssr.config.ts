import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { linguiCatalogs } from './lingui-catalogs.ts';

// The customer app for rendering on the server (src/entry-server.tsx, ADR 26): one module with
// everything in it (React included), so the server imports it from the web build without
// resolving anything of the web workspace. `vite build` of the customer app builds it too, into
// <outDir>/.ssr, a folder the server does not serve (see vite.config.ts).
export default defineConfig({
  plugins: [react(), linguiCatalogs()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store.ts', import.meta.url)) },
    ],
  },
  ssr: { noExternal: true },
  build: {
    ssr: fileURLToPath(new URL('./src/entry-server.tsx', import.meta.url)),
    outDir: 'dist/.ssr',
    emptyOutDir: true,
    target: 'node20',
    copyPublicDir: false,
    rolldownOptions: { output: { entryFileNames: 'entry-server.js' } },
  },
});
