// The fuzz properties of server/test/fuzz.test.ts, run long: --runs requests per endpoint of the
// client and merchant APIs (valid calls with nasty parts, arbitrary JSON, text that is not JSON,
// noise in path, query, headers and cookies), against the real app, its simulated providers and
// the embedded database. Prints, per endpoint, how many requests were sent and how many answered
// 2xx, 3xx, 4xx and 5xx, and the first problems found (a 5xx, an internal detail in an answer,
// an error outside the catalogue's shape). Exit code 1 when any endpoint had one. The endpoints
// are shared among --jobs test processes running side by side.
//   node bench/fuzz.mjs [--runs 10000] [--jobs 2] [--seed 42]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './portal.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const runs = Number(arg('runs', 10_000));
const jobs = Number(arg('jobs', 2));
const seed = arg('seed', undefined);
const dir = mkdtempSync(join(tmpdir(), 'portal-fuzz-'));

const started = Date.now();
const shard = (i) =>
  new Promise((resolve) => {
    const report = join(dir, `report-${i}.json`);
    const child = spawn('npx', ['vitest', 'run', '--project', 'server', 'test/fuzz.test.ts'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, FUZZ_RUNS: String(runs), FUZZ_REPORT: report, FUZZ_SHARD: `${i}/${jobs}`, ...(seed ? { FUZZ_SEED: seed } : {}) },
    });
    child.on('exit', (code) => resolve({ code, counts: existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : {} }));
  });
const results = await Promise.all(Array.from({ length: jobs }, (_, i) => shard(i)));
rmSync(dir, { recursive: true, force: true });
const minutes = ((Date.now() - started) / 60_000).toFixed(1);

const rows = results.flatMap((r) => Object.entries(r.counts));
if (rows.length === 0) {
  console.error(`no report: the fuzz runs ended with ${results.map((r) => r.code).join(', ')}`);
  process.exit(1);
}
const width = Math.max(...rows.map(([name]) => name.length));
const columns = ['sent', '2xx', '3xx', '4xx', '5xx'];
console.log(`${'endpoint'.padEnd(width)}  ${columns.map((c) => c.padStart(7)).join(' ')}`);
const total = Object.fromEntries(columns.map((c) => [c, 0]));
for (const [name, c] of rows.sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`${name.padEnd(width)}  ${columns.map((k) => String(c[k]).padStart(7)).join(' ')}`);
  for (const k of columns) total[k] += c[k];
}
console.log(`${'all'.padEnd(width)}  ${columns.map((k) => String(total[k]).padStart(7)).join(' ')}`);
console.log(`${rows.length} endpoints, ${runs} requests each asked, ${minutes} min, ${jobs} processes`);
const problems = rows.flatMap(([name, c]) => c.problems.map((p) => `${name}: ${p}`));
for (const p of problems) console.log(p);
process.exit(problems.length > 0 || results.some((r) => r.code !== 0) ? 1 : 0);
