// What the apply route loads on its first visit: the entry chunk, everything it imports
// statically, and the lazy apply page with its own imports. Prints gzip sizes per chunk and
// per npm package, against the budget of 110 KB of JavaScript (issue: SPA shell, Size).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_JS_GZIP = 110 * 1024;
const dist = new URL('../web/dist/', import.meta.url).pathname;
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error('web/dist has no manifest: run `npm run build` first.');
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const routeModule = process.argv[2] ?? 'src/app/routes/apply.tsx';

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
let cssTotal = 0;
for (const file of css) cssTotal += gz(file);

console.log(`First load of ${routeModule}`);
for (const [file, size] of rows.sort((a, b) => b[1] - a[1])) console.log(`  ${kb(size).padStart(9)}  ${file}`);
console.log('\nSource size by package (before minification, for orientation):');
for (const [name, size] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
  console.log(`  ${kb(size).padStart(9)}  ${name}`);
}
console.log(`\nJavaScript (gzip): ${kb(jsTotal)} of ${kb(BUDGET_JS_GZIP)} budget, ratio ${(jsTotal / BUDGET_JS_GZIP).toFixed(2)}`);
console.log(`CSS (gzip):        ${kb(cssTotal)}`);
console.log(jsTotal <= BUDGET_JS_GZIP ? 'Within budget.' : 'OVER BUDGET.');
