/** Numbered plain-SQL migrations (`NNN.do.name.sql`), run at start by postgrator. */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Postgrator from 'postgrator';
import type { Db, LockedConnection, Queryable } from './db';

/** Source: src/db/migrations; bundle: dist/migrations (the build copies them beside server.js). */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

const SCHEMA_LOCK_ID = 7_310_001;

/**
 * A migration whose file holds this line runs outside a transaction block, one statement at a
 * time: `CREATE INDEX CONCURRENTLY` (which builds an index without locking writers out of a large
 * table) refuses to run inside one, and a file of several statements sent at once is one
 * implicit transaction. Each statement commits on its own, so a file stopped halfway runs again
 * from its first statement: every statement in it must be safe to repeat (ADR 36).
 */
export const NO_TRANSACTION_MARKER = '-- portal:no-transaction';

const hasNoTransactionMarker = (sql: string): boolean =>
  sql.split(/\r?\n/).some((line) => line.trim() === NO_TRANSACTION_MARKER);

/**
 * The statements of a script, split at the semicolons outside quotes, quoted names, comments and
 * dollar-quoted bodies; comments and blank statements are left out.
 */
export function splitStatements(sql: string): string[] {
  const token = /--[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^']|'')*'|"(?:[^"]|"")*"|(\$[A-Za-z_]*\$)[\s\S]*?\1|;|[^-/'"$;]+|[\s\S]/g;
  const statements: string[] = [];
  let current = '';
  for (const [text] of sql.matchAll(token)) {
    if (text.startsWith('--') || text.startsWith('/*')) continue;
    if (text !== ';') current += text;
    else {
      if (current.trim()) statements.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}

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

/** The highest migration this build carries (readiness: the database must have it). */
export function latestMigration(migrationsDir: string = MIGRATIONS_DIR): number {
  return Math.max(0, ...readdirSync(migrationsDir).map((file) => Number(/^(\d+)\.do\./.exec(file)?.[1] ?? 0)));
}

/** The highest migration the database has applied (0 before the first). */
export async function appliedMigration(db: Queryable): Promise<number> {
  const [row] = await db.query<{ version: number | null }>('SELECT max(version)::int AS version FROM schema_version');
  return row?.version ?? 0;
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
      execSqlScript: (sql) => (hasNoTransactionMarker(sql) ? runOutsideTransaction(conn, sql) : conn.exec(sql)),
    });
    const applied = await postgrator.migrate();
    return applied.length;
  });
}

/**
 * A `-- portal:no-transaction` migration: each statement alone (a single statement is no
 * transaction block, on PostgreSQL and PGlite alike), without the pool's statement timeout,
 * since building an index on a large table takes minutes, not seconds.
 */
async function runOutsideTransaction(conn: LockedConnection, sql: string): Promise<void> {
  await conn.exec('SET statement_timeout = 0');
  try {
    for (const statement of splitStatements(sql)) await conn.exec(statement);
  } finally {
    await conn.exec('RESET statement_timeout');
  }
}
