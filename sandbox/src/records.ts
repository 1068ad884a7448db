/**
 * Storage for the sandbox simulators: JSON records by namespace and id in `sandbox_records`.
 * Every simulator keeps its state here (not in memory), so a flow survives a restart and works
 * with several server instances.
 *
 * The simulated parties hold the people's national IDs, phones and e-mail addresses, so a record
 * is sealed whole like the portal's own personal data (ADR 12): the row holds
 * `{ "sealed": "pd1.…", "find": { … } }`, where `find` keeps in clear only the fields records are
 * looked up by, none of them personal.
 */
import type { Db, Queryable } from '../db/db';
import { personalDataOf } from '../db/repositories/personal-data';
import { SEALED_PREFIX } from '../lib/personal-data';

/** The only fields `findBy` can search: kept in clear beside the sealed record. Never personal data. */
export const FINDABLE_FIELDS = ['orderReference', 'uid', 'userCode', 'grantId', 'merchantPaymentReference'] as const;
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

interface StoredRecord {
  sealed?: unknown;
  find?: Record<string, string>;
}

const purposeOf = (namespace: string) => `sandbox.${namespace}`;

function stored(q: Queryable, namespace: string, data: unknown): StoredRecord {
  const find: Record<string, string> = {};
  if (data !== null && typeof data === 'object') {
    for (const field of FINDABLE_FIELDS) {
      const value = (data as Record<string, unknown>)[field];
      if (typeof value === 'string') find[field] = value;
    }
  }
  return { sealed: personalDataOf(q).sealJson(purposeOf(namespace), data), find };
}

/** The record as the simulator wrote it (a record from before sealing reads as it is). */
function opened<T>(q: Queryable, namespace: string, row: StoredRecord): T {
  return typeof row.sealed === 'string' ? personalDataOf(q).openJson<T>(purposeOf(namespace), row.sealed) : (row as T);
}

export function sandboxStore<T>(db: Db, namespace: string): SandboxStore<T> {
  const read = async (q: Queryable, id: string, lock: boolean) => {
    const [row] = await q.query<{ data: StoredRecord }>(
      `SELECT data FROM sandbox_records WHERE namespace = $1 AND id = $2
         AND (expires_at IS NULL OR expires_at > now())${lock ? ' FOR UPDATE' : ''}`,
      [namespace, id],
    );
    return row ? opened<T>(q, namespace, row.data) : null;
  };
  const write = (q: Queryable, id: string, data: T, ttlSeconds?: number) =>
    q.query(
      `INSERT INTO sandbox_records (namespace, id, data, expires_at)
       VALUES ($1, $2, $3::jsonb, CASE WHEN $4::int IS NULL THEN NULL ELSE now() + make_interval(secs => $4::int) END)
       ON CONFLICT (namespace, id) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at, updated_at = now()`,
      [namespace, id, JSON.stringify(stored(q, namespace, data)), ttlSeconds ?? null],
    );
  return {
    get: (id) => read(db, id, false),
    async put(id, data, ttlSeconds) {
      await write(db, id, data, ttlSeconds);
    },
    update: (id, change) =>
      db.transaction(async (tx) => {
        const next = change(await read(tx, id, true));
        await write(tx, id, next);
        return next;
      }),
    async remove(id) {
      await db.query('DELETE FROM sandbox_records WHERE namespace = $1 AND id = $2', [namespace, id]);
    },
    async findBy(field, value) {
      if (!FINDABLE_FIELDS.includes(field)) throw new Error(`sandbox records cannot be found by ${String(field)}`);
      const rows = await db.query<{ id: string; data: StoredRecord }>(
        `SELECT id, data FROM sandbox_records WHERE namespace = $1 AND (data -> 'find' ->> $2 = $3 OR data ->> $2 = $3)
           AND (expires_at IS NULL OR expires_at > now()) ORDER BY created_at`,
        [namespace, field, value],
      );
      return rows.map((row) => ({ id: row.id, data: opened<T>(db, namespace, row.data) }));
    },
  };
}

/**
 * Seals the records written before records were sealed, or sealed with a key that is no longer
 * the first (ADR 12). The expiry is kept as it was.
 */
export async function sealSandboxRecords(db: Db): Promise<number> {
  const pd = personalDataOf(db);
  const prefix = `${SEALED_PREFIX}${pd.currentKeyId}.`;
  let count = 0;
  for (;;) {
    const rows = await db.query<{ namespace: string; id: string; data: StoredRecord }>(
      `SELECT namespace, id, data FROM sandbox_records
        WHERE data ->> 'sealed' IS NULL OR left(data ->> 'sealed', $1) <> $2 LIMIT 200`,
      [prefix.length, prefix],
    );
    for (const row of rows) {
      const data = opened<unknown>(db, row.namespace, row.data);
      await db.query('UPDATE sandbox_records SET data = $3::jsonb WHERE namespace = $1 AND id = $2', [
        row.namespace, row.id, JSON.stringify(stored(db, row.namespace, data)),
      ]);
    }
    count += rows.length;
    if (rows.length < 200) return count;
  }
}

/** Deletes every simulator's expired records; answers how many went. */
export async function deleteExpiredSandboxRecords(db: Queryable): Promise<number> {
  const rows = await db.query('DELETE FROM sandbox_records WHERE expires_at <= now() RETURNING id');
  return rows.length;
}
