/**
 * Whether this instance can serve traffic (the load balancer's readiness check): the database
 * answers, it has every migration this build carries, and the job worker runs. Each check has a
 * deadline, so a database that hangs fails the check instead of holding it.
 */
import type { FastifyInstance } from 'fastify';
import { appliedMigration, latestMigration } from '../db/migrate';

export interface Readiness {
  ready: boolean;
  checks: {
    database: 'ok' | 'unreachable';
    migrations: 'ok' | 'pending' | 'unknown';
    jobs: 'ok' | 'stopped';
  };
}

const CHECK_DEADLINE_MS = 3000;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

let latest: number | null = null;

export async function checkReadiness(app: FastifyInstance): Promise<Readiness> {
  latest ??= latestMigration();
  const expected = latest;
  let applied: number | null;
  try {
    applied = await within(CHECK_DEADLINE_MS, appliedMigration(app.db));
  } catch {
    applied = null;
  }
  const checks: Readiness['checks'] = {
    database: applied === null ? 'unreachable' : 'ok',
    migrations: applied === null ? 'unknown' : applied >= expected ? 'ok' : 'pending',
    jobs: app.jobs.running() ? 'ok' : 'stopped',
  };
  return { ready: Object.values(checks).every((value) => value === 'ok'), checks };
}
