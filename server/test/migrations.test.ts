/**
 * Migrations on a large table (ADR 36): a file marked `-- portal:no-transaction` runs outside a
 * transaction block, one statement at a time, so it can build an index concurrently (never
 * locking writers out); a build stopped halfway runs again; and instances starting together on
 * one database still take turns while one of them builds.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../src/db/db';
import { appliedMigration, migrate, NO_TRANSACTION_MARKER, splitStatements } from '../src/db/migrate';
import { ENGINES, type Engine } from './helpers';
import { TEST_DATABASE_URL } from './env';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A folder of migrations, named as the runner reads them. */
function migrationsDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-migrations-'));
  for (const [name, sql] of Object.entries(files)) writeFileSync(join(dir, name), sql);
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** An empty database: a new in-memory PGlite, or a new schema on PostgreSQL (`instances` connections to it). */
async function emptyDatabase(engine: Engine, instances = 1): Promise<Db[]> {
  if (engine === 'pglite') {
    const db = await openDatabase({});
    cleanups.push(() => db.close());
    return [db];
  }
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_mig_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = await openDatabase({ databaseUrl: TEST_DATABASE_URL });
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const dbs = await Promise.all(Array.from({ length: instances }, () => openDatabase({ databaseUrl: url.toString() })));
  cleanups.push(async () => {
    await Promise.all(dbs.map((db) => db.close()));
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.close();
  });
  return dbs;
}

const TABLE = `CREATE TABLE orders (id serial PRIMARY KEY, shop text NOT NULL, status text NOT NULL);
INSERT INTO orders (shop, status) SELECT 'shop-' || (n % 50), CASE WHEN n % 7 = 0 THEN 'OPEN' ELSE 'DONE' END FROM generate_series(1, 5000) AS n;
`;

const CONCURRENT_INDEX = `${NO_TRANSACTION_MARKER}
-- Two statements; the semicolon in this comment; and one in a string below do not split them.
DROP INDEX CONCURRENTLY IF EXISTS orders_open_idx;
CREATE INDEX CONCURRENTLY orders_open_idx ON orders (shop) WHERE status IN ('OPEN', 'A;B');
`;

const indexes = async (db: Db) =>
  db.query<{ name: string; valid: boolean }>(
    `SELECT c.relname AS name, i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE i.indrelid = 'orders'::regclass AND NOT i.indisprimary ORDER BY 1`,
  );

describe.each(ENGINES)('migrations on %s', (engine) => {
  it('build an index concurrently from a file marked to run outside a transaction', { timeout: 60_000 }, async () => {
    const [db] = await emptyDatabase(engine);
    if (!db) throw new Error('no database');
    const dir = migrationsDir({ '001.do.orders.sql': TABLE, '002.do.orders-open-index.sql': CONCURRENT_INDEX });

    expect(await migrate(db, dir)).toBe(2);
    expect(await indexes(db)).toEqual([{ name: 'orders_open_idx', valid: true }]);
    expect(await appliedMigration(db)).toBe(2);
    // Nothing runs twice.
    expect(await migrate(db, dir)).toBe(0);
  });

  it('refuse the same file without the marker: several statements sent at once are one transaction', { timeout: 60_000 }, async () => {
    const [db] = await emptyDatabase(engine);
    if (!db) throw new Error('no database');
    const unmarked = CONCURRENT_INDEX.replace(NO_TRANSACTION_MARKER, '-- (no marker)');
    const dir = migrationsDir({ '001.do.orders.sql': TABLE, '002.do.orders-open-index.sql': unmarked });

    await expect(migrate(db, dir)).rejects.toThrow(/cannot run inside a transaction block/);
    expect(await appliedMigration(db)).toBe(1);
  });

  it('run a build stopped halfway again from its first statement, once what stopped it is fixed', { timeout: 60_000 }, async () => {
    const [db] = await emptyDatabase(engine);
    if (!db) throw new Error('no database');
    const unique = `${NO_TRANSACTION_MARKER}
DROP INDEX CONCURRENTLY IF EXISTS orders_shop_status_key;
CREATE UNIQUE INDEX CONCURRENTLY orders_shop_status_key ON orders (shop, status);
`;
    const dir = migrationsDir({ '001.do.orders.sql': TABLE, '002.do.orders-unique.sql': unique });

    await expect(migrate(db, dir)).rejects.toThrow(/could not create unique index/);
    expect(await appliedMigration(db)).toBe(1);

    await db.query(`DELETE FROM orders WHERE id NOT IN (SELECT min(id) FROM orders GROUP BY shop, status)`);
    expect(await migrate(db, dir)).toBe(1);
    expect(await indexes(db)).toEqual([{ name: 'orders_shop_status_key', valid: true }]);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('migrations on postgres, several instances starting at once', () => {
  // An instance waiting for the schema lock must not hold a snapshot: a concurrent build waits
  // for every older snapshot, so the two would wait for each other ("deadlock detected").
  it('take turns while one of them builds an index concurrently', { timeout: 60_000 }, async () => {
    const dbs = await emptyDatabase('postgres', 3);
    const dir = migrationsDir({ '001.do.orders.sql': TABLE, '002.do.orders-open-index.sql': CONCURRENT_INDEX });

    const applied = await Promise.all(dbs.map((db) => migrate(db, dir)));

    expect(applied.sort()).toEqual([0, 0, 2]);
    const [db] = dbs;
    if (!db) throw new Error('no database');
    expect(await indexes(db)).toEqual([{ name: 'orders_open_idx', valid: true }]);
  });
});

describe('a no-transaction migration’s statements', () => {
  it('are split at the semicolons outside strings, quoted names, comments and dollar-quoted bodies', () => {
    const script = `-- a comment; not a statement
CREATE INDEX CONCURRENTLY "odd;name" ON t (a) WHERE b = 'x;y' /* ; */;
DO $body$ BEGIN PERFORM 1; END $body$;

SELECT $$;$$, 'it''s; fine'`;
    expect(splitStatements(script)).toEqual([
      `CREATE INDEX CONCURRENTLY "odd;name" ON t (a) WHERE b = 'x;y'`,
      'DO $body$ BEGIN PERFORM 1; END $body$',
      `SELECT $$;$$, 'it''s; fine'`,
    ]);
  });
});
