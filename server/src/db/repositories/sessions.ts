import type { Queryable } from '../db';
import { personalDataOf } from './personal-data';

export interface StoredSession {
  data: Record<string, unknown>;
  expiresAt: Date;
}

const PURPOSE = 'sessions.data';

/**
 * Sessions keyed by a hash of their id; expired rows read as absent and are swept by a job. The
 * data (who identified, their national ID) is sealed whole (ADR 12): the row holds
 * `{ "sealed": "pd1.…" }`. A row that does not open reads as no session.
 */
export function sessionsRepository(db: Queryable) {
  return {
    async get(idHash: string): Promise<StoredSession | null> {
      const [row] = await db.query<{ data: { sealed?: unknown }; expires_at: Date }>(
        'SELECT data, expires_at FROM sessions WHERE id_hash = $1 AND expires_at > now()',
        [idHash],
      );
      if (!row || typeof row.data.sealed !== 'string') return null;
      let data: Record<string, unknown>;
      try {
        data = personalDataOf(db).openJson<Record<string, unknown>>(PURPOSE, row.data.sealed);
      } catch {
        return null;
      }
      return { data, expiresAt: new Date(row.expires_at) };
    },

    async set(idHash: string, data: Record<string, unknown>, expiresAt: Date): Promise<void> {
      const sealed = { sealed: personalDataOf(db).sealJson(PURPOSE, data) };
      await db.query(
        `INSERT INTO sessions (id_hash, data, expires_at) VALUES ($1, $2::jsonb, $3)
         ON CONFLICT (id_hash) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at, updated_at = now()`,
        [idHash, JSON.stringify(sealed), expiresAt],
      );
    },

    async destroy(idHash: string): Promise<void> {
      await db.query('DELETE FROM sessions WHERE id_hash = $1', [idHash]);
    },

    /** Sessions that have not expired: the customers active now (a metric). */
    async countActive(): Promise<number> {
      const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE expires_at > now()');
      return row?.n ?? 0;
    },

    async deleteExpired(): Promise<number> {
      const rows = await db.query('DELETE FROM sessions WHERE expires_at <= now() RETURNING id_hash');
      return rows.length;
    },
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
