/**
 * The simulators' own store: JSON records by namespace and id, in tables the sandbox creates
 * itself (`sandbox_store`, `sandbox_keys`) in the database its host hands over. In sandbox mode
 * that is the portal's database, reached through the small handle typed below, which the
 * portal's database satisfies without the sandbox importing anything of it: a real lender keeps
 * its own store, and no portal migration knows these tables. State lives here, never in memory,
 * so a flow survives a restart and works with several server instances.
 *
 * The simulated parties hold the test people's national IDs, phones and e-mail addresses, so a
 * record is sealed whole (AES-256-GCM, its namespace bound in) with the sandbox's own key, made
 * once and kept in `sandbox_keys`: a dump of the database shows no one, and the portal's keys
 * (ADR 12) are the portal's. Beside the sealed record only the fields records are looked up by
 * stay readable, none of them personal.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export type SqlValue = string | number | boolean | null;

/** One connection's worth of SQL: PostgreSQL, positional parameters ($1, $2 …). */
export interface SandboxSql {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly SqlValue[]): Promise<Row[]>;
}

/** What the sandbox needs of a database: queries, and a transaction for read-modify-write. */
export interface SandboxStorage extends SandboxSql {
  transaction<T>(work: (tx: SandboxSql) => Promise<T>): Promise<T>;
}

/** The only fields `findBy` can search: kept readable beside the sealed record. Never personal data. */
export const FINDABLE_FIELDS = ['orderReference', 'uid', 'userCode', 'grantId'] as const;
export type FindableField = (typeof FINDABLE_FIELDS)[number];

export interface SandboxStore<T> {
  get(id: string): Promise<T | null>;
  put(id: string, data: T, ttlSeconds?: number): Promise<void>;
  /** Read-modify-write under a row lock; `change` gets null when the record does not exist. */
  update(id: string, change: (current: T | null) => T): Promise<T>;
  remove(id: string): Promise<void>;
  /** Records whose top-level `field` equals `value` (e.g. find a payment by order reference). */
  findBy(field: FindableField, value: string): Promise<{ id: string; data: T }[]>;
}

export interface SandboxRecords {
  store<T>(namespace: string): SandboxStore<T>;
  /** A secret of the sandbox's own (32 random bytes), made on first use and the same on every instance. */
  secret(name: string): Promise<Buffer>;
  /** Deletes every simulator's expired records; answers how many went. */
  deleteExpired(): Promise<number>;
}

/**
 * The tables, made by whichever instance comes first: a transaction-scoped advisory lock keeps
 * two starting instances from creating them at once.
 */
const SCHEMA = `DO $sandbox$ BEGIN
  PERFORM pg_advisory_xact_lock(7310502);
  CREATE TABLE IF NOT EXISTS sandbox_store (
    namespace  text NOT NULL,
    id         text NOT NULL,
    sealed     text NOT NULL,
    find       jsonb NOT NULL DEFAULT '{}'::jsonb,
    expires_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (namespace, id)
  );
  CREATE INDEX IF NOT EXISTS sandbox_store_expiry_idx ON sandbox_store (expires_at) WHERE expires_at IS NOT NULL;
  CREATE TABLE IF NOT EXISTS sandbox_keys (
    name       text PRIMARY KEY,
    secret     text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
END $sandbox$`;

const live = '(expires_at IS NULL OR expires_at > now())';

