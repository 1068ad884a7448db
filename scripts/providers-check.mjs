// `npm run providers:check`: the providers' preflight (server/src/cli/providers-check.ts), bundled
// on the fly with esbuild like the server, then run with this process's environment.
import { bundledCli } from './lib.mjs';

const { main } = await bundledCli('providers-check');
process.exitCode = await main();
