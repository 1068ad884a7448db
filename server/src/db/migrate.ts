/** Numbered plain-SQL migrations (`NNN.do.name.sql`), run at start by postgrator. */
import { fileURLToPath } from 'node:url';
import Postgrator from 'postgrator';
import type { Db, LockedConnection } from './db';

/** Source: src/db/migrations; bundle: dist/migrations (the build copies them beside server.js). */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

const SCHEMA_LOCK_ID = 7_310_001;

/**
 * Runs start-up work that changes the schema (our migrations, the job queue's tables and queues)
 * under one advisory lock, so that instances starting together on one database take turns.
 * Concurrent DDL on the same tables deadlocks in PostgreSQL: two replicas started at once on an
 * empty database had one stop with "deadlock detected" (ADR 18). `fn` may use other connections:
 * the lock is held by one of its own until `fn` ends.
 */
export function withSchemaLock<T>(db: Db, fn: (conn: LockedConnection) => Promise<T>): Promise<T> {
  return db.withExclusiveLock(SCHEMA_LOCK_ID, fn);
}

export async function migrate(db: Db, migrationsDir: string = MIGRATIONS_DIR): Promise<number> {
  return withSchemaLock(db, async (conn) => {
    // postgrator looks for its table in every schema unless told which one is ours.
    const [schema] = await conn.query<{ name: string }>('SELECT current_schema() AS name');
    const postgrator = new Postgrator({
      currentSchema: schema?.name ?? 'public',
      migrationPattern: `${migrationsDir.replace(/\\/g, '/')}/*.sql`,
      driver: 'pg',
      schemaTable: 'schema_version',
      execQuery: async (sql) => ({ rows: await conn.query(sql) }),
      execSqlScript: (sql) => conn.exec(sql),
    });
    const applied = await postgrator.migrate();
    return applied.length;
  });
}
