/**
 * One SQL dialect, two engines: PGlite (PostgreSQL compiled to WASM, data in a local folder) when
 * no DATABASE_URL is set, a PostgreSQL server through `pg` when it is. Repositories see only
 * this interface, so every query runs on both.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** jsonb values are passed as JSON text (`JSON.stringify`), so both drivers treat them alike. */
export type SqlParam = string | number | boolean | null | Date | readonly string[];

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<Row[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs a script of several statements (no parameters); answers the rows of the last one. */
  execRows<Row = Record<string, unknown>>(sql: string): Promise<Row[]>;
  /** Runs `fn` in one transaction; rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` on one connection holding a session-level advisory lock, so that only one server
   * instance at a time does it (migrations, seeding).
   */
  withExclusiveLock<T>(lockId: number, fn: (conn: Queryable & { exec(sql: string): Promise<void> }) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** A copy of the whole embedded database (PGlite only), to start others from. */
  dump?(): Promise<Blob>;
}

function toDriverParams(params: readonly SqlParam[] = []): unknown[] {
  return [...params];
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; omitted means in memory. */
  dataDir?: string | undefined;
  /** A dump of a data folder to start from (tests clone a migrated template). */
  loadDataDir?: Blob | File | undefined;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Db> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options);
}

async function openPglite({ dataDir, loadDataDir }: OpenDatabaseOptions): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const lite = new PGlite({ dataDir, loadDataDir });
  await lite.waitReady;

  // PGlite is one connection: a query outside a transaction would wait for that transaction to end,
  // which never comes when the transaction itself is waiting for the query. Say so instead.
  const inTransaction = new AsyncLocalStorage<boolean>();
  const wrap = (q: Pick<PGlite, 'query'>, guarded: boolean): Queryable => ({
    async query<Row>(sql: string, params?: readonly SqlParam[]) {
      if (guarded && inTransaction.getStore()) {
        throw new Error('a query on the database while this code holds a transaction: use the transaction');
      }
      const result = await q.query<Row>(sql, toDriverParams(params));
      return result.rows;
    },
  });
  const base = wrap(lite, true);

  return {
    kind: 'pglite',
    query: base.query,
    async execRows<Row>(sql: string) {
      const results = await lite.exec(sql);
      return (results.at(-1)?.rows ?? []) as Row[];
    },
    transaction: (fn) => lite.transaction((tx) => inTransaction.run(true, () => fn(wrap(tx, false)))),
    // PGlite is a single connection inside this process: nothing else can take the lock.
    withExclusiveLock: (_lockId, fn) =>
      fn({ ...base, exec: async (sql: string) => void (await lite.exec(sql)) }),
    close: () => lite.close(),
    dump: async () => lite.dumpDataDir('none'),
  };
}

async function openPostgres(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 15_000,
    application_name: 'loan-subscription-portal',
  });
  // An idle client losing its server must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Fail at start, with the driver's message, when the server cannot be reached.
  const probe = await pool.connect();
  probe.release();

  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(sql: string, params?: readonly SqlParam[]) {
      const result = await q.query(sql, toDriverParams(params));
      return result.rows as Row[];
    },
  });

  return {
    kind: 'postgres',
    query: wrap(pool).query,
    async execRows<Row>(sql: string) {
      // Without parameters pg uses the simple protocol, which runs several statements.
      const result = (await pool.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(result) ? result.at(-1) : result;
      return (last?.rows ?? []) as Row[];
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async withExclusiveLock(lockId, fn) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [lockId]);
        try {
          return await fn({ ...wrap(client), exec: async (sql: string) => void (await client.query(sql)) });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [lockId]);
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** PostgreSQL's unique_violation, from either engine. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
