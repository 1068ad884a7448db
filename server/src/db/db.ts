/**
 * One SQL dialect, two engines: PGlite (PostgreSQL compiled to WASM, data in a local folder) when
 * no DATABASE_URL is set, a PostgreSQL server through `pg` when it is. Repositories see only
 * this interface, so every query runs on both.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { PersonalData } from '../lib/personal-data';

/** jsonb values are passed as JSON text (`JSON.stringify`), so both drivers treat them alike. */
export type SqlParam = string | number | boolean | null | Date | readonly string[];

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<Row[]>;
  /** Runs `fn` once the surrounding transaction has committed (at once outside a transaction). */
  afterCommit(fn: () => void): void;
  /** Seals and opens personal data (set by db/personal-data.ts once the keys are known). */
  readonly personalData?: PersonalData;
}

/** The connection that holds an advisory lock (`withExclusiveLock`); it also runs scripts. */
export type LockedConnection = Queryable & { exec(sql: string): Promise<void> };

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
  withExclusiveLock<T>(lockId: number, fn: (conn: LockedConnection) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** A copy of the whole embedded database (PGlite only), to start others from. */
  dump?(): Promise<Blob>;
  /** Notifications from every instance on this database (LISTEN); answers a stop function. */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
}

/** Runs after-commit callbacks; one failing callback does not stop the others. */
function runAll(callbacks: (() => void)[]): void {
  for (const fn of callbacks) {
    try {
      fn();
    } catch {
      // After-commit work is best effort (cache invalidation, notifications).
    }
  }
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
  /**
   * PGlite only: refuse a query made outside an open transaction by the code holding it, which
   * would otherwise wait forever. It tracks async context on every promise, which costs about a
   * tenth of a small request's time, so tests turn it on and running servers leave it off.
   */
  detectTransactionMisuse?: boolean | undefined;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Db> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options);
}

/**
 * PostgreSQL's settings for the embedded database, which serves one process through one
 * connection. Its memory is WebAssembly memory, which grows and never shrinks, so each setting
 * is what this portal's working set needs, not PostgreSQL's server defaults: shared buffers of
 * 16 MB instead of 128 MB (the portal's hot rows are a few megabytes; a miss reads the file
 * through the operating system's cache), room for a handful of backends instead of 100 (only
 * one ever runs), smaller WAL buffers and maintenance memory: about 130 MB less resident memory
 * from the start (`bench/memory.mjs`).
 */
export const PGLITE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  ...['-c', 'shared_buffers=16MB'],
  ...['-c', 'max_connections=5'],
  ...['-c', 'wal_buffers=1MB'],
  ...['-c', 'maintenance_work_mem=16MB'],
];

/**
 * Creates the embedded database in a new data folder, in a child process: PGlite's initdb runs a
 * second PostgreSQL instance and the initdb program, several hundred megabytes that a process
 * would keep (freed WebAssembly memory and compiled code go back to the system only with the
 * process). The child takes all of it with it when it ends.
 */
async function createDataDir(dataDir: string): Promise<void> {
  const script = `const [module, dataDir, params] = process.argv.slice(1);
    const { PGlite } = await import(module);
    const lite = new PGlite({ dataDir, startParams: JSON.parse(params) });
    await lite.waitReady;
    await lite.close();`;
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', script, import.meta.resolve('@electric-sql/pglite'), dataDir, JSON.stringify(PGLITE_START_PARAMS)],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`creating the embedded database in ${dataDir} failed: ${stderr.trim()}`);
}

