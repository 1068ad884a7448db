// `npm run admin -- …`: the admin CLI (server/src/cli/admin.ts), bundled on the fly with esbuild
// like the server, then run. It opens the configured database directly; see its usage text.
import { bundledCli } from './lib.mjs';

const { main } = await bundledCli('admin');
process.exitCode = await main(process.argv.slice(2));
