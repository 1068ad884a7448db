// Builds what is missing or older than its sources: the SPA (Vite) and the server bundle
// (esbuild). `--force` builds both regardless. The SPA's assets are also written gzip- and
// brotli-compressed, which the server sends to browsers that accept them.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { mtime, newestMtime, root, run, SERVER_INPUTS, SERVER_OUTPUT, WEB_INPUTS, WEB_OUTPUT } from './lib.mjs';

const force = process.argv.includes('--force');

function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) precompress(path);
    else if (/\.(js|css|html|svg|json)$/.test(entry.name)) {
      const content = readFileSync(path);
      if (content.length < 1024) continue;
      writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    }
  }
}

export async function build({ force: always = false } = {}) {
  if (always || mtime(WEB_OUTPUT) < newestMtime(WEB_INPUTS)) {
    console.log('Building the web app …');
    const code = await run('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: join(root, 'web') });
    if (code !== 0) return code;
    precompress(join(root, 'web', 'dist', 'assets'));
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
