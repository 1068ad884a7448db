/** The background poller: asks lenders for decisions (GRENKE has no webhooks; Resurs callbacks are only hints). */
import type { FastifyInstance } from 'fastify';
import { MAX_POLL_ATTEMPTS, refreshFromLender, schedulePoll } from '../services/refresh-status';
import { RESURS_V2_CALLBACK_QUEUE, STATUS_POLL_QUEUE } from '../services/queues';

export function registerStatusPolling(app: FastifyInstance): void {
  app.jobs.register<{ applicationId: string; attempt: number }>({
    name: STATUS_POLL_QUEUE,
    pollingIntervalSeconds: 1,
    batchSize: 5,
    async handler({ applicationId, attempt }) {
      const again = await refreshFromLender(app, applicationId);
      if (again && attempt + 1 < MAX_POLL_ATTEMPTS) await schedulePoll(app, applicationId, attempt + 1);
    },
  });
  app.jobs.register<{ applicationId: string }>({
    name: RESURS_V2_CALLBACK_QUEUE,
    pollingIntervalSeconds: 1,
    batchSize: 5,
    async handler({ applicationId }) {
      // A callback is a hint: the payment is read again from Resurs before anything changes.
      await refreshFromLender(app, applicationId);
    },
  });
}
