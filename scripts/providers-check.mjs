// `npm run providers:check`: the providers' preflight (server/src/cli/providers-check.ts), bundled
// on the fly with esbuild like the server, then run with this process's environment.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { root } from './lib.mjs';

const outfile = join(root, 'node_modules', '.cache', 'portal-providers-check', 'providers-check.mjs');
mkdirSync(join(outfile, '..'), { recursive: true });
await build({
  entryPoints: [join(root, 'server', 'src', 'cli', 'providers-check.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // The shared domain package is TypeScript: compiled in, not imported.
  alias: { '@portal/domain': join(root, 'domain', 'src', 'index.ts') },
  logLevel: 'warning',
});
const { main } = await import(pathToFileURL(outfile).href);
process.exitCode = await main();
