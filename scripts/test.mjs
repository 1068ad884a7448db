// `npm test`: type check, lint, unit and integration tests (embedded database, and PostgreSQL
// too when TEST_DATABASE_URL is set), build, then end-to-end tests in Chromium against the built
// server. Prints one summary and exits non-zero when any step failed.
import { build } from './build.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { run } from './lib.mjs';

const results = [];
const suiteStarted = Date.now();
async function step(name, fn) {
  const started = Date.now();
  // Its place in the summary is taken at the start: steps side by side keep the listed order.
  const result = { name, ok: false, seconds: 0 };
  results.push(result);
  console.log(`\n━━ ${name} ━━`);
  let code;
  try {
    code = await fn();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    code = 1;
  }
  Object.assign(result, { ok: code === 0, seconds: (Date.now() - started) / 1000 });
  return code === 0;
}

// The type check and the lint (one process, its output held until it ends, so that it does not
// interleave with the tests') start together; the unit and integration tests start as soon as
// the type check has ended, beside the rest of the lint, filling the core the type check leaves.
const typeCheck = step('Type check', () => run('node', ['scripts/typecheck.mjs']));
const lint = step('Lint', () => run('npx', ['eslint', '.'], { held: true }));
await typeCheck;
await Promise.all([
  lint,
  step(process.env.TEST_DATABASE_URL ? 'Unit and integration tests (PGlite and PostgreSQL)' : 'Unit and integration tests (PGlite)', () => run('npx', ['vitest', 'run'])),
]);
const built = await step('Build', () => build({ force: true }));
if (built) {
  await step('End-to-end tests (Chromium)', async () => {
    const chromium = ensureChromium();
    return run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      env: { ...process.env, CHROMIUM_PATH: chromium },
    });
  });
} else {
  results.push({ name: 'End-to-end tests (Chromium)', ok: false, seconds: 0, skipped: true });
}

console.log('\n━━ Summary ━━');
for (const r of results) {
  const mark = r.skipped ? 'SKIP' : r.ok ? 'PASS' : 'FAIL';
  console.log(`  ${mark}  ${r.name.padEnd(52)} ${r.seconds.toFixed(1).padStart(6)} s`);
}
console.log(`  ${'Total'.padEnd(58)} ${((Date.now() - suiteStarted) / 1000).toFixed(1).padStart(6)} s`);
const failed = results.filter((r) => !r.ok);
console.log(failed.length ? `\n${failed.length} step(s) failed.` : '\nAll steps passed.');
process.exit(failed.length ? 1 : 0);
