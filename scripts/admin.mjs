// `npm run admin -- …`: the admin CLI (server/src/cli/admin.ts), bundled on the fly with esbuild
// like the server, then run. It opens the configured database directly; see its usage text.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { root } from './lib.mjs';

const outfile = join(root, 'node_modules', '.cache', 'portal-admin', 'admin.mjs');
mkdirSync(join(outfile, '..'), { recursive: true });
await build({
  entryPoints: [join(root, 'server', 'src', 'cli', 'admin.ts')],
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
process.exitCode = await main(process.argv.slice(2));
