/**
 * Background jobs with pg-boss, on the portal's own database (embedded or server): jobs are rows,
 * so they survive restarts, and several instances share them without running one twice
 * (SKIP LOCKED). Features register their queues with `app.jobs.register`; workers start once
 * the app is ready and stop, finishing what they hold, when it closes.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import { completeJobs, failJobsById } from 'pg-boss/src/plans.js';
import type { Db, Queryable, SqlParam } from '../db/db';
import { withSchemaLock } from '../db/migrate';

/**
 * pg-boss's tables live in a schema beside the portal's own (jobs/queue-stats.ts reads them for
 * the metrics): `pgboss` for a portal in `public`, else `<schema>_pgboss`. Two portals that share
 * one PostgreSQL database in different schemas (two deployments; every integration test) then
 * never run each other's jobs.
 */
export async function jobSchemaFor(db: Queryable): Promise<string> {
  const [row] = await db.query<{ schema: string | null }>('SELECT current_schema() AS schema');
  const own = row?.schema ?? 'public';
  if (!/^[a-z_][a-z0-9_]{0,54}$/.test(own)) throw new Error(`the database schema ${JSON.stringify(own)} is not a plain lower-case name`);
  return own === 'public' ? 'pgboss' : `${own}_pgboss`;
}

export type JobHandler<T> = (data: T) => Promise<void>;

export interface QueueDefinition<T> {
  name: string;
  handler: JobHandler<T>;
  /** Failed runs are retried with exponential backoff, up to this many times. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /**
   * A run still active after this long counts as failed and is retried: the instance running it
   * died (pg-boss's default is 15 minutes). Longer than a run can take.
   */
  expireInSeconds?: number;
  /**
   * How often a worker looks for work. pg-boss 10's worker waits this long between fetches
   * whether or not it found jobs, so a worker runs at most `batchSize` jobs per interval.
   */
  pollingIntervalSeconds?: number;
  /**
   * Jobs a worker takes at once. They run side by side and each is settled on its own: one that
   * fails is retried, the others are done.
   */
  batchSize?: number;
  /**
   * Jobs of one group in a batch run one after another, in this order (e.g. one application's
   * webhooks); once one fails, the rest of its group is failed unrun, to be retried. Groups, and
   * jobs without one, run side by side.
   */
  inOrder?: (data: T) => { group: string; order: number } | null;
  /**
   * Workers on each instance (default 1). A job that takes long (a merchant's endpoint that does
   * not answer) holds its worker's next fetch, not the other workers'.
   */
  workers?: number;
  /** Run on this schedule (cron, UTC) as well; one instance runs each occurrence. */
  cron?: string;
}

export interface SendOptions {
  /** Seconds from now, or a date. */
  startAfter?: number | Date;
  /** At most one queued job with this key at a time (e.g. one status poll per application). */
  singletonKey?: string;
  /** Queue the job inside this transaction: it exists exactly when the transaction commits. */
  transaction?: Queryable;
}

