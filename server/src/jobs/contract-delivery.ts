/**
 * A signed business contract reaches GRENKE even when GRENKE was down at the moment of signing
 * and nobody opens the sign page again: a stored job keeps handing it over, with backoff.
 */
import type { FastifyInstance } from 'fastify';
import { isFinalStatus } from '@portal/domain';
import { contractDelivered } from '../lenders/grenke/flow';
import { businessSigning } from '../services/business-signing';
import { CONTRACT_DELIVERY_QUEUE } from '../services/queues';

/** How long GRENKE may stay unreachable for a signed contract before we stop trying. */
const MAX_DELIVERY_ATTEMPTS = 60;

export function registerContractDelivery(app: FastifyInstance): void {
  const signing = businessSigning(app);
  app.jobs.register<{ applicationId: string; attempt: number }>({
    name: CONTRACT_DELIVERY_QUEUE,
    pollingIntervalSeconds: 5,
    batchSize: 5,
    async handler({ applicationId, attempt }) {
      const application = await app.repos.applications.findById(applicationId);
      const order = application && (await signing.storedOrder(applicationId));
      if (!application || !order || isFinalStatus(application.status)) return;
      try {
        await signing.refresh(application, order.orderId);
      } catch {
        // Unreachable now: the next attempt follows (scheduled below).
      }
      const after = await app.repos.applications.findById(applicationId);
      // Once GRENKE has the signed contract, the status poll follows it to Contracted: nothing left to hand over.
      const delivered = contractDelivered((await app.repos.providerApplications.find(applicationId))?.data);
      if (after && !delivered && !isFinalStatus(after.status) && attempt + 1 < MAX_DELIVERY_ATTEMPTS) {
        await app.jobs.send(CONTRACT_DELIVERY_QUEUE, { applicationId, attempt: attempt + 1 }, { startAfter: Math.min(30 * 2 ** attempt, 3600), singletonKey: `${applicationId}:${attempt + 1}` });
      }
    },
  });
}
