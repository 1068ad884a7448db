// Bundles the server into dist/server.js with esbuild: the workspace packages it imports (domain,
// and the sandbox and demo shop it mounts in sandbox mode) are compiled in, their npm
// dependencies stay external. Migrations are copied beside the bundle.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const here = new URL('.', import.meta.url);
// `--outdir <dir>` builds elsewhere than server/dist (isolated end-to-end runs).
const outdirArg = process.argv.indexOf('--outdir');
const outdir = outdirArg > 0 ? new URL(`file://${process.argv[outdirArg + 1]}/`) : new URL('dist/', here);
const dependenciesOf = (packageJson) => Object.keys(JSON.parse(readFileSync(new URL(packageJson, here), 'utf8')).dependencies);
const external = [
  ...new Set(['package.json', '../sandbox/package.json', '../demo-shop/package.json', '../domain/package.json'].flatMap(dependenciesOf)),
].filter((name) => !name.startsWith('@portal/'));

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
