// Builds what is missing or older than its sources: the SPA (Vite) and the server bundle
// (esbuild). `--force` builds both regardless. The SPA's build also writes its assets gzip- and
// brotli-compressed (web/precompress.ts).
import { join } from 'node:path';
import { mtime, newestMtime, root, run, SERVER_INPUTS, SERVER_OUTPUT, WEB_INPUTS, WEB_OUTPUT } from './lib.mjs';

const force = process.argv.includes('--force');

export async function build({ force: always = false } = {}) {
  if (always || mtime(WEB_OUTPUT) < newestMtime(WEB_INPUTS)) {
    console.log('Building the web app …');
    const code = await run('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: join(root, 'web') });
    if (code !== 0) return code;
  }
  if (always || mtime(SERVER_OUTPUT) < newestMtime(SERVER_INPUTS)) {
    console.log('Building the server …');
    const code = await run('node', ['server/build.mjs']);
    if (code !== 0) return code;
  }
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(await build({ force }));
}
