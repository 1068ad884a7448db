import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
import { linguiCatalogs } from './lingui-catalogs.ts';
import { pageRoutes } from './page-routes.ts';
import { precompress } from './precompress.ts';

/**
 * Fewer, larger chunks compress better than many small ones (each small chunk is compressed on
 * its own, with its own import lines). What nearly every page uses goes with the app's entry:
 * the libraries, the layout, the shared components and helpers, the shared rules of `domain/`
 * that the browser uses, the flow's shared parts. The apply screen, where customers arrive, is one
 * chunk with its feature and the form's parts. The rest stays split per page. Fewer requests also
 * start at once: the server names them all in the page (server/src/plugins/spa.ts;
 * bench/bundle-size.mjs, ADR 14).
 */
const SHELL = [
  // Not zod (the server's; the browser checks without it, ADR 14), nor SWR's mutation hook,
  // which only the sandbox's login uses.
  /node_modules[\\/](?!zod[\\/]|swr[\\/]dist[\\/]mutation[\\/])/,
  /[\\/]web[\\/]src[\\/](lib|components[\\/]layout)[\\/]/,
  /[\\/]web[\\/]src[\\/]components[\\/]ui[\\/]/,
  // Not the customer's own page's rules and answer checkers: only its pages load them (issue 32).
  /[\\/]domain[\\/]src[\\/](?!(schemas|sandbox|builders)[\\/]|after-decision\.|client-api[\\/]answer-shapes-after-decision\.)/,
  /rolldown[\\/]runtime/,
];
/**
 * What the pages after the apply screen share and the apply route does not use (the application
 * of the flow, the flow's language, starting a Resurs signing again from the sign and signing
 * failure pages): one chunk of their own, so the apply route does not download it (ADR 14).
 */
const FLOW =
  /[\\/]web[\\/]src[\\/](features[\\/](payment[\\/](hooks[\\/]use-flow-application|logic[\\/]remembered-reference)|sign[\\/](hooks[\\/]use-start-resurs-signing|api[\\/]create-signing-session))\.|lib[\\/]flow[\\/]use-application-language\.)/;
/**
 * The flow's closing parts: the way back to the shop, which the pages after the apply screen show,
 * and the panel that takes the place of a page whose application turned final (the apply and
 * sign pages): one chunk, not three small ones.
 */
const CLOSING = /[\\/]web[\\/]src[\\/]components[\\/]flow[\\/](closed-screen|application-closed|back-to-merchant)\./;
/**
 * The form's parts (the controls, the form-state hook): the apply screen's alone among the
 * customer's pages, so they go with it (the design-system page borrows them from its chunk).
 */
const FORM = /[\\/]web[\\/]src[\\/](components[\\/]ui[\\/](form-field|text-input|checkbox|field-error|use-form-field|control-variants)\.|lib[\\/]use-form\.)/;
/** Used by a few pages only (the design system's, the sandbox's panels), none a customer's. */
const NOT_SHELL = /[\\/]web[\\/]src[\\/](lib[\\/]links\.|components[\\/]ui[\\/](text-area|throttle|use-throttled-callback|select|dropdown-list|tooltip)\.)/;
/**
 * The customer's own pages (issue 32: the list, the decline page, the review, the withdrawal): what
 * they all load (the list's call, its answer checkers and rules from `domain/`), one chunk rather
 * than several small ones; each page's own components stay with it.
 */
const MY = /[\\/](web[\\/]src[\\/]features[\\/]my-applications[\\/](api[\\/]|hooks[\\/]use-my-applications\.|components[\\/]after-decision-views\.)|domain[\\/]src[\\/](after-decision\.|client-api[\\/]answer-shapes-after-decision\.))/;
const APPLY =
  /[\\/]web[\\/]src[\\/](features[\\/](applications[\\/]|apply[\\/](?!components[\\/]mock-panel\.|logic[\\/](apply-validation|form-resolver)\.))|app[\\/]pages[\\/](apply|form-apply)\.)/;

// The SPA lives under /loan-subscription/ and calls the API on the same origin. In development
// the Vite server proxies /api and the server-rendered parts to the portal on port 3000.
const portal = process.env.PORTAL_URL ?? 'http://localhost:3000';

/**
 * A second bundle built after the customer app, from its own config, into <outDir>/<folder>, so
 * every way of building the app builds it too:
 * - the back office's console (vite.back-office.config.ts, into `back-office`), a separate bundle
 *   so the customers' app never carries any of it;
 * - the app for rendering on the server (vite.ssr.config.ts, ADR 26, into `.ssr`), a folder the
 *   server reads and never serves (a dot folder).
 */
function alsoBuild(name: string, configFile: string, folder: string): Plugin {
  let outDir = 'dist';
  return {
    name: `portal:${name}`,
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await build({
        configFile: fileURLToPath(new URL(configFile, import.meta.url)),
        logLevel: 'warn',
        build: { outDir: `${outDir}/${folder}` },
      });
    },
  };
}

export default defineConfig({
  base: '/loan-subscription/',
  plugins: [
    react(),
    tailwindcss(),
    linguiCatalogs(),
    pageRoutes(),
    precompress(),
    alsoBuild('back-office-console', './vite.back-office.config.ts', 'back-office'),
    alsoBuild('server-renderer', './vite.ssr.config.ts', '.ssr'),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // wouter and SWR import the useSyncExternalStore shim for React before 18; React 19 has the
      // hook itself (src/lib/use-sync-external-store.ts).
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store.ts', import.meta.url)) },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    // Every browser of the es2022 target preloads modules itself: no polyfill in the entry.
    modulePreload: { polyfill: false },
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'shell',
              test: (id: string) => !FLOW.test(id) && !FORM.test(id) && !NOT_SHELL.test(id) && SHELL.some((pattern) => pattern.test(id)),
              priority: 2,
            },
            { name: 'flow', test: FLOW, priority: 1 },
            { name: 'closing', test: CLOSING, priority: 1 },
            { name: 'my', test: MY, priority: 1 },
            { name: 'apply', test: (id: string) => APPLY.test(id) || FORM.test(id), priority: 1, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': portal, '/sandbox': portal, '/demo-shop': portal },
  },
});