export interface Jobs {
  register<T extends object>(queue: QueueDefinition<T>): void;
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  schedule(name: string, cron: string): Promise<void>;
  /** Whether the workers have started and not stopped (readiness). */
  running(): boolean;
  /** The schema of pg-boss's tables (jobSchemaFor). */
  readonly schema: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/**
 * pg-boss speaks to the database through our Db, so it works on PGlite as on PostgreSQL. Once the
 * queue has stopped, a handler that outlived the stop timeout may still try to record its result:
 * that write is dropped (the database may already be closed), and the job, still marked active,
 * expires and runs again on this or another instance. Nothing is lost.
 *
 * pg-boss 10 does not await the write that completes or fails a job after its handler
 * (timgit/pg-boss#577): when the database drops at that moment, its rejection would be unhandled,
 * which stops the process. That write is dropped the same way, and the job runs again.
 */
function bossDb(db: Db, schema: string, isStopped: () => boolean, onDropped: (error: unknown) => void): PgBoss.Db {
  const unawaited = new Set([completeJobs(schema), failJobsById(schema)]);
  return {
    async executeSql(text: string, values: unknown[]) {
      // No answer at all: pg-boss reads it as "nothing fetched" or "no job affected" (an empty
      // row list would make it read a count that is not there, and throw where nobody catches).
      if (isStopped()) return null as unknown as { rows: unknown[] };
      try {
        const rows = values && values.length > 0 ? await db.query(text, values as SqlParam[]) : await db.execRows(text);
        return { rows };
      } catch (error) {
        if (!unawaited.has(text)) throw error;
        onDropped(error);
        return null as unknown as { rows: unknown[] };
      }
    },
  };
}

/** A batch as groups that run side by side: a job alone, or the jobs of one `inOrder` group in order. */
export function inGroups<J extends { data: object }>(batch: J[], inOrder: QueueDefinition<object>['inOrder']): J[][] {
  if (!inOrder) return batch.map((job) => [job]);
  const groups = new Map<string, { job: J; order: number }[]>();
  const alone: J[][] = [];
  for (const job of batch) {
    const key = inOrder(job.data);
    if (!key) alone.push([job]);
    else groups.set(key.group, [...(groups.get(key.group) ?? []), { job, order: key.order }]);
  }
  return [...alone, ...[...groups.values()].map((group) => group.sort((a, b) => a.order - b.order).map(({ job }) => job))];
}

export default fp(async function jobs(app: FastifyInstance) {
  let stopped = false;
  /** A run, timed and counted by queue and outcome (plugins/metrics.ts). */
  const measured = async (queue: string, run: () => Promise<void>) => {
    const begun = performance.now();
    try {
      await run();
      app.metrics.jobRun(queue, 'completed', (performance.now() - begun) / 1000);
    } catch (error) {
      app.metrics.jobRun(queue, 'failed', (performance.now() - begun) / 1000);
      throw error;
    }
  };
  const schema = await jobSchemaFor(app.db);
  const boss = new PgBoss({
    db: bossDb(app.db, schema, () => stopped, (error) => app.log.warn({ err: error }, 'job result not recorded: the job runs again once it expires')),
    schema,
    migrate: true,
    supervise: true,
    schedule: true,
    // Expired runs are found by this maintenance: often enough that an expiry of tens of seconds
    // is honoured within seconds (one instance does it per interval).
    maintenanceIntervalSeconds: 10,
    retentionDays: 14,
    // Finished jobs move to the archive after 12 hours and leave it after JOB_HISTORY_DAYS
    // (their payloads are ids, but a failed job's error text is kept with it).
    deleteAfterDays: app.config.retention.jobHistoryDays,
  });
  boss.on('error', (error: Error) => app.log.error({ err: error }, 'job queue error'));

  /**
   * A fetched batch, its groups side by side. pg-boss 10 settles a batch all or nothing (a throw
   * fails every job of it, and the ones that had succeeded would run again): each job that failed
   * is failed here on its own, and pg-boss then completes only the jobs still active.
   */
  const runBatch = async (queue: QueueDefinition<object>, batch: PgBoss.Job<object>[]) => {
    const failed: { id: string; reason: unknown }[] = [];
    const runGroup = async (group: PgBoss.Job<object>[]) => {
      for (const [i, job] of group.entries()) {
        try {
          await measured(queue.name, () => queue.handler(job.data));
        } catch (reason) {
          failed.push({ id: job.id, reason });
          // The rest of its group is not tried in this batch: sent now, they would overtake it,
          // and behind a timeout they would hold the batch past its expiry. They are failed
          // unrun and retried (each at its own backoff).
          for (const later of group.slice(i + 1)) failed.push({ id: later.id, reason: new Error('an earlier job of its group failed') });
          return;
        }
      }
    };
    await Promise.all(inGroups(batch, queue.inOrder).map(runGroup));
    await Promise.all(failed.map(({ id, reason }) => boss.fail(queue.name, id, reason instanceof Error ? reason : { value: String(reason) })));
  };

  const queues: QueueDefinition<object>[] = [];
  let started = false;

  app.decorate('jobs', {
    register(queue) {
      if (started) throw new Error(`queue ${queue.name} registered after start`);
      queues.push(queue as QueueDefinition<object>);
    },
    async send(name, data, options = {}) {
      const tx = options.transaction;
      return boss.send(name, data, {
        ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(tx ? { db: { executeSql: async (text: string, values: unknown[]) => ({ rows: await tx.query(text, values as SqlParam[]) }) } } : {}),
      });
    },
    async schedule(name, cron) {
      await boss.schedule(name, cron, {});
    },
    running: () => started && !stopped,
    schema,
  } satisfies Jobs);

  // pg-boss makes its schema at start, and a table per queue below: schema changes, which
  // deadlock when two instances make them at once. One instance at a time (ADR 18).
  await withSchemaLock(app.db, () => boss.start());

  app.addHook('onReady', async () => {
    started = true;
    for (const queue of queues) {
      const options = {
        name: queue.name,
        retryLimit: queue.retryLimit ?? 5,
        retryDelay: queue.retryDelaySeconds ?? 5,
        retryBackoff: true,
        ...(queue.expireInSeconds ? { expireInSeconds: queue.expireInSeconds } : {}),
      };
      await withSchemaLock(app.db, async () => {
        await boss.createQueue(queue.name, options);
        // createQueue leaves a queue made by an earlier version as it was: its options follow the code.
        await boss.updateQueue(queue.name, options);
      });
      for (let worker = 0; worker < (queue.workers ?? 1); worker += 1) {
        await boss.work<object>(
          queue.name,
          { pollingIntervalSeconds: queue.pollingIntervalSeconds ?? 1, batchSize: queue.batchSize ?? 1 },
          (batch) => runBatch(queue, batch),
        );
      }
      if (queue.cron) await boss.schedule(queue.name, queue.cron, {});
    }
  });

  app.addHook('onClose', async () => {
    try {
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    } catch (error) {
      // The database is out of reach (the jobs held stay active and expire): stop all the same.
      app.log.error({ err: error }, 'job queue stopped without reaching the database');
    } finally {
      stopped = true;
    }
  });
});
