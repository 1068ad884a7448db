// Helpers shared by the repository scripts (build, start, test).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Runs a command, streaming its output; resolves with its exit code. `held: true` keeps the
 * output until the command ends and prints it then in one piece, so a command running beside
 * another does not interleave its lines with the other's.
 */
export function run(command, args, { held = false, ...options } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit', ...options });
    const output = [];
    if (held) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    let ended = false;
    const done = (code) => {
      if (ended) return;
      ended = true;
      if (output.length) process.stdout.write(Buffer.concat(output));
      resolve(code);
    };
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on('error', () => done(127));
  });
}

/** The newest modification time among files under the given paths (0 when none exist). */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry === 'node_modules' || entry === 'dist') continue;
        visit(join(path, entry));
      }
    } else if (stat.mtimeMs > newest) {
      newest = stat.mtimeMs;
    }
  };
  for (const path of paths) visit(join(root, path));
  return newest;
}

export const mtime = (path) => (existsSync(join(root, path)) ? statSync(join(root, path)).mtimeMs : 0);

export const WEB_INPUTS = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/vite.back-office.config.ts', 'web/vite.ssr.config.ts', 'web/page-routes.ts', 'web/lingui-catalogs.ts', 'web/precompress.ts', 'domain/src', 'package-lock.json'];
export const SERVER_INPUTS = ['server/src', 'server/build.mjs', 'domain/src', 'sandbox/src', 'demo-shop/src', 'package-lock.json'];
export const WEB_OUTPUT = 'web/dist/index.html';
export const SERVER_OUTPUT = 'server/dist/server.js';

/**
 * A server command-line tool (server/src/cli/<name>.ts), bundled on the fly with esbuild like the
 * server, then imported: answers its module, whose `main` the caller runs.
 */
export async function bundledCli(name) {
  const { mkdirSync } = await import('node:fs');
  const { pathToFileURL } = await import('node:url');
  const { build } = await import('esbuild');
  const outfile = join(root, 'node_modules', '.cache', `portal-${name}`, `${name}.mjs`);
  mkdirSync(join(outfile, '..'), { recursive: true });
  await build({
    entryPoints: [join(root, 'server', 'src', 'cli', `${name}.ts`)],
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
  return import(pathToFileURL(outfile).href);
}
