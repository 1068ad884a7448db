/**
 * The simulators and the demo shop are other parties: they may import their own files, Node's,
 * their declared npm packages and the shared contracts of @portal/domain, and nothing of the
 * portal. An import of the server (by a path that leaves the workspace, or by its package name)
 * would let a bug in the portal be mirrored by the simulator meant to catch it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function sourcesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesOf(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every module a file names in an import or export … from, or a dynamic import(). */
function specifiersOf(source: string): string[] {
  const found = [...source.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'/g), ...source.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)];
  return found.map((match) => match[1] ?? '');
}

const packageName = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

describe.each(['sandbox', 'demo-shop'])('%s', (workspace) => {
  const root = join(repo, workspace);
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  const declared = new Set([...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies ?? {}), 'vitest']);

  it('imports nothing of the portal: only its own files, Node, its declared packages, @portal/domain (and the sandbox @portal/contracts)', () => {
    const wrong: string[] = [];
    for (const file of sourcesOf(join(root, 'src'))) {
      for (const specifier of specifiersOf(readFileSync(file, 'utf8'))) {
        const where = `${relative(repo, file)} imports ${specifier}`;
        if (specifier.startsWith('.')) {
          if (relative(join(root, 'src'), resolve(dirname(file), specifier)).startsWith('..')) wrong.push(where);
        } else if (specifier.startsWith('node:') || builtinModules.includes(specifier)) {
          continue;
        } else if (specifier.startsWith('@portal/')) {
          // The simulators also read the providers' published contracts (contracts/); the shop is a merchant.
          const allowed = workspace === 'sandbox' ? ['@portal/domain', '@portal/contracts'] : ['@portal/domain'];
          if (!allowed.includes(packageName(specifier))) wrong.push(where);
        } else if (!declared.has(packageName(specifier))) {
          wrong.push(`${where} (not in its package.json)`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