/** `sb1.<iv>.<ciphertext + tag>`, base64url; the namespace is the associated data. */
function sealing(key: Buffer) {
  return {
    seal(namespace: string, record: unknown): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(namespace, 'utf8'));
      const sealed = Buffer.concat([cipher.update(JSON.stringify(record), 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `sb1.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
    },
    open<T>(namespace: string, text: string): T {
      const [format, iv, sealed] = text.split('.');
      if (format !== 'sb1' || !iv || !sealed) throw new Error(`a ${namespace} record of the sandbox is not one it sealed`);
      const bytes = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(Buffer.from(namespace, 'utf8'));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8')) as T;
    },
  };
}

function findableOf(data: unknown): Record<string, string> {
  const find: Record<string, string> = {};
  if (data === null || typeof data !== 'object') return find;
  for (const field of FINDABLE_FIELDS) {
    const value: unknown = (data as Record<string, unknown>)[field];
    if (typeof value === 'string') find[field] = value;
  }
  return find;
}

async function secretOf(storage: SandboxSql, name: string): Promise<Buffer> {
  await storage.query('INSERT INTO sandbox_keys (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    randomBytes(32).toString('base64'),
  ]);
  const [row] = await storage.query<{ secret: string }>('SELECT secret FROM sandbox_keys WHERE name = $1', [name]);
  if (!row) throw new Error(`the sandbox's secret ${name} could not be kept`);
  return Buffer.from(row.secret, 'base64');
}

async function open(storage: SandboxStorage): Promise<SandboxRecords> {
  await storage.query(SCHEMA);
  const { seal, open: unseal } = sealing(await secretOf(storage, 'records'));

  const store = <T>(namespace: string): SandboxStore<T> => {
    const read = async (q: SandboxSql, id: string, lock: boolean): Promise<T | null> => {
      const [row] = await q.query<{ sealed: string }>(
        `SELECT sealed FROM sandbox_store WHERE namespace = $1 AND id = $2 AND ${live}${lock ? ' FOR UPDATE' : ''}`,
        [namespace, id],
      );
      return row ? unseal<T>(namespace, row.sealed) : null;
    };
    const write = (q: SandboxSql, id: string, data: T, ttlSeconds?: number) =>
      q.query(
        `INSERT INTO sandbox_store (namespace, id, sealed, find, expires_at)
         VALUES ($1, $2, $3, $4::jsonb, CASE WHEN $5::int IS NULL THEN NULL ELSE now() + make_interval(secs => $5::int) END)
         ON CONFLICT (namespace, id) DO UPDATE
           SET sealed = excluded.sealed, find = excluded.find, expires_at = excluded.expires_at, updated_at = now()`,
        [namespace, id, seal(namespace, data), JSON.stringify(findableOf(data)), ttlSeconds ?? null],
      );
    return {
      get: (id) => read(storage, id, false),
      async put(id, data, ttlSeconds) {
        await write(storage, id, data, ttlSeconds);
      },
      update: (id, change) =>
        storage.transaction(async (tx) => {
          const next = change(await read(tx, id, true));
          await write(tx, id, next);
          return next;
        }),
      async remove(id) {
        await storage.query('DELETE FROM sandbox_store WHERE namespace = $1 AND id = $2', [namespace, id]);
      },
      async findBy(field, value) {
        if (!FINDABLE_FIELDS.includes(field)) throw new Error(`sandbox records cannot be found by ${String(field)}`);
        const rows = await storage.query<{ id: string; sealed: string }>(
          `SELECT id, sealed FROM sandbox_store WHERE namespace = $1 AND find ->> $2 = $3 AND ${live} ORDER BY created_at`,
          [namespace, field, value],
        );
        return rows.map((row) => ({ id: row.id, data: unseal<T>(namespace, row.sealed) }));
      },
    };
  };

  return {
    store,
    secret: (name) => secretOf(storage, name),
    async deleteExpired() {
      return (await storage.query('DELETE FROM sandbox_store WHERE expires_at <= now() RETURNING id')).length;
    },
  };
}

const opened = new WeakMap<SandboxStorage, Promise<SandboxRecords>>();

/** The sandbox's records in this database: its tables made and its key read on first use. */
export function sandboxRecords(storage: SandboxStorage): Promise<SandboxRecords> {
  const records =
    opened.get(storage) ??
    open(storage).catch((error: unknown) => {
      // A failed start (database not ready) is not remembered: the next call tries again.
      opened.delete(storage);
      throw error;
    });
  opened.set(storage, records);
  return records;
}
