// Type checks every workspace (strict TypeScript, no emit), two at a time.
import { run } from './lib.mjs';

const projects = ['domain', 'sandbox', 'demo-shop', 'server', 'web', 'e2e', 'bench', 'test'];
let failed = false;
for (let i = 0; i < projects.length; i += 2) {
  const codes = await Promise.all(projects.slice(i, i + 2).map((p) => run('npx', ['tsc', '-p', p, '--noEmit'])));
  if (codes.some((c) => c !== 0)) failed = true;
}
process.exit(failed ? 1 : 0);
