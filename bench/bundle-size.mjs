// The JavaScript (gzip) every route of the customer app downloads, from the build's manifest:
//   first load: the entry chunk and everything it imports statically, the route's lazy page with
//               its own static imports, and the texts the visit loads (the shell's group and the
//               page's namespaces, in the largest of the three languages);
//   all-in:     the first load and everything the page can import later (parts loaded when the
//               browser is idle, or when a screen needs them), with the texts those parts load
//               (`loadNamespaces('…')` in their code, found through the source maps).
// Both are held to the budget (PRODUCT.md section 7, restated 27 November 2026: 100 KB, React 19,
// ReactDOM and the scheduler alone being about 66 of it); the exit code is 1 when a route is over.
// `--details <page>` lists the chunks and packages of one route (default: the apply route).
//   node bench/bundle-size.mjs [--dist <web build folder>] [--details src/app/pages/sign.tsx]
//   BENCH_WEB_DIST=/tmp/dist node bench/bundle-size.mjs
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';

export const BUDGET_JS_GZIP = 100 * 1024;
/** Pages that are not the customer's: shown, not held to the budget. */
const UNBUDGETED = new Set(['src/app/pages/design-system.tsx']);
/**
 * Parts a page imports only in the sandbox (features.showDummyLogin, off in production): a
 * customer never downloads them, so they are listed apart and not counted in all-in.
 */
const SANDBOX_ONLY = new Set(['src/features/apply/components/mock-panel.tsx', 'src/features/auth/components/dummy-login-panel.tsx']);
/** Texts only those sandbox parts load (their namespace): not counted either. */
const SANDBOX_ONLY_TEXTS = new Set(['sandbox']);

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const webDir = new URL('../web/', import.meta.url).pathname;
const dist = resolve(option('dist') ?? process.env.BENCH_WEB_DIST ?? join(webDir, 'dist'));
const details = option('details') ?? 'src/app/pages/apply.tsx';
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`${dist} has no manifest: run \`npm run build\` first (or pass --dist).`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);

const gzCache = new Map();
const gz = (file) => {
  if (!gzCache.has(file)) gzCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzCache.get(file);
};
/** What the server sends a browser that takes brotli (every current one): the build's .br copy. */
const brCache = new Map();
const br = (file) => {
  if (!brCache.has(file)) {
    const copy = join(dist, `${file}.br`);
    const bytes = existsSync(copy) ? readFileSync(copy) : brotliCompressSync(readFileSync(join(dist, file)), { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } });
    brCache.set(file, bytes.length);
  }
  return brCache.get(file);
};
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const isTexts = (key) => key.includes('virtual:messages/');
const isPage = (key) => key.startsWith('src/app/pages/');

/** The chunks `keys` import statically, with their own static imports. */
function staticClosure(keys, into = new Set()) {
  const visit = (key) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return into;
}

/** Everything `keys` can import later (dynamic imports, and theirs), other pages and texts apart. */
function laterClosure(keys, loaded) {
  const later = new Set();
  const queue = [...keys];
  while (queue.length) {
    const key = queue.pop();
    for (const dynamic of manifest[key]?.dynamicImports ?? []) {
      if (isTexts(dynamic) || isPage(dynamic) || SANDBOX_ONLY.has(dynamic) || loaded.has(dynamic) || later.has(dynamic)) continue;
      for (const reached of staticClosure([dynamic])) {
        if (loaded.has(reached) || later.has(reached)) continue;
        later.add(reached);
        queue.push(reached);
      }
    }
  }
  return later;
}

/**
 * The pages and the text namespaces each loads with it: the route list the build writes beside
 * its manifest (web/page-routes.ts), so a build is measured with its own routes.
 */
function pages() {
  const routesPath = join(dist, '.vite', 'page-routes.json');
  if (!existsSync(routesPath)) {
    console.error(`${dist} has no route list (.vite/page-routes.json): build it again.`);
    process.exit(2);
  }
  const found = new Map();
  for (const { module, namespaces } of JSON.parse(readFileSync(routesPath, 'utf8'))) found.set(module, { module, namespaces });
  return [...found.values()];
}

