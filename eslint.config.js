// One lint configuration for every workspace. Type-aware rules stay off to keep it fast; the
// type check (tsc, strict) runs separately.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

const root = import.meta.dirname;
const workspaces = ['domain', 'contracts', 'sandbox', 'demo-shop', 'server', 'web', 'e2e', 'bench'];
const others = (...allowed) => workspaces.filter((w) => !allowed.includes(w));
const webFeatures = readdirSync(`${root}/web/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Each zone: files under `target` may not import files under `from`. */
export const boundaryZones = [
  {
    target: 'domain',
    from: others('domain'),
    message: 'domain/ is shared by every workspace and imports none of them.',
  },
  {
    target: 'contracts',
    from: others('contracts'),
    message: 'contracts/ is the providers\' published material, transcribed: it imports no workspace.',
  },
  {
    target: 'sandbox',
    from: others('sandbox', 'domain', 'contracts'),
    message: 'sandbox/ is an outside party: it imports only domain/ and the providers\' contracts, and talks to the portal over HTTP.',
  },
  {
    target: 'demo-shop',
    from: others('demo-shop', 'domain'),
    message: 'demo-shop/ is an outside party: it imports only domain/ and talks to the portal over HTTP.',
  },
  {
    target: ['server/src', 'web'],
    from: 'contracts',
    message: 'The portal never reads the providers\' contracts: its adapters are tested against them (server/test), and an adapter that used them could not be caught by them.',
  },
  ...webFeatures.map((feature) => ({
    target: `web/src/features/${feature}`,
    from: webFeatures.filter((other) => other !== feature).map((other) => `web/src/features/${other}`),
    message: 'A feature does not import another feature: move what both need to web/src/lib or web/src/components.',
  })),
  {
    target: ['web/src/components', 'web/src/lib'],
    from: ['web/src/features', 'web/src/app', 'web/src/back-office'],
    message: 'Layout, UI components and lib are below the features and the app: they import none of them.',
  },
  {
    target: 'web/src/features',
    from: ['web/src/app', 'web/src/back-office'],
    message: 'Features are below the app: the app composes them, not the other way round.',
  },
  {
    target: 'web/src/back-office',
    from: ['web/src/features', 'web/src/app', 'web/src/main.tsx'],
    message: 'The back office is its own entry and bundle: it shares lib and components, not the customer app.',
  },
  {
    target: ['web/src/app', 'web/src/main.tsx'],
    from: 'web/src/back-office',
    message: 'The customer app does not import the back office: they are separate bundles.',
  },
  {
    target: 'server/src/services',
    from: 'server/src/routes',
    message: 'Services (use cases) are called by routes and never import them.',
  },
  {
    target: ['server/src/db', 'server/src/providers', 'server/src/lenders'],
    from: ['server/src/services', 'server/src/routes'],
    message: 'Repositories, providers and lender flows are called by services and import neither services nor routes.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '.e2e-builds/**', '**/node_modules/**', 'data/**', '**/test-results/**', '**/playwright-report/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['server/src/**/*.tsx', 'sandbox/src/**/*.tsx', 'demo-shop/src/**/*.tsx'],
    plugins: { 'jsx-a11y': jsxA11y },
    rules: { ...jsxA11y.flatConfigs.recommended.rules },
  },
  {
    // The allowed arrows between packages and layers (docs/architecture-boundaries.md, ADR 20).
    // Imports are resolved (tsconfig paths, workspace links) before they are compared, so an
    // alias or a package name cannot go round a boundary.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['domain', 'contracts', 'sandbox', 'demo-shop', 'server', 'web', 'e2e', 'bench'].map((w) => `${root}/${w}/tsconfig.json`),
        }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }] },
  },
  {
    // Scripts and benchmarks print to the console by design.
    files: ['scripts/**', 'bench/**', '**/build.mjs', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
