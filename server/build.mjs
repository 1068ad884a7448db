// Bundles the server into dist/server.js with esbuild: the shared domain package is compiled
// in, npm dependencies stay external. Migrations are copied beside the bundle.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const here = new URL('.', import.meta.url);
// `--outdir <dir>` builds elsewhere than server/dist (isolated end-to-end runs).
const outdirArg = process.argv.indexOf('--outdir');
const outdir = outdirArg > 0 ? new URL(`file://${process.argv[outdirArg + 1]}/`) : new URL('dist/', here);
const pkg = JSON.parse(readFileSync(new URL('package.json', here), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@portal/'));

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [new URL('src/server.ts', here).pathname],
  outfile: new URL('server.js', outdir).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  jsx: 'automatic',
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
cpSync(new URL('src/db/migrations/', here), new URL('migrations/', outdir), { recursive: true });
