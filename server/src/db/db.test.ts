import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './db';

const folders: string[] = [];
const freshFolder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-db-'));
  folders.push(dir);
  return join(dir, 'data');
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const setting = async (db: Awaited<ReturnType<typeof openDatabase>>, name: string) =>
  Object.values((await db.query(`SHOW ${name}`))[0] ?? {})[0];

describe('the embedded database', () => {
  // Creating a database takes seconds, more on a busy machine.
  it('is created in a new folder, keeps what was written and opens again', { timeout: 90_000 }, async () => {
    const dataDir = freshFolder();
    const first = await openDatabase({ dataDir });
    await first.query('CREATE TABLE kept (value text)');
    await first.query('INSERT INTO kept VALUES ($1)', ['still here']);
    await first.close();

    const second = await openDatabase({ dataDir });
    try {
      expect(await second.query('SELECT value FROM kept')).toEqual([{ value: 'still here' }]);
    } finally {
      await second.close();
    }
  });

  it('runs with memory settings for one process, not a server’s defaults', { timeout: 90_000 }, async () => {
    const db = await openDatabase({ dataDir: freshFolder() });
    try {
      expect(await setting(db, 'shared_buffers')).toBe('16MB');
      expect(await setting(db, 'max_connections')).toBe('5');
      expect(await setting(db, 'maintenance_work_mem')).toBe('16MB');
    } finally {
      await db.close();
    }
  });
});
