// `npm run evidence:verify FILE`: checks an exported evidence file (server/src/cli/evidence-verify.ts),
// bundled on the fly with esbuild like the server; needs no database and no configuration.
import { resolve } from 'node:path';
import { bundledCli } from './lib.mjs';

// npm runs scripts from the repository's root: a relative FILE is where the operator typed it.
const from = process.env.INIT_CWD ?? process.cwd();
const { main } = await bundledCli('evidence-verify');
process.exitCode = await main(process.argv.slice(2).map((arg) => resolve(from, arg)));
