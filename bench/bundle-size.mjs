// What the apply route loads on its first visit: the entry chunk, everything it imports
// statically, the lazy apply page with its own imports, and the compiled catalogue of the
// language the visit loads (virtual:messages/<lang>; the largest of the three is counted, as the
// worst case). Prints gzip sizes per chunk and per npm package, against the budget of 110 KB of
// JavaScript (issue: SPA shell, Size), and the CSS.
//   node bench/bundle-size.mjs [--dist <web build folder>] [route module]
//   BENCH_WEB_DIST=/tmp/dist node bench/bundle-size.mjs
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_JS_GZIP = 110 * 1024;
const args = process.argv.slice(2);
const distFlag = args.indexOf('--dist');
const distArg = distFlag >= 0 ? args.splice(distFlag, 2)[1] : undefined;
const dist = resolve(distArg ?? process.env.BENCH_WEB_DIST ?? new URL('../web/dist/', import.meta.url).pathname);
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`${dist} has no manifest: run \`npm run build\` first (or pass --dist).`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const routeModule = args[0] ?? 'src/app/pages/apply.tsx';

const files = new Set();
const css = new Set();
function visit(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const c of chunk.css ?? []) css.add(c);
  for (const imported of chunk.imports ?? []) visit(imported);
}
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
visit(entry);
if (!manifest[routeModule]) {
  console.error(`No chunk for ${routeModule} in the manifest.`);
  process.exit(2);
}
visit(routeModule);

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

// One language's texts load with the visit: the shell's group before the first render
// (main.tsx) and the page's namespace with the page (routes.tsx). Count the largest language.
const namespaceArg = process.argv.indexOf('--namespace');
const namespace = namespaceArg > 0 ? process.argv[namespaceArg + 1] : 'apply';
const catalogues = ['en', 'sv', 'nb']
  .map((language) => {
    const chunks = ['base', namespace].map((group) => manifest[`virtual:messages/${language}/${group}`]).filter(Boolean);
    return { language, file: chunks.map((c) => c.file).join(' + '), size: chunks.reduce((sum, c) => sum + gz(c.file), 0), found: chunks.length };
  })
  .filter(({ found }) => found > 0);
const catalogue = catalogues.sort((a, b) => b.size - a.size)[0];

const byPackage = new Map();
let jsTotal = 0;
const rows = [];
for (const file of files) {
  const size = gz(file);
  jsTotal += size;
  rows.push([file, size]);
  const mapPath = join(dist, `${file}.map`);
  if (!existsSync(mapPath)) continue;
  const map = JSON.parse(readFileSync(mapPath, 'utf8'));
  map.sources.forEach((source, i) => {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
    const name = match ? match[1] : source.includes('/domain/') ? '(domain)' : '(web app)';
    const raw = (map.sourcesContent?.[i] ?? '').length;
    byPackage.set(name, (byPackage.get(name) ?? 0) + raw);
  });
}
if (catalogue) {
  jsTotal += catalogue.size;
  rows.push([`${catalogue.file} (texts ${catalogue.language}: shell + ${namespace}, the largest)`, catalogue.size]);
}
const cssRows = [...css].map((file) => [file, gz(file)]);
const cssTotal = cssRows.reduce((sum, [, size]) => sum + size, 0);

console.log(`First load of ${routeModule} (${dist})`);
for (const [file, size] of rows.sort((a, b) => b[1] - a[1])) console.log(`  ${kb(size).padStart(9)}  ${file}`);
if (catalogues.length) {
  console.log('\nCatalogues (gzip): ' + catalogues.map((c) => `${c.language} ${kb(c.size)}`).join(', '));
}
console.log('\nSource size by package (before minification, for orientation):');
for (const [name, size] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
  console.log(`  ${kb(size).padStart(9)}  ${name}`);
}
console.log('\nCSS:');
for (const [file, size] of cssRows) console.log(`  ${kb(size).padStart(9)}  ${file}`);
console.log(`\nJavaScript (gzip): ${kb(jsTotal)} of ${kb(BUDGET_JS_GZIP)} budget, ratio ${(jsTotal / BUDGET_JS_GZIP).toFixed(2)}`);
console.log(`CSS (gzip):        ${kb(cssTotal)}`);
console.log(jsTotal <= BUDGET_JS_GZIP ? 'Within budget.' : 'OVER BUDGET.');
process.exitCode = jsTotal <= BUDGET_JS_GZIP ? 0 : 1;
