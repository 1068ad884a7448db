/**
 * How full each job queue is, read from pg-boss's tables (a metric, plugins/metrics.ts): jobs
 * due and waiting, jobs due later (retries after their backoff, scheduled status polls), jobs
 * running, and how long the oldest due job has waited. Every queue pg-boss knows is listed, also
 * when it is empty.
 */
import type { Queryable } from '../db/db';

export interface JobQueueStats {
  queue: string;
  queued: number;
  deferred: number;
  active: number;
  oldestDueSeconds: number;
}

/** `schema`: where pg-boss's tables are (app.jobs.schema). */
export async function jobQueueStats(db: Queryable, schema: string): Promise<JobQueueStats[]> {
  // Only unfinished jobs (the enum orders created < retry < active < completed …).
  const rows = await db.query<{ queue: string; queued: number; deferred: number; active: number; oldest: number }>(
    `SELECT q.name AS queue,
            count(j.id) FILTER (WHERE j.state < 'active' AND j.start_after <= now())::int AS queued,
            count(j.id) FILTER (WHERE j.state < 'active' AND j.start_after > now())::int AS deferred,
            count(j.id) FILTER (WHERE j.state = 'active')::int AS active,
            COALESCE(EXTRACT(EPOCH FROM now() - min(j.start_after) FILTER (WHERE j.state < 'active' AND j.start_after <= now())), 0)::float8 AS oldest
       FROM ${schema}.queue q
       LEFT JOIN ${schema}.job j ON j.name = q.name AND j.state < 'completed'
      WHERE q.name NOT LIKE '\\_\\_pgboss%'
      GROUP BY q.name
      ORDER BY q.name`,
  );
  return rows.map((r) => ({ queue: r.queue, queued: r.queued, deferred: r.deferred, active: r.active, oldestDueSeconds: Math.max(0, r.oldest) }));
}
