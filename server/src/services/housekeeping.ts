/**
 * Housekeeping on a schedule: expired sessions and expired sandbox records are deleted, so the
 * tables stay small and nothing personal outlives its use; unfinished applications expire.
 */
import type { FastifyInstance } from 'fastify';
import { deleteExpiredSandboxRecords } from '../sandbox/records';
import { expireUnfinished } from './expire-applications';

export const HOUSEKEEPING_QUEUE = 'housekeeping';

export function registerHousekeeping(app: FastifyInstance): void {
  app.jobs.register<Record<string, never>>({
    name: HOUSEKEEPING_QUEUE,
    cron: '*/15 * * * *',
    pollingIntervalSeconds: 5,
    async handler() {
      const sessions = await app.repos.sessions.deleteExpired();
      const records = await deleteExpiredSandboxRecords(app.db);
      const expired = await expireUnfinished(app);
      app.log.info({ sessions, sandboxRecords: records, expiredApplications: expired }, 'housekeeping');
    },
  });
}
