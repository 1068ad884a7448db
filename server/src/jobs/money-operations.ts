/**
 * A merchant's money operation (capture, refund, cancel, delivery confirmation) reaches its
 * lender even when the lender was down when the merchant asked, or the instance that accepted it
 * stopped before sending it: the operation is kept with this job in one transaction, and the job
 * sends it (services/money-operations.ts), retrying with backoff while the lender does not answer.
 * A job that runs while another instance is sending the same operation finds it held and waits for
 * its next try.
 */
import type { FastifyInstance } from 'fastify';
import { MAX_OPERATION_ATTEMPTS, runMoneyOperation } from '../services/money-operations';
import { MONEY_OPERATION_QUEUE } from '../services/queues';

export function registerMoneyOperations(app: FastifyInstance): void {
  app.jobs.register<{ operationId: string }>({
    name: MONEY_OPERATION_QUEUE,
    pollingIntervalSeconds: 2,
    batchSize: 5,
    // The operation counts its own attempts and fails itself after MAX_OPERATION_ATTEMPTS; the
    // queue's retries only have to outlast them.
    retryLimit: MAX_OPERATION_ATTEMPTS + 5,
    retryDelaySeconds: 10,
    async handler({ operationId }) {
      const operation = await runMoneyOperation(app, operationId);
      // Still pending: the lender did not answer, or another instance holds it now. Tried again.
      if (operation.state === 'pending') throw new Error('money operation still pending');
    },
  });
}
