/**
 * Housekeeping on a schedule: expired sessions are deleted, so the table stays small and nothing
 * personal outlives its use, rate-limit counters whose window ended too (ADR 15), and unfinished
 * applications expire; data retention runs on its own schedule (retention.ts). (The sandbox
 * cleans its own records, on its own clock: sandbox/src/index.ts.)
 */
import type { FastifyInstance } from 'fastify';
import { expireUnfinished } from './expire-applications';
import { registerRetention } from './retention';

export const HOUSEKEEPING_QUEUE = 'housekeeping';

export function registerHousekeeping(app: FastifyInstance): void {
  app.jobs.register<Record<string, never>>({
    name: HOUSEKEEPING_QUEUE,
    cron: '*/15 * * * *',
    pollingIntervalSeconds: 5,
    async handler() {
      const sessions = await app.repos.sessions.deleteExpired();
      const expired = await expireUnfinished(app);
      const operatorSessions = await app.repos.operatorSessions.deleteEnded();
      const rateLimits = await app.repos.rateLimits.deleteExpired();
      app.log.info({ sessions, operatorSessions, rateLimits, expiredApplications: expired }, 'housekeeping');
    },
  });
  registerRetention(app);
}