/**
 * A chunk's source map, or null for one without (the bundler's runtime and a page's re-export
 * carry no code of the app's). A build without any is refused: the texts the code loads are
 * read from them.
 */
const maps = new Map();
function sourceMap(key) {
  if (!maps.has(key)) {
    const mapPath = join(dist, `${manifest[key].file}.map`);
    maps.set(key, existsSync(mapPath) ? JSON.parse(readFileSync(mapPath, 'utf8')) : null);
  }
  return maps.get(key);
}
if (!sourceMap(entryKey)) {
  console.error(`${dist} has no source maps: the bench reads from them which texts the code loads (build.sourcemap).`);
  process.exit(2);
}

/**
 * The text groups the code of `keys` loads when a screen needs them (`loadNamespaces('…')` with
 * named groups, e.g. a panel that is rarely shown and comes with its texts), sandbox ones apart.
 */
function namespacesLoadedBy(keys) {
  const found = new Set();
  for (const key of keys) {
    if (isTexts(key) || !manifest[key].file.endsWith('.js')) continue;
    for (const content of sourceMap(key)?.sourcesContent ?? []) {
      for (const call of (content ?? '').matchAll(/loadNamespaces\(([^)]*)\)/g)) {
        for (const [, name] of call[1].matchAll(/'([\w-]+)'/g)) if (!SANDBOX_ONLY_TEXTS.has(name)) found.add(name);
      }
    }
  }
  return found;
}

/**
 * The texts of a visit, per language: what it loads with the page (the shell's group and the
 * page's namespaces) and what its code may load later. The bench counts the largest language.
 */
function texts(namespaces, laterNamespaces) {
  return ['en', 'sv', 'nb'].map((language) => {
    const keysOf = (groups) => groups.map((group) => `virtual:messages/${language}/${group}`).filter((k) => manifest[k]);
    const first = keysOf(['base', ...namespaces]);
    const later = keysOf([...laterNamespaces].filter((group) => group !== 'base' && !namespaces.includes(group)));
    const size = (keys, of = gz) => keys.reduce((sum, k) => sum + of(manifest[k].file), 0);
    return {
      language,
      first,
      later,
      firstSize: size(first),
      allSize: size(first) + size(later),
      firstBrotli: size(first, br),
      allBrotli: size(first, br) + size(later, br),
    };
  });
}
const largest = (languages, by) => [...languages].sort((a, b) => b[by] - a[by])[0];

const entry = staticClosure([entryKey]);
const results = [];
for (const { module, namespaces } of pages()) {
  if (!manifest[module]) {
    console.error(`No chunk for ${module} in the manifest.`);
    process.exit(2);
  }
  const first = staticClosure([module], new Set(entry));
  const later = laterClosure([...first], first);
  const languages = texts(namespaces, namespacesLoadedBy([...first, ...later]));
  const text = largest(languages, 'allSize');
  const sizeOf = (keys, size = gz) => [...keys].reduce((sum, k) => sum + size(manifest[k].file), 0);
  const firstLoad = sizeOf(first) + largest(languages, 'firstSize').firstSize;
  const allIn = sizeOf(first) + sizeOf(later) + text.allSize;
  const firstLoadBrotli = sizeOf(first, br) + largest(languages, 'firstBrotli').firstBrotli;
  const allInBrotli = sizeOf(first, br) + sizeOf(later, br) + largest(languages, 'allBrotli').allBrotli;
  results.push({ module, namespaces, first, later, text, firstLoad, allIn, firstLoadBrotli, allInBrotli });
}

