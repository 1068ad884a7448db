/**
 * Storage for the sandbox simulators: JSON records by namespace and id in `sandbox_records`.
 * Every simulator keeps its state here (not in memory), so a flow survives a restart and works
 * with several server instances.
 */
import type { Db, Queryable } from '../db/db';

export interface SandboxStore<T> {
  get(id: string): Promise<T | null>;
  put(id: string, data: T, ttlSeconds?: number): Promise<void>;
  /** Read-modify-write under a row lock; `change` gets null when the record does not exist. */
  update(id: string, change: (current: T | null) => T): Promise<T>;
  remove(id: string): Promise<void>;
  /** Records whose top-level `field` equals `value` (e.g. find a payment by order reference). */
  findBy(field: string, value: string): Promise<{ id: string; data: T }[]>;
}

export function sandboxStore<T>(db: Db, namespace: string): SandboxStore<T> {
  const read = async (q: Queryable, id: string, lock: boolean) => {
    const [row] = await q.query<{ data: T }>(
      `SELECT data FROM sandbox_records WHERE namespace = $1 AND id = $2
         AND (expires_at IS NULL OR expires_at > now())${lock ? ' FOR UPDATE' : ''}`,
      [namespace, id],
    );
    return row ? row.data : null;
  };
  const write = (q: Queryable, id: string, data: T, ttlSeconds?: number) =>
    q.query(
      `INSERT INTO sandbox_records (namespace, id, data, expires_at)
       VALUES ($1, $2, $3::jsonb, CASE WHEN $4::int IS NULL THEN NULL ELSE now() + make_interval(secs => $4::int) END)
       ON CONFLICT (namespace, id) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at, updated_at = now()`,
      [namespace, id, JSON.stringify(data), ttlSeconds ?? null],
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
      const rows = await db.query<{ id: string; data: T }>(
        `SELECT id, data FROM sandbox_records WHERE namespace = $1 AND data ->> $2 = $3
           AND (expires_at IS NULL OR expires_at > now()) ORDER BY created_at`,
        [namespace, field, value],
      );
      return rows;
    },
  };
}

/** Deletes every simulator's expired records; answers how many went. */
export async function deleteExpiredSandboxRecords(db: Queryable): Promise<number> {
  const rows = await db.query('DELETE FROM sandbox_records WHERE expires_at <= now() RETURNING id');
  return rows.length;
}
