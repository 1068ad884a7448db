/**
 * Webhooks to merchants (PRODUCT section 4): each event of the outbox is POSTed to the
 * merchant's webhookUrl with a stable event id, signed with HMAC-SHA256 over timestamp and body,
 * delivered at least once by this durable job, which retries with backoff and survives restarts.
 */
import type { FastifyInstance } from 'fastify';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signWebhook } from '../services/webhooks';
import { WEBHOOK_QUEUE } from '../services/queues';

const DELIVERY_TIMEOUT_MS = 10_000;

/** The outbox payload: `{ type, data }` (rows written before the lifecycle table carry only data). */
function bodyParts(payload: Record<string, unknown>): { type: string; data: unknown } {
  return typeof payload.type === 'string' && 'data' in payload ? { type: payload.type, data: payload.data } : { type: 'application.updated', data: payload };
}

export function registerWebhookDelivery(app: FastifyInstance): void {
  app.jobs.register<{ eventId: string }>({
    name: WEBHOOK_QUEUE,
    retryLimit: 12,
    retryDelaySeconds: 10,
    pollingIntervalSeconds: 1,
    async handler({ eventId }) {
      const event = await app.repos.webhookEvents.find(eventId);
      if (!event || event.deliveredAt) return;
      const merchant = await app.repos.merchants.findById(event.merchantId);
      if (!merchant) return;

      const { type, data } = bodyParts(event.payload);
      const body = JSON.stringify({ id: event.id, type, createdAt: event.createdAt.toISOString(), sequence: event.sequence, data });
      const timestamp = Math.floor(Date.now() / 1000);
      let status = 0;
      try {
        const response = await fetch(event.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [EVENT_ID_HEADER]: event.id,
            [SIGNATURE_HEADER]: signWebhook(merchant.webhookSecret, timestamp, body),
          },
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
        });
        status = response.status;
        await response.body?.cancel();
      } catch {
        status = 0;
      }
      await app.repos.webhookEvents.recordAttempt(event.id, status);
      app.log.info({ eventId: event.id, applicationId: event.applicationId, type, status }, 'webhook delivery');
      // A failure is thrown so the queue retries it later, with backoff.
      if (status < 200 || status > 299) throw new Error(`webhook answered ${status || 'nothing'}`);
    },
  });
}
