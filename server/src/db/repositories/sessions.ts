import type { Queryable } from '../db';

export interface StoredSession {
  data: Record<string, unknown>;
  expiresAt: Date;
}

/** Sessions keyed by a hash of their id; expired rows read as absent and are swept by a job. */
export function sessionsRepository(db: Queryable) {
  return {
    async get(idHash: string): Promise<StoredSession | null> {
      const [row] = await db.query<{ data: Record<string, unknown>; expires_at: Date }>(
        'SELECT data, expires_at FROM sessions WHERE id_hash = $1 AND expires_at > now()',
        [idHash],
      );
      return row ? { data: row.data, expiresAt: new Date(row.expires_at) } : null;
    },

    async set(idHash: string, data: Record<string, unknown>, expiresAt: Date): Promise<void> {
      await db.query(
        `INSERT INTO sessions (id_hash, data, expires_at) VALUES ($1, $2::jsonb, $3)
         ON CONFLICT (id_hash) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at, updated_at = now()`,
        [idHash, JSON.stringify(data), expiresAt],
      );
    },

    async destroy(idHash: string): Promise<void> {
      await db.query('DELETE FROM sessions WHERE id_hash = $1', [idHash]);
    },

    async deleteExpired(): Promise<number> {
      const rows = await db.query('DELETE FROM sessions WHERE expires_at <= now() RETURNING id_hash');
      return rows.length;
    },
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
