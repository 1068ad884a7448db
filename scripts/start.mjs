// `npm start`: builds what is missing, then runs the server in this process. The server creates
// and migrates the embedded database on first start (or uses DATABASE_URL) and prints its URLs.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { build } from './build.mjs';
import { root, SERVER_OUTPUT } from './lib.mjs';

const code = await build();
if (code !== 0) {
  console.error('The build failed; see above.');
  process.exit(code);
}
await import(pathToFileURL(join(root, SERVER_OUTPUT)).href);
