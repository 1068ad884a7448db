import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { linguiCatalogs } from './lingui-catalogs.ts';
import { precompress } from './precompress.ts';

// The SPA lives under /loan-subscription/ and calls the API on the same origin. In development
// the Vite server proxies /api and the server-rendered parts to the portal on port 3000.
const portal = process.env.PORTAL_URL ?? 'http://localhost:3000';

export default defineConfig({
  base: '/loan-subscription/',
  plugins: [react(), tailwindcss(), linguiCatalogs(), precompress()],
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