console.log(`JavaScript per route, gzip -9 (${dist}); budget ${kb(BUDGET_JS_GZIP)} for the first load and for all-in\n`);
// The budget is in gzip (PRODUCT.md section 7); the last columns, for information, are what is sent as brotli.
console.log(`  ${''.padEnd(36)} ${'gzip'.padStart(21)} ${'(brotli)'.padStart(21)}`);
console.log(`  ${'route module'.padEnd(36)} ${'first load'.padStart(10)} ${'all-in'.padStart(10)} ${'first load'.padStart(10)} ${'all-in'.padStart(10)}`);
let over = false;
for (const r of results) {
  const budgeted = !UNBUDGETED.has(r.module);
  const ok = r.firstLoad <= BUDGET_JS_GZIP && r.allIn <= BUDGET_JS_GZIP;
  if (budgeted && !ok) over = true;
  const mark = !budgeted ? '(not budgeted: sandbox page)' : ok ? '' : 'OVER BUDGET';
  const sizes = [r.firstLoad, r.allIn, r.firstLoadBrotli, r.allInBrotli].map((n) => kb(n).padStart(10)).join(' ');
  console.log(`  ${r.module.padEnd(36)} ${sizes}  ${mark}`);
}

const shown = results.find((r) => r.module === details);
if (shown) {
  console.log(`\n${details}: first load`);
  const rows = [...shown.first].map((k) => [manifest[k].file, gz(manifest[k].file)]);
  const textSize = (keys) => keys.reduce((sum, k) => sum + gz(manifest[k].file), 0);
  const groupsOf = (keys) => keys.map((k) => k.slice(k.lastIndexOf('/') + 1)).join(' + ');
  rows.push([`${shown.text.first.map((k) => manifest[k].file).join(' + ')} (texts ${shown.text.language}: ${groupsOf(shown.text.first)})`, textSize(shown.text.first)]);
  for (const [file, size] of rows.sort((a, b) => b[1] - a[1])) console.log(`  ${kb(size).padStart(9)}  ${file}`);
  console.log(`${details}: loaded later`);
  for (const k of shown.later) console.log(`  ${kb(gz(manifest[k].file)).padStart(9)}  ${manifest[k].file}`);
  if (shown.text.later.length) console.log(`  ${kb(textSize(shown.text.later)).padStart(9)}  ${shown.text.later.map((k) => manifest[k].file).join(' + ')} (texts ${shown.text.language}: ${groupsOf(shown.text.later)})`);
  const sandbox = [...shown.first, ...shown.later].flatMap((k) => (manifest[k].dynamicImports ?? []).filter((d) => SANDBOX_ONLY.has(d)));
  if (sandbox.length) console.log(`${details}: sandbox only, not counted`);
  for (const k of new Set(sandbox)) console.log(`  ${kb(gz(manifest[k].file)).padStart(9)}  ${manifest[k].file} (${k})`);

  const byPackage = new Map();
  for (const k of [...shown.first, ...shown.later]) {
    const map = sourceMap(k);
    if (!map) continue;
    map.sources.forEach((source, i) => {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
      const name = match ? match[1] : source.includes('/domain/') ? '(domain)' : '(web app)';
      byPackage.set(name, (byPackage.get(name) ?? 0) + (map.sourcesContent?.[i] ?? '').length);
    });
  }
  console.log('\nSource size by package, all-in (before minification, for orientation):');
  for (const [name, size] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 14)) console.log(`  ${kb(size).padStart(9)}  ${name}`);
  const css = new Set([...shown.first].flatMap((k) => manifest[k].css ?? []));
  console.log(`CSS (gzip): ${kb([...css].reduce((sum, file) => sum + gz(file), 0))}`);
}

console.log(
  over
    ? '\nOVER BUDGET. React 19, ReactDOM and the scheduler take about 66 KB of the 100, which leaves the app 34 (texts included).\n' +
      'Where a route\'s bytes go: --details <page>; what was measured, taken and rejected: docs/adr/0014.'
    : '\nEvery route within budget.',
);
process.exitCode = over ? 1 : 0;
