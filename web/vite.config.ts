import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
import { linguiCatalogs } from './lingui-catalogs.ts';
import { precompress } from './precompress.ts';

// The SPA lives under /loan-subscription/ and calls the API on the same origin. In development
// the Vite server proxies /api and the server-rendered parts to the portal on port 3000.
const portal = process.env.PORTAL_URL ?? 'http://localhost:3000';

/**
 * Builds the back office's console after the customer app, into <outDir>/back-office, from its
 * own config and entry: a separate bundle, so every way of building the app builds it too and
 * the customers' app never carries any of it.
 */
function backOfficeConsole(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal:back-office-console',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await build({
        configFile: fileURLToPath(new URL('./vite.back-office.config.ts', import.meta.url)),
        logLevel: 'warn',
        build: { outDir: `${outDir}/back-office` },
      });
    },
  };
}

export default defineConfig({
  base: '/loan-subscription/',
  plugins: [react(), tailwindcss(), linguiCatalogs(), precompress(), backOfficeConsole()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': portal, '/sandbox': portal, '/demo-shop': portal },
  },
});
