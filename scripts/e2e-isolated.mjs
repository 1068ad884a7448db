// Runs the end-to-end tests against a build of its own, in folders of its own (under .e2e-builds/,
// inside the repository so the bundle finds node_modules) and on its own
// port, so several people (or agents) can run them at once in one checkout.
//   node scripts/e2e-isolated.mjs [--port 3301] [playwright args, e.g. e2e/smoke.spec.ts]
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { root, run } from './lib.mjs';

const args = process.argv.slice(2);
const portIndex = args.indexOf('--port');
const port = portIndex >= 0 ? args.splice(portIndex, 2)[1] : String(3300 + Math.floor(Math.random() * 600));
mkdirSync(join(root, '.e2e-builds'), { recursive: true });
const dir = mkdtempSync(join(root, '.e2e-builds', 'run-'));
const webDist = join(dir, 'web');
const serverDir = join(dir, 'server');

let code = await run('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', webDist], { cwd: join(root, 'web') });
if (code === 0) code = await run('node', ['server/build.mjs', '--outdir', serverDir]);
if (code === 0) {
  code = await run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...args], {
    env: {
      ...process.env,
      CHROMIUM_PATH: ensureChromium(),
      E2E_PORT: port,
      E2E_WEB_DIST: webDist,
      E2E_SERVER_ENTRY: join(serverDir, 'server.js'),
    },
  });
}
rmSync(dir, { recursive: true, force: true });
process.exit(code);
