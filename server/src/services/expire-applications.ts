/**
 * Applications nobody finished expire (lifecycle event `expired`): never applied for, or
 * approved and never signed, for UNFINISHED_APPLICATION_EXPIRY_DAYS. The merchant hears it like
 * any other outcome, and an offer waiting at the lender is withdrawn.
 */
import type { FastifyInstance } from 'fastify';
import { EXPIRING_STATUSES, UNFINISHED_APPLICATION_EXPIRY_DAYS } from '@portal/domain';
import { applyEvent, TransitionRefused } from './apply-event';
import { withdrawAtLender } from './cancel-application';

/** One sweep, at most `limit` applications; answers how many expired. */
export async function expireUnfinished(app: FastifyInstance, limit = 200): Promise<number> {
  const stale = await app.repos.applications.listUnchangedSince(EXPIRING_STATUSES, UNFINISHED_APPLICATION_EXPIRY_DAYS, limit);
  let expired = 0;
  for (const application of stale) {
    try {
      const { application: after, changed } = await applyEvent(app, application.id, 'expired');
      if (!changed) continue;
      expired += 1;
      if (application.status !== 'CREATED') await withdrawAtLender(app, after);
    } catch (error) {
      // Moved on meanwhile (another instance, the customer): nothing to expire.
      if (!(error instanceof TransitionRefused)) throw error;
    }
  }
  return expired;
}
