import type { Queryable, SqlParam } from '../db';

/** The table of migration 009, which rate-limiter-flexible's PostgreSQL store is told to use. */
export const RATE_LIMITS_TABLE = 'rate_limits';

/** What rate-limiter-flexible's PostgreSQL store asks of a `pg` pool: `query({ text, values })`. */
export interface RateLimitStoreClient {
  query(statement: { text: string; values?: unknown[] }): Promise<{ rows: unknown[]; rowCount: number }>;
}

/**
 * The rate limits' counters (ADR 15). The library's store runs its own SQL (an atomic upsert per
 * count) through `storeClient`, which puts it on our `Queryable`: the same statements on PGlite
 * and on a PostgreSQL server. Its values are strings, numbers and null.
 */
export function rateLimitsRepository(db: Queryable) {
  return {
    storeClient: {
      async query({ text, values = [] }) {
        const rows = await db.query(text, values as SqlParam[]);
        return { rows, rowCount: rows.length };
      },
    } satisfies RateLimitStoreClient,

    /** Deletes the counters whose window has ended (housekeeping). */
    async deleteExpired(now = Date.now()): Promise<number> {
      const rows = await db.query(`DELETE FROM ${RATE_LIMITS_TABLE} WHERE expire <= $1 RETURNING key`, [now]);
      return rows.length;
    },
  };
}
export type RateLimitsRepository = ReturnType<typeof rateLimitsRepository>;