async function openPglite({ dataDir, loadDataDir, detectTransactionMisuse }: OpenDatabaseOptions): Promise<Db> {
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    if (!loadDataDir && !existsSync(join(dataDir, 'PG_VERSION'))) await createDataDir(dataDir);
  }
  // PostgreSQL's code, 9 MB of WebAssembly, compiled by V8's baseline compiler only: the
  // optimising tier adds 80–90 MB of compiled code under load (bench/memory.mjs: 278–292 MB
  // after each round instead of 198–209), which alone would break the 250 MB goal. The price is
  // slower PostgreSQL code, which did not show: the portal's small queries spend their time in
  // the protocol and the files (a load round took 10–12.5 s with it, 11.5–16 s without).
  // A V8 flag, so it holds for the process; nothing else here runs WebAssembly.
  setFlagsFromString('--liftoff-only');
  const lite = new PGlite({ dataDir, loadDataDir, startParams: [...PGLITE_START_PARAMS] });
  await lite.waitReady;

  // PGlite is one connection: a query outside a transaction would wait for that transaction to end,
  // which never comes when the transaction itself is waiting for the query. Say so instead.
  const inTransaction = detectTransactionMisuse ? new AsyncLocalStorage<boolean>() : null;
  const wrap = (q: Pick<PGlite, 'query'>, guarded: boolean, pending?: (() => void)[]): Queryable => ({
    async query<Row>(sql: string, params?: readonly SqlParam[]) {
      if (guarded && inTransaction?.getStore()) {
        throw new Error('a query on the database while this code holds a transaction: use the transaction');
      }
      const result = await q.query<Row>(sql, toDriverParams(params));
      return result.rows;
    },
    afterCommit: (fn) => (pending ? pending.push(fn) : runAll([fn])),
  });
  const base = wrap(lite, true);

  return {
    kind: 'pglite',
    query: base.query,
    afterCommit: base.afterCommit,
    async execRows<Row>(sql: string) {
      const results = await lite.exec(sql);
      return (results.at(-1)?.rows ?? []) as Row[];
    },
    async transaction(fn) {
      const pending: (() => void)[] = [];
      const result = await lite.transaction((tx) =>
        inTransaction ? inTransaction.run(true, () => fn(wrap(tx, false, pending))) : fn(wrap(tx, false, pending)),
      );
      runAll(pending);
      return result;
    },
    // PGlite is a single connection inside this process: nothing else can take the lock.
    withExclusiveLock: (_lockId, fn) =>
      fn({ ...base, exec: async (sql: string) => void (await lite.exec(sql)) }),
    close: () => lite.close(),
    dump: async () => lite.dumpDataDir('none'),
    async listen(channel, handler) {
      const stop = await lite.listen(channel, handler);
      return async () => stop();
    },
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

  const wrap = (q: pg.Pool | pg.PoolClient, pending?: (() => void)[]): Queryable => ({
    async query<Row>(sql: string, params?: readonly SqlParam[]) {
      const result = await q.query(sql, toDriverParams(params));
      return result.rows as Row[];
    },
    afterCommit: (fn) => (pending ? pending.push(fn) : runAll([fn])),
  });

  return {
    kind: 'postgres',
    query: wrap(pool).query,
    afterCommit: (fn) => runAll([fn]),
    async execRows<Row>(sql: string) {
      // Without parameters pg uses the simple protocol, which runs several statements.
      const result = (await pool.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(result) ? result.at(-1) : result;
      return (last?.rows ?? []) as Row[];
    },
    async transaction(fn) {
      const client = await pool.connect();
      const pending: (() => void)[] = [];
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client, pending));
        await client.query('COMMIT');
        runAll(pending);
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
        // Asked again every 100 ms rather than waited for in one statement: a waiting statement
        // holds a snapshot, and a concurrent index build by the lock's holder waits for every
        // older snapshot, so the two would wait for each other (ADR 36).
        while (!(await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [lockId])).rows[0]?.locked) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        try {
          return await fn({ ...wrap(client), exec: async (sql: string) => void (await client.query(sql)) });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [lockId]);
        }
      } finally {
        client.release();
      }
    },
    async listen(channel, handler) {
      // LISTEN needs a connection of its own, kept open; it reconnects after a loss, every
      // second until the server answers again (a restart of the server takes longer than one try).
      let client: pg.Client | null = null;
      let stopped = false;
      let retry: NodeJS.Timeout | null = null;
      const reconnect = () => {
        if (stopped || retry) return;
        retry = setTimeout(() => {
          retry = null;
          void connect().catch(reconnect);
        }, 1000);
      };
      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString, application_name: 'loan-subscription-portal:listen' });
        next.on('notification', (message) => {
          if (message.channel === channel) handler(message.payload ?? '');
        });
        // An error of the live connection; one while connecting rejects connect() below.
        next.on('error', () => {
          if (client !== next) return;
          client = null;
          reconnect();
        });
        try {
          await next.connect();
          await next.query(`LISTEN "${channel.replace(/"/g, '')}"`);
        } catch (error) {
          await next.end().catch(() => undefined);
          throw error;
        }
        if (stopped) await next.end().catch(() => undefined);
        else client = next;
      };
      await connect();
      return async () => {
        stopped = true;
        if (retry) clearTimeout(retry);
        await client?.end().catch(() => undefined);
      };
    },
    close: () => pool.end(),
  };
}

/** PostgreSQL's unique_violation, from either engine. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
