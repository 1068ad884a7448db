import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/db';
import { migrate } from '../src/db/migrate';

/**
 * Creating an embedded database takes seconds; cloning a dump of one takes a fraction. One
 * migrated template is made per run and every test file starts from a copy of it.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const db = await openDatabase({});
  await migrate(db);
  if (!db.dump) throw new Error('the embedded database cannot be dumped');
  const dump = await db.dump();
  await db.close();
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
